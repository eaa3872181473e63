import Glibc

/// A rectangle in image pixels, not rounded (markup is drawn between pixels).
public struct MarkupRect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both points.
    public init(_ a: Point, _ b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The rectangle grown by `amount` on every side.
    public func outset(by amount: Double) -> MarkupRect {
        MarkupRect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    public func union(_ other: MarkupRect) -> MarkupRect {
        let left = min(x, other.x), top = min(y, other.y)
        return MarkupRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Whether `point` is inside, edges included.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// Whether `point` is no further than `radius` from the rectangle (inside counts).
    public func contains(_ point: Point, within radius: Double) -> Bool {
        let dx = max(x - point.x, 0, point.x - maxX), dy = max(y - point.y, 0, point.y - maxY)
        return dx * dx + dy * dy <= radius * radius
    }
}

/// Distances on which the eraser's hit tests rest.
enum MarkupGeometry {
    /// The distance from `p` to the segment from `a` to `b`.
    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 { t = min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1) }
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    /// The distance from `p` to the polyline through `points` (closed back to the first point
    /// when `closed`); infinite for no points.
    static func distance(from p: Point, toPolyline points: [Point], closed: Bool = false) -> Double {
        guard let first = points.first else { return .infinity }
        var best = distance(from: p, toSegment: first, first)
        for (a, b) in zip(points, points.dropFirst()) { best = min(best, distance(from: p, toSegment: a, b)) }
        if closed, let last = points.last { best = min(best, distance(from: p, toSegment: last, first)) }
        return best
    }

    /// The outline of an ellipse inscribed in `rect`, as `count` points around it: the eraser
    /// measures to this polygon (at 64 sides within 0.13 % of the radius of the true curve).
    static func ellipseOutline(in rect: MarkupRect, count: Int = 64) -> [Point] {
        let cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2
        return (0..<count).map { i in
            let angle = Double(i) / Double(count) * 2 * Double.pi
            return Point(x: cx + rect.width / 2 * cos(angle), y: cy + rect.height / 2 * sin(angle))
        }
    }
}
