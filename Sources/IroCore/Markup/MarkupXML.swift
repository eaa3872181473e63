/// Just enough XML to read back the markup file (`MarkupSVG`): elements, attributes, text,
/// the five named entities and character references. Comments, processing instructions and
/// declarations are skipped, and nothing is fetched or expanded beyond that (no DTD, so no
/// entity bombs). Broken input never stops it: a tag it cannot read is dropped, an end tag
/// that matches nothing open is ignored, and whatever is open at the end is closed, so a
/// truncated file keeps what came before the cut.
///
/// Bounded for hostile input: at most `maximumElements` elements are read (the rest of the
/// file is ignored), nesting deeper than `maximumDepth` is flattened into the deepest element
/// allowed, and an element keeps at most `maximumAttributes` attributes.
struct MarkupXML {
    struct Element: Equatable {
        var name: String
        var attributes: [String: String] = [:]
        var children: [Node] = []

        /// The value of attribute `name`.
        subscript(name: String) -> String? { attributes[name] }

        /// The child elements, in order.
        var elements: [Element] {
            children.compactMap {
                if case .element(let element) = $0 { return element }
                return nil
            }
        }

        /// The first child element called `name`.
        func first(_ name: String) -> Element? { elements.first { $0.name == name } }
    }

    enum Node: Equatable {
        case element(Element)
        case text(String)
    }

    static let maximumElements = 200_000
    static let maximumDepth = 32
    static let maximumAttributes = 64

    /// The document's first top-level element; nil when it has none.
    static func parse(_ bytes: [UInt8]) -> Element? {
        var reader = MarkupXML(bytes: bytes)
        return reader.document()
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The elements open, outermost first; a sentinel root holds the top level.
    private var open: [Element] = [Element(name: "")]
    private var elementCount = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func document() -> Element? {
        while index < bytes.count, elementCount < Self.maximumElements {
            if bytes[index] == UInt8(ascii: "<") { markup() } else { text() }
        }
        while open.count > 1 { close() }
        return open[0].elements.first
    }

    /// Pops the innermost open element into its parent.
    private mutating func close() {
        let element = open.removeLast()
        open[open.count - 1].children.append(.element(element))
    }

    private mutating func text() {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        appendText(Self.decoded(bytes[start..<index]))
    }

    private mutating func appendText(_ text: String) {
        guard !text.isEmpty else { return }
        open[open.count - 1].children.append(.text(text))
    }

    /// Whether the bytes at `index` are `prefix`.
    private func at(_ prefix: String) -> Bool {
        var i = index
        for byte in prefix.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// Moves past the next `terminator`, or to the end.
    private mutating func skip(past terminator: String) {
        let pattern = Array(terminator.utf8)
        while index < bytes.count {
            if bytes[index] == pattern[0], bytes.count - index >= pattern.count, bytes[index..<index + pattern.count].elementsEqual(pattern)
            {
                index += pattern.count
                return
            }
            index += 1
        }
    }

    private mutating func markup() {
        if at("<!--") {
            skip(past: "-->")
        } else if at("<![CDATA[") {
            index += 9
            let start = index
            skip(past: "]]>")
            let closed = index - start >= 3 && bytes[(index - 3)..<index].elementsEqual("]]>".utf8)
            appendText(String(decoding: bytes[start..<(closed ? index - 3 : index)], as: UTF8.self))
        } else if at("<?") {
            skip(past: "?>")
        } else if at("<!") {
            skip(past: ">")
        } else if at("</") {
            index += 2
            let name = self.name()
            skip(past: ">")
            // Closes the innermost open element of that name, and any left open inside it.
            if let depth = open.indices.dropFirst().last(where: { open[$0].name == name }) {
                while open.count > depth { close() }
            }
        } else {
            startTag()
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private mutating func skipSpaces() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// A tag's or an attribute's name (empty when there is none here).
    private mutating func name() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "<")
            {
                break
            }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `<name attribute="value" …>` or `…/>`; a tag that does not read so is dropped.
    private mutating func startTag() {
        index += 1
        var element = Element(name: name())
        guard !element.name.isEmpty else {
            appendText("<")
            return
        }
        var count = 0
        while true {
            skipSpaces()
            guard index < bytes.count else { return } // cut off inside the tag
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                opened(element, empty: false)
                return
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">"):
                index += 2
                opened(element, empty: true)
                return
            default:
                guard let (key, value) = attribute() else {
                    skip(past: ">")
                    return
                }
                count += 1
                if count <= Self.maximumAttributes, element.attributes[key] == nil { element.attributes[key] = value }
            }
        }
    }

    /// `name="value"` or `name='value'`, the value decoded; nil when it is anything else.
    private mutating func attribute() -> (String, String)? {
        let key = name()
        guard !key.isEmpty else { return nil }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "<") { index += 1 }
        guard index < bytes.count, bytes[index] == quote else { return nil }
        index += 1
        return (key, Self.decoded(bytes[start..<index - 1]))
    }

    private mutating func opened(_ element: Element, empty: Bool) {
        elementCount += 1
        // Past the deepest nesting allowed, elements are left out and their text joins the
        // deepest element's; their end tags then match nothing and are ignored.
        guard open.count <= Self.maximumDepth else { return }
        open.append(element)
        if empty { close() }
    }

    /// Text with its entity and character references replaced; one that does not read as
    /// such stays as written.
    static func decoded(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result = String.UnicodeScalarView()
        var text = String(decoding: raw, as: UTF8.self).unicodeScalars[...]
        while let ampersand = text.firstIndex(of: "&") {
            result.append(contentsOf: text[..<ampersand])
            let rest = text[text.index(after: ampersand)...]
            if let semicolon = rest.prefix(12).firstIndex(of: ";"), let scalar = reference(String(rest[..<semicolon])) {
                result.append(scalar)
                text = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                text = rest
            }
        }
        result.append(contentsOf: text)
        return String(result)
    }

    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
        let digits = name.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: hex ? 16 : 10), value != 0 else { return nil }
        return Unicode.Scalar(value)
    }
}
