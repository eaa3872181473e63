/// The text of a document's page (BEHAVIOUR G10): its characters in reading order, each
/// with its box in the page's image pixels at 100 % from its top left, as the page is shown
/// unturned. Line ends and the spaces between words are characters with boxes too. A
/// selection is the run of characters between where a drag starts and where it is now.
public struct PageText: Equatable, Sendable {
    public struct Glyph: Equatable, Sendable {
        public var character: Unicode.Scalar
        public var box: TextMatches.Area

        public init(_ character: Unicode.Scalar, _ box: TextMatches.Area) {
            (self.character, self.box) = (character, box)
        }
    }

    public var glyphs: [Glyph]

    public init(glyphs: [Glyph]) { self.glyphs = glyphs }

    /// The most characters read of one page (a dense page of two columns has about 8 000),
    /// and the most one answer of the decoder helper carries: a page with more comes in
    /// several.
    public static let maxGlyphs = 200_000
    public static let glyphsPerReply = 6_000

    /// The character whose box holds `point`: a drag that starts there selects text, one
    /// that starts elsewhere pans.
    public func glyph(at point: Point) -> Int? {
        glyphs.firstIndex { glyph in
            let box = glyph.box
            return box.width > 0 && box.height > 0 && point.x >= box.x && point.x < box.x + box.width && point.y >= box.y
                && point.y < box.y + box.height
        }
    }

    /// The character a selection reaching `point` ends at: the one under it, else the
    /// nearest one on the line beside it, else the nearest one at all.
    public func nearestGlyph(to point: Point) -> Int? {
        if let under = glyph(at: point) { return under }
        var best: (index: Int, distance: Double)?
        var bestOnLine: (index: Int, distance: Double)?
        for (index, glyph) in glyphs.enumerated() {
            let box = glyph.box
            let dx = max(box.x - point.x, 0, point.x - (box.x + box.width))
            let dy = max(box.y - point.y, 0, point.y - (box.y + box.height))
            if dy == 0, dx < bestOnLine?.distance ?? .infinity { bestOnLine = (index, dx) }
            let distance = dx * dx + dy * dy
            if distance < best?.distance ?? .infinity { best = (index, distance) }
        }
        return bestOnLine?.index ?? best?.index
    }

    /// The characters from one end of a selection to the other (either order), as text.
    public func text(from start: Int, to end: Int) -> String {
        guard let range = clamped(start, end) else { return "" }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: glyphs[range].map(\.character))
        return String(scalars)
    }

    /// What a selection covers on the page: its characters' boxes, joined into one area for
    /// each run of them on a line.
    public func areas(from start: Int, to end: Int) -> [TextMatches.Area] {
        guard let range = clamped(start, end) else { return [] }
        var areas: [TextMatches.Area] = []
        for glyph in glyphs[range] where glyph.box.width > 0 && glyph.box.height > 0 {
            let box = glyph.box
            if let last = areas.last, Self.sameLine(last, box), box.x >= last.x - 1 {
                let left = min(last.x, box.x), top = min(last.y, box.y)
                let right = max(last.x + last.width, box.x + box.width), bottom = max(last.y + last.height, box.y + box.height)
                areas[areas.count - 1] = TextMatches.Area(x: left, y: top, width: right - left, height: bottom - top)
            } else {
                areas.append(box)
            }
        }
        return areas
    }

    /// Whether two boxes sit on one line: they overlap by half the smaller one's height.
    private static func sameLine(_ a: TextMatches.Area, _ b: TextMatches.Area) -> Bool {
        let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return overlap >= min(a.height, b.height) / 2
    }

    private func clamped(_ start: Int, _ end: Int) -> ClosedRange<Int>? {
        guard !glyphs.isEmpty else { return nil }
        let low = max(0, min(start, end)), high = min(glyphs.count - 1, max(start, end))
        return low <= high ? low...high : nil
    }
}
