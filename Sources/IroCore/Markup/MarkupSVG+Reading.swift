/// Why a markup file was not read.
public enum MarkupSVGError: Error, Equatable, Sendable {
    /// Larger than `MarkupSVG.maximumBytes`.
    case tooLarge
    /// No `<svg>` element: not a markup file at all.
    case notSVG
}

/// Reading the markup file back (the subset `MarkupSVG.write` writes, see MarkupSVG.swift).
///
/// Tolerant: an element it does not know is skipped with what it holds (a `<g>` or `<svg>`
/// without `data-iro` is looked into); one of ours with a number that does not read, is not
/// finite, or lies beyond what the model allows (coordinates past ±100 000 px, widths and
/// sizes past 5 000 px or not positive) is skipped, and counted in `skipped`. Bounded: the
/// file at most `maximumBytes`, at most `maximumItems` items, a stroke at most
/// `maximumStrokePoints` points (a longer one is skipped) and all strokes together at most
/// `maximumPoints` (later ones are skipped); see `MarkupXML` for the XML's own bounds.
extension MarkupSVG {
    public static let maximumBytes = 64 << 20
    public static let maximumItems = 10_000
    public static let maximumStrokePoints = 100_000
    public static let maximumPoints = 1_000_000

    /// What a markup file holds.
    public struct Contents: Equatable, Sendable {
        public var layer: MarkupLayer
        /// The image size the file declares (`width`, `height` of `<svg>`); nil when it has
        /// none that reads.
        public var width: Int?
        public var height: Int?
        /// Elements marked as markup that could not be read, or were over the bounds.
        public var skipped: Int
    }

    /// The markup in `text`; none when it is not a markup file (`contents(of:)` tells why),
    /// what could be read of it when it is a damaged one.
    public static func read(_ text: String) -> MarkupLayer {
        do {
            return try contents(of: text).layer
        } catch {
            return MarkupLayer()
        }
    }

    /// The markup in `text`, with what the file says of itself.
    public static func contents(of text: String) throws(MarkupSVGError) -> Contents {
        guard text.utf8.count <= maximumBytes else { throw .tooLarge }
        return try contents(ofBytes: Array(text.utf8))
    }

    /// The markup in a file's bytes (UTF-8; a byte sequence that is not becomes U+FFFD).
    public static func contents(ofBytes bytes: [UInt8]) throws(MarkupSVGError) -> Contents {
        guard bytes.count <= maximumBytes else { throw .tooLarge }
        guard let root = MarkupXML.parse(bytes), root.name == "svg" else { throw .notSVG }
        var reader = Reader()
        reader.visit(root, depth: 0)
        return Contents(
            layer: MarkupLayer(items: reader.items), width: Reader.dimension(root["width"]), height: Reader.dimension(root["height"]),
            skipped: reader.skipped)
    }
}

/// Walks the element tree, turning each element marked as markup into an item.
private struct Reader {
    var items: [MarkupItem] = []
    var skipped = 0
    var points = 0

    mutating func visit(_ element: MarkupXML.Element, depth: Int) {
        guard let kind = element["data-iro"] else {
            // Groups are looked into (another editor may have wrapped ours); anything else is
            // not markup.
            guard element.name == "svg" || element.name == "g", depth < MarkupXML.maximumDepth else { return }
            for child in element.elements { visit(child, depth: depth + 1) }
            return
        }
        guard items.count < MarkupSVG.maximumItems, let item = item(kind, element) else {
            skipped += 1
            return
        }
        items.append(item)
    }

    private mutating func item(_ kind: String, _ element: MarkupXML.Element) -> MarkupItem? {
        let id = element["data-iro-id"].flatMap { Int($0) } ?? 0
        switch (kind, element.name) {
        case ("pen", "path"): return stroke(.pen, element, id: id)
        case ("highlighter", "path"): return stroke(.highlighter, element, id: id)
        case ("arrow", "g"): return arrow(element, id: id)
        case ("rectangle", "rect"): return rectangle(element, id: id)
        case ("ellipse", "ellipse"): return ellipse(element, id: id)
        case ("text", "text"): return text(element, id: id)
        case ("note", "g"): return note(element, id: id)
        default: return nil
        }
    }

    // MARK: Items

    private mutating func stroke(_ tool: MarkupStrokeTool, _ element: MarkupXML.Element, id: Int) -> MarkupItem? {
        guard let d = element["d"], let coordinates = Self.pathPoints(d), !coordinates.isEmpty,
            let width = Self.size(element["stroke-width"]), var colour = Self.colour(element["stroke"]),
            let opacity = Self.opacity(element["stroke-opacity"])
        else { return nil }
        guard points + coordinates.count <= MarkupSVG.maximumPoints else { return nil }
        // The file has the opacity drawn; the highlighter's own part of it is not the colour's.
        colour = colour.withAlpha(tool == .highlighter ? opacity / MarkupStroke.highlighterOpacity : opacity)
        var pressures = [Double?](repeating: nil, count: coordinates.count)
        if let list = element["data-iro-pressure"] {
            let values = list.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
            guard values.count == coordinates.count else { return nil }
            for (i, value) in values.enumerated() where value != "-" {
                guard let pressure = Self.number(value), pressure >= 0, pressure <= 1 else { return nil }
                pressures[i] = pressure
            }
        }
        let strokePoints = zip(coordinates, pressures).map { MarkupPoint($0.0, pressure: $0.1) }
        guard let stroke = MarkupStroke(id: id, tool: tool, colour: colour, width: width, points: strokePoints) else { return nil }
        points += stroke.points.count
        return .stroke(stroke)
    }

    private func arrow(_ element: MarkupXML.Element, id: Int) -> MarkupItem? {
        guard let line = element.first("line"), let x1 = Self.coordinate(line["x1"]), let y1 = Self.coordinate(line["y1"]),
            let x2 = Self.coordinate(line["x2"]), let y2 = Self.coordinate(line["y2"]),
            let width = Self.size(element["stroke-width"]), let colour = Self.colour(element["stroke"]),
            let opacity = Self.opacity(element["opacity"])
        else { return nil }
        return .shape(
            MarkupShape(
                id: id, kind: .arrow, from: Point(x: x1, y: y1), to: Point(x: x2, y: y2), colour: colour.withAlpha(opacity), width: width))
    }

    private func rectangle(_ element: MarkupXML.Element, id: Int) -> MarkupItem? {
        guard let x = Self.coordinate(element["x"]), let y = Self.coordinate(element["y"]),
            let w = Self.coordinate(element["width"]), let h = Self.coordinate(element["height"]), w >= 0, h >= 0
        else { return nil }
        return outline(.rectangle, element, id: id, from: Point(x: x, y: y), to: Point(x: x + w, y: y + h))
    }

    private func ellipse(_ element: MarkupXML.Element, id: Int) -> MarkupItem? {
        guard let cx = Self.coordinate(element["cx"]), let cy = Self.coordinate(element["cy"]),
            let rx = Self.coordinate(element["rx"]), let ry = Self.coordinate(element["ry"]), rx >= 0, ry >= 0
        else { return nil }
        return outline(.ellipse, element, id: id, from: Point(x: cx - rx, y: cy - ry), to: Point(x: cx + rx, y: cy + ry))
    }

    private func outline(_ kind: MarkupShapeKind, _ element: MarkupXML.Element, id: Int, from: Point, to: Point) -> MarkupItem? {
        guard let width = Self.size(element["stroke-width"]), let colour = Self.colour(element["stroke"]),
            let opacity = Self.opacity(element["stroke-opacity"])
        else { return nil }
        return .shape(MarkupShape(id: id, kind: kind, from: from, to: to, colour: colour.withAlpha(opacity), width: width))
    }

    private func text(_ element: MarkupXML.Element, id: Int) -> MarkupItem? {
        guard let x = Self.coordinate(element["x"]), let baseline = Self.coordinate(element["y"]),
            let size = Self.size(element["font-size"]), let colour = Self.colour(element["fill"]),
            let opacity = Self.opacity(element["fill-opacity"])
        else { return nil }
        let origin = Point(x: x, y: baseline - MarkupTextLayout.ascent * size)
        return .text(MarkupText(id: id, origin: origin, text: Self.content(element), colour: colour.withAlpha(opacity), size: size))
    }

    private func note(_ element: MarkupXML.Element, id: Int) -> MarkupItem? {
        guard let rect = element.first("rect"), let text = element.first("text"), let x = Self.coordinate(rect["x"]),
            let y = Self.coordinate(rect["y"]), let colour = Self.colour(rect["fill"]), let opacity = Self.opacity(rect["fill-opacity"]),
            let size = Self.size(text["font-size"])
        else { return nil }
        let collapsed = element["data-iro-collapsed"] == "true"
        return .note(
            MarkupNote(
                id: id, origin: Point(x: x, y: y), text: Self.content(text), colour: colour.withAlpha(opacity), size: size,
                collapsed: collapsed))
    }

    /// A `<text>`'s text: its `<tspan>`s, a line each (joined to the line before when marked
    /// `data-iro-wrap`), or its own text when it has none.
    private static func content(_ element: MarkupXML.Element) -> String {
        let spans = element.elements.filter { $0.name == "tspan" }
        guard !spans.isEmpty else { return plain(element) }
        var text = ""
        for (i, span) in spans.enumerated() {
            if i > 0, span["data-iro-wrap"] == nil { text += "\n" }
            text += plain(span)
            // A hostile file's thousands of spans stop adding once the note is full.
            if text.unicodeScalars.count > MarkupTextLayout.maximumLength { break }
        }
        return text
    }

    /// The text directly inside `element`.
    private static func plain(_ element: MarkupXML.Element) -> String {
        var text = ""
        for case .text(let part) in element.children { text += part }
        return text
    }

    // MARK: Values

    /// A number as SVG writes it (`-12.5`, `3e2`; spaces around allowed), finite; nil for
    /// anything else (`nan`, `inf`, `0x10`, `12px`).
    static func number(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        guard let (value, end) = number(in: bytes, at: i) else { return nil }
        var j = end
        while j < bytes.count, bytes[j] == 0x20 { j += 1 }
        return j == bytes.count ? value : nil
    }

    /// The number starting at `bytes[start]`, and where it ends.
    static func number(in bytes: [UInt8], at start: Int) -> (Double, Int)? {
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        var i = start
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var digits = 0
        while isDigit(i) {
            i += 1
            digits += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while isDigit(i) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                i = j
            }
        }
        // Checked above to be plain decimal, which is all this conversion is then given.
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else { return nil }
        return (value, i)
    }

    /// A coordinate within the model's bounds.
    static func coordinate(_ text: String?) -> Double? {
        guard let text, let value = number(text), abs(value) <= MarkupNumber.coordinateLimit else { return nil }
        return value
    }

    /// A width or text size: positive, within the model's bounds.
    static func size(_ text: String?) -> Double? {
        guard let text, let value = number(text), value > 0, value <= MarkupNumber.sizeLimit else { return nil }
        return value
    }

    /// An opacity within 0…1; none written is 1.
    static func opacity(_ text: String?) -> Double? {
        guard let text else { return 1 }
        guard let value = number(text), value >= 0, value <= 1 else { return nil }
        return value
    }

    static func colour(_ text: String?) -> MarkupColour? { text.flatMap { MarkupColour(hex: $0) } }

    /// The `<svg>`'s width or height: a whole positive number of pixels (`px` allowed).
    static func dimension(_ text: String?) -> Int? {
        guard var text else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        guard let value = number(text), value >= 1, value <= Double(ImageLimits.maxSide) else { return nil }
        return Int(value.rounded())
    }

    /// The points of a path of `M x y` followed by `L x y`s (the `L`s may be left out, and
    /// commas may separate numbers); nil for any other command, an odd number, or more than
    /// `maximumStrokePoints` points.
    static func pathPoints(_ d: String) -> [Point]? {
        let bytes = Array(d.utf8)
        var points: [Point] = []
        var numbers: [Double] = []
        var i = 0
        var sawMove = false
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                i += 1
            case UInt8(ascii: "M"):
                // One subpath only: a second M is not ours.
                guard !sawMove else { return nil }
                sawMove = true
                i += 1
            case UInt8(ascii: "L"):
                guard sawMove, numbers.isEmpty else { return nil }
                i += 1
            default:
                guard sawMove, let (value, end) = number(in: bytes, at: i), abs(value) <= MarkupNumber.coordinateLimit else { return nil }
                numbers.append(value)
                i = end
                if numbers.count == 2 {
                    guard points.count < MarkupSVG.maximumStrokePoints else { return nil }
                    points.append(Point(x: numbers[0], y: numbers[1]))
                    numbers.removeAll(keepingCapacity: true)
                }
            }
        }
        return numbers.isEmpty ? points : nil
    }
}
