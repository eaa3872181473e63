/// Text typed onto the image.
public struct MarkupText: Equatable, Sendable {
    public internal(set) var id: Int
    /// The top-left corner of the first line, in image pixels.
    public let origin: Point
    /// Lines broken by "\n" (see `MarkupTextLayout.cleaned`).
    public let text: String
    public let colour: MarkupColour
    /// The font's size in image pixels.
    public let size: Double

    /// The smallest text, in image pixels.
    public static let minimumSize = 1.0

    public init(id: Int, origin: Point, text: String, colour: MarkupColour, size: Double) {
        self.id = id
        self.origin = MarkupNumber.point(origin)
        self.text = MarkupTextLayout.cleaned(text)
        self.colour = colour
        self.size = MarkupNumber.size(size, minimum: Self.minimumSize)
    }

    /// The lines drawn, one for each "\n"-separated part.
    public var lines: [Substring] { MarkupTextLayout.lines(text, size: size) }

    /// About where the text is (`MarkupTextLayout`'s estimate of its width).
    public var bounds: MarkupRect {
        let lines = lines
        let width = lines.map { MarkupTextLayout.width(of: $0, size: size) }.max() ?? 0
        return MarkupRect(x: origin.x, y: origin.y, width: width, height: Double(lines.count) * MarkupTextLayout.lineHeight * size)
    }

    public func isNear(_ point: Point, radius: Double) -> Bool { bounds.contains(point, within: radius) }
}
