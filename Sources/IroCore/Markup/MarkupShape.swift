import Glibc

/// What a shape is.
public enum MarkupShapeKind: String, Equatable, Sendable, CaseIterable {
    /// A line from `from` with a head at `to`.
    case arrow
    /// Outlined, between the two corners.
    case rectangle
    /// Outlined, inside the rectangle between the two corners.
    case ellipse
}

/// A shape dragged out from one point to another.
public struct MarkupShape: Equatable, Sendable {
    public internal(set) var id: Int
    public let kind: MarkupShapeKind
    /// Where the drag began and ended; a rectangle or ellipse keeps its top-left corner in
    /// `from` and its bottom-right in `to`, whichever way it was dragged.
    public let from: Point
    public let to: Point
    public let colour: MarkupColour
    /// The outline's width in image pixels.
    public let width: Double

    public init(id: Int, kind: MarkupShapeKind, from: Point, to: Point, colour: MarkupColour, width: Double) {
        let a = MarkupNumber.point(from), b = MarkupNumber.point(to)
        self.id = id
        self.kind = kind
        if kind == .arrow {
            self.from = a
            self.to = b
        } else {
            self.from = Point(x: min(a.x, b.x), y: min(a.y, b.y))
            self.to = Point(x: max(a.x, b.x), y: max(a.y, b.y))
        }
        self.colour = colour
        self.width = MarkupNumber.size(width, minimum: MarkupStroke.minimumWidth)
    }

    /// The rectangle between the corners.
    public var rect: MarkupRect { MarkupRect(from, to) }

    /// An arrow's head, a triangle filled and outlined at the line's width: its tip (`to`),
    /// then its two back corners. Four widths long (at least 12 px, so a hairline's head is
    /// still seen), but no more than half the arrow; 50° across. Empty for other shapes and
    /// for an arrow of no length.
    public var arrowHead: [Point] {
        let dx = to.x - from.x, dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard kind == .arrow, length > 0 else { return [] }
        let head = min(max(4 * width, 12), length / 2)
        let back = (x: to.x - dx / length * head, y: to.y - dy / length * head)
        let half = head * tan(25 * Double.pi / 180)
        let across = (x: -dy / length * half, y: dx / length * half)
        return [to, Point(x: back.x + across.x, y: back.y + across.y), Point(x: back.x - across.x, y: back.y - across.y)]
    }

    public var bounds: MarkupRect {
        var box = rect
        for corner in arrowHead { box = box.union(MarkupRect(corner, corner)) }
        return box.outset(by: width / 2)
    }

    /// Whether `point` is within `radius` of the outline (the inside of a rectangle or ellipse
    /// is not the shape; the inside of an arrow's head is).
    public func isNear(_ point: Point, radius: Double) -> Bool {
        guard bounds.contains(point, within: radius) else { return false }
        let reach = width / 2 + radius
        switch kind {
        case .arrow:
            let head = arrowHead
            if head.count == 3, Self.triangle(head, contains: point) { return true }
            return MarkupGeometry.distance(from: point, toSegment: from, to) <= reach
                || MarkupGeometry.distance(from: point, toPolyline: head, closed: true) <= reach
        case .rectangle:
            let corners = [from, Point(x: to.x, y: from.y), to, Point(x: from.x, y: to.y)]
            return MarkupGeometry.distance(from: point, toPolyline: corners, closed: true) <= reach
        case .ellipse:
            return MarkupGeometry.distance(from: point, toPolyline: MarkupGeometry.ellipseOutline(in: rect), closed: true) <= reach
        }
    }

    private static func triangle(_ t: [Point], contains p: Point) -> Bool {
        func side(_ a: Point, _ b: Point) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let s = [side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])]
        return s.allSatisfy { $0 >= 0 } || s.allSatisfy { $0 <= 0 }
    }
}
