/// What of a note's text is laid out (BEHAVIOUR A8). Text is laid out a paragraph at a time,
/// and a paragraph costs more than its length: one 3 MB line of stacked combining marks, bidi
/// overrides and emoji took 18 s of CPU and 218 MB in one layout, and came out as a wall of
/// broken columns. So the text shown is bounded in three ways, each of which the sidebar
/// states when it applies:
/// - a character (a grapheme cluster) keeps at most `maximumMarksPerCharacter` combining
///   marks and `maximumScalarsPerCharacter` code points in all: enough for any script's
///   diacritics and the longest emoji sequence (a kiss with two skin tones is 10), while a
///   pile of marks costs the layout of its whole screen, again at every screenful;
/// - a paragraph longer than `maximumParagraphLength` characters is broken, at a space when
///   there is one near the limit;
/// - at most `maximumCharacters` characters are shown, and at most `maximumScalars` code
///   points are read to find them (the marks dropped from a pile are read too).
/// Made off the main thread, with the package.
public struct NoteText: Equatable, Sendable {
    public static let maximumCharacters = 100_000
    public static let maximumParagraphLength = 1_000
    public static let maximumScalarsPerCharacter = 10
    public static let maximumMarksPerCharacter = 4
    /// Enough for `maximumCharacters` of any real text, emoji sequences included.
    public static let maximumScalars = 500_000
    /// How far back from the limit a space is looked for, to break a paragraph between words.
    static let breakSearch = 200

    /// The text to lay out.
    public let shown: String
    /// What was left out or changed; empty when the text is shown as it is.
    public let changes: Set<Change>

    public enum Change: Hashable, Sendable {
        /// Characters beyond `maximumCharacters` (or `maximumScalars`) are not shown.
        case cut
        /// Paragraphs were broken into shorter ones.
        case paragraphsBroken
        /// Piles of combining marks were shortened.
        case marksDropped
    }

    public init(_ text: String) {
        // Grown in place: appending to a scalar view copied the string at every append.
        var shown = ""
        shown.reserveCapacity(min(text.utf8.count, Self.maximumScalars * 4) + Self.maximumCharacters / 500)
        var changes = Set<Change>()
        var count = 0, scalarsRead = 0, paragraph = 0
        // Where the current paragraph's last space ended: a break there keeps words whole.
        var lastSpace: (index: String.Index, paragraph: Int)?
        for character in text {
            let scalars = character.unicodeScalars
            scalarsRead += scalars.count
            if count == Self.maximumCharacters || scalarsRead > Self.maximumScalars {
                changes.insert(.cut)
                break
            }
            count += 1
            if character.isNewline {
                paragraph = 0
                lastSpace = nil
                shown.append(character)
                continue
            }
            if paragraph == Self.maximumParagraphLength {
                changes.insert(.paragraphsBroken)
                if let space = lastSpace, space.paragraph > Self.maximumParagraphLength - Self.breakSearch {
                    shown.insert("\n", at: space.index)
                    paragraph -= space.paragraph
                } else {
                    shown.append("\n")
                    paragraph = 0
                }
                lastSpace = nil
            }
            paragraph += 1
            if scalars.count <= Self.maximumMarksPerCharacter + 1 {
                shown.append(character)
            } else if !Self.keepBounded(scalars, into: &shown) {
                changes.insert(.marksDropped)
            }
            if character == " " { lastSpace = (shown.endIndex, paragraph) }
        }
        self.shown = shown
        self.changes = changes
    }

    /// Appends a character's code points up to the limits; false when some were left out.
    private static func keepBounded(_ scalars: Character.UnicodeScalarView, into shown: inout String) -> Bool {
        var kept = 0, marks = 0, whole = true
        for scalar in scalars {
            let isMark: Bool
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: isMark = true
            default: isMark = false
            }
            guard kept < maximumScalarsPerCharacter, !isMark || marks < maximumMarksPerCharacter else {
                whole = false
                continue
            }
            if isMark { marks += 1 }
            kept += 1
            shown.unicodeScalars.append(scalar)
        }
        return whole
    }
}
