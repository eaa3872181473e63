/// A sticky note: a small square of colour holding text, dragged about by the user, and
/// collapsed to a small square when it would hide too much of the image.
public struct MarkupNote: Equatable, Sendable {
    public internal(set) var id: Int
    /// The note's top-left corner, in image pixels.
    public private(set) var origin: Point
    public private(set) var text: String
    public let colour: MarkupColour
    /// The size of its text, in image pixels: the note's own size follows it.
    public let size: Double
    public private(set) var collapsed: Bool

    /// A note's text size unless the caller picks one (`size`).
    public static let defaultSize = 16.0
    /// A note is this many text sizes wide.
    public static let widthInSizes = 12.0
    /// Room between the note's edge and its text, in text sizes.
    public static let paddingInSizes = 0.5
    /// A note holds at least this many lines' height.
    public static let minimumLines = 3
    /// A collapsed note is a square this many text sizes a side.
    public static let collapsedInSizes = 2.0

    public init(id: Int, origin: Point, text: String, colour: MarkupColour = .yellow, size: Double = defaultSize, collapsed: Bool = false) {
        self.id = id
        self.origin = MarkupNumber.point(origin)
        self.text = MarkupTextLayout.cleaned(text)
        self.colour = colour
        self.size = MarkupNumber.size(size, minimum: MarkupText.minimumSize)
        self.collapsed = collapsed
    }

    mutating func setText(_ text: String) { self.text = MarkupTextLayout.cleaned(text) }
    mutating func move(to origin: Point) { self.origin = MarkupNumber.point(origin) }
    mutating func setCollapsed(_ collapsed: Bool) { self.collapsed = collapsed }

    public var padding: Double { size * Self.paddingInSizes }

    /// Where the text goes in an open note: the note less its padding (as wide as the text
    /// wraps to; the height grows with the text).
    public var textBox: MarkupRect { box.outset(by: -padding) }

    /// The lines of an open note, wrapped to its width by `MarkupTextLayout`'s estimate.
    public var lines: [Substring] {
        MarkupTextLayout.lines(text, size: size, width: size * (Self.widthInSizes - 2 * Self.paddingInSizes))
    }

    /// The note as drawn: a small square when collapsed; else 12 sizes wide, tall enough for
    /// its wrapped lines (at least three).
    public var box: MarkupRect {
        if collapsed {
            return MarkupRect(x: origin.x, y: origin.y, width: size * Self.collapsedInSizes, height: size * Self.collapsedInSizes)
        }
        let lineCount = max(Self.minimumLines, lines.count)
        let height = Double(lineCount) * MarkupTextLayout.lineHeight * size + 2 * padding
        return MarkupRect(x: origin.x, y: origin.y, width: size * Self.widthInSizes, height: height)
    }

    public var bounds: MarkupRect { box }

    public func isNear(_ point: Point, radius: Double) -> Bool { box.contains(point, within: radius) }
}
