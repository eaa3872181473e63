/// A point of a stroke, in image pixels, with the stylus's pressure there (0…1) when the
/// stroke was drawn with one.
public struct MarkupPoint: Equatable, Sendable {
    public let x: Double
    public let y: Double
    public let pressure: Double?

    public init(x: Double, y: Double, pressure: Double? = nil) {
        self.x = MarkupNumber.coordinate(x)
        self.y = MarkupNumber.coordinate(y)
        self.pressure = MarkupNumber.pressure(pressure)
    }

    public init(_ point: Point, pressure: Double? = nil) { self.init(x: point.x, y: point.y, pressure: pressure) }

    public var point: Point { Point(x: x, y: y) }
}

/// What drew a stroke.
public enum MarkupStrokeTool: String, Equatable, Sendable, CaseIterable {
    /// Opaque ink.
    case pen
    /// Translucent ink, drawn under the pen's so that it never dulls it.
    case highlighter
}

/// A freehand line: a pen's or a highlighter's.
public struct MarkupStroke: Equatable, Sendable {
    public internal(set) var id: Int
    public let tool: MarkupStrokeTool
    public let colour: MarkupColour
    /// The line's width in image pixels (at full pressure when the stroke has pressure).
    public let width: Double
    /// At least one point (one point is a dot); a point repeating the one before is dropped.
    public let points: [MarkupPoint]

    /// How opaque the highlighter's ink is (times the colour's own alpha).
    public static let highlighterOpacity = 0.35
    /// The thinnest a line may be, in image pixels.
    public static let minimumWidth = 0.1

    /// nil for no points.
    public init?(id: Int, tool: MarkupStrokeTool, colour: MarkupColour, width: Double, points: [MarkupPoint]) {
        var kept: [MarkupPoint] = []
        kept.reserveCapacity(points.count)
        for point in points where kept.last.map({ $0.x != point.x || $0.y != point.y }) ?? true { kept.append(point) }
        guard !kept.isEmpty else { return nil }
        self.id = id
        self.tool = tool
        self.colour = colour
        self.width = MarkupNumber.size(width, minimum: Self.minimumWidth)
        self.points = kept
    }

    /// How opaque the stroke is drawn: its colour's alpha, and the highlighter's on top.
    public var opacity: Double { colour.alpha * (tool == .highlighter ? Self.highlighterOpacity : 1) }

    /// Whether any point has a pressure: the width then varies along the line.
    public var hasPressure: Bool { points.contains { $0.pressure != nil } }

    /// The width at a point of `pressure`: a light touch still leaves a fifth of the width,
    /// so a stroke never vanishes in the middle; no pressure is the full width.
    public static func width(_ width: Double, pressure: Double?) -> Double {
        guard let pressure else { return width }
        return max(minimumWidth, width * (0.2 + 0.8 * pressure))
    }

    /// The width at `points[index]`.
    public func width(at index: Int) -> Double { Self.width(width, pressure: points[index].pressure) }

    /// The widest the line gets.
    var widest: Double { hasPressure ? points.indices.map(width(at:)).max() ?? width : width }

    public var bounds: MarkupRect {
        var box = MarkupRect(points[0].point, points[0].point)
        for point in points.dropFirst() { box = box.union(MarkupRect(point.point, point.point)) }
        return box.outset(by: widest / 2)
    }

    /// Whether `point` is within `radius` of the ink: of a segment, by the wider of its ends.
    public func isNear(_ point: Point, radius: Double) -> Bool {
        guard bounds.contains(point, within: radius) else { return false }
        guard points.count > 1 else {
            return MarkupGeometry.distance(from: point, toSegment: points[0].point, points[0].point) <= width(at: 0) / 2 + radius
        }
        for i in 1..<points.count {
            let reach = max(width(at: i - 1), width(at: i)) / 2 + radius
            if MarkupGeometry.distance(from: point, toSegment: points[i - 1].point, points[i].point) <= reach { return true }
        }
        return false
    }
}
