/// How markup text is laid out where no font is at hand (the model, the eraser, the file):
/// an estimate, in ems, of how wide characters are and where lines wrap. The drawing lays the
/// text out with a real font inside the boxes these give.
public enum MarkupTextLayout {
    /// A line's height, in units of the text's size.
    public static let lineHeight = 1.25
    /// Where the first line's baseline is below the top of the text, in units of its size
    /// (the file's `<text>` is placed by its baseline).
    public static let ascent = 0.9
    /// The longest text a text item or note holds, in Unicode scalars: more is cut.
    public static let maximumLength = 20_000

    /// `text` as markup keeps it: line breaks as "\n", no control characters (XML cannot
    /// carry most of them, and they draw as boxes), at most `maximumLength` scalars.
    public static func cleaned(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n" && afterReturn { continue } // "\r\n" is one break, already kept
            guard count < maximumLength else { break }
            let kept: Unicode.Scalar?
            switch scalar.value {
            case 0x0D: kept = "\n"
            case 0x09, 0x0A: kept = scalar
            case 0x00..<0x20, 0xFFFE, 0xFFFF: kept = nil
            default: kept = scalar
            }
            if let kept {
                scalars.append(kept)
                count += 1
            }
        }
        return String(scalars)
    }

    /// About how wide a character is, in ems: East Asian wide characters a full em, marks
    /// that combine with the one before nothing, others 0.6.
    static func advance(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
            0x20000...0x3FFFD:
            return 1
        default:
            return 0.6
        }
    }

    /// About how wide `line` is at `size`.
    public static func width(of line: Substring, size: Double) -> Double {
        line.reduce(0) { $0 + advance($1) } * size
    }

    /// The lines `text` makes (its own breaks, and more where a line would be wider than
    /// `width` at `size`: after the last space that fits, or between characters when no space
    /// does); nil `width` wraps nothing.
    public static func lines(_ text: String, size: Double, width: Double? = nil) -> [Substring] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let width, size > 0 else { return paragraphs }
        let room = width / size
        var lines: [Substring] = []
        for paragraph in paragraphs {
            var start = paragraph.startIndex, used = 0.0
            var lastSpace: Substring.Index?
            var index = paragraph.startIndex
            while index < paragraph.endIndex {
                let character = paragraph[index]
                let advance = advance(character)
                if used + advance > room, index > start {
                    // Break after the last space if there is one on this line, else here.
                    let end = lastSpace.map { paragraph.index(after: $0) } ?? index
                    lines.append(paragraph[start..<end])
                    start = end
                    used = paragraph[start..<index].reduce(0) { $0 + Self.advance($1) }
                    lastSpace = nil
                }
                if character == " " { lastSpace = index }
                used += advance
                index = paragraph.index(after: index)
            }
            lines.append(paragraph[start...])
        }
        return lines
    }
}
