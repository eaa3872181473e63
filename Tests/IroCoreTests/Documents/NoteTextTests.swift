import IroCore
import Testing

/// What of a note's text is laid out (BEHAVIOUR A8): bounded, whatever the file holds.
@Suite struct NoteTextTests {
    @Test func ordinaryTextIsShownAsItIs() {
        // Vietnamese stacks two marks; a kiss with two skin tones is 10 code points.
        let text = "Kyoto, spring.\n桜が咲いた 🌸👨‍👩‍👧‍👦🇯🇵 👩🏻‍❤️‍💋‍👨🏼\r\nPhở ngon. Tiếng Việt.\n"
        let note = NoteText(text)
        #expect(note.shown == text)
        #expect(note.changes.isEmpty)
    }

    @Test func onlyTheFirstCharactersAreShownOfAVeryLongText() {
        let line = String(repeating: "x", count: 99) + "\n"
        let text = String(repeating: line, count: NoteText.maximumCharacters / 100 + 5)
        let note = NoteText(text)
        #expect(note.shown.count == NoteText.maximumCharacters)
        #expect(text.hasPrefix(note.shown))
        #expect(note.changes == [.cut])
    }

    @Test func aLongParagraphIsBrokenBetweenWords() {
        let words = (0..<900).map { "word\($0)" }.joined(separator: " ") // about 6 600 characters
        let note = NoteText(words)
        let paragraphs = note.shown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(paragraphs.count > 6)
        #expect(paragraphs.allSatisfy { $0.count <= NoteText.maximumParagraphLength })
        #expect(paragraphs.dropLast().allSatisfy { $0.hasSuffix(" ") }, "each break follows a space")
        #expect(note.shown.replacing("\n", with: "") == words, "nothing but the breaks is added")
        #expect(note.changes == [.paragraphsBroken])
    }

    @Test func aParagraphWithoutSpacesIsBrokenAtTheLimit() {
        let text = String(repeating: "漢", count: 2_500)
        let note = NoteText(text)
        #expect(note.shown.split(separator: "\n").map(\.count) == [1_000, 1_000, 500])
        #expect(note.changes == [.paragraphsBroken])
    }

    @Test func aPileOfCombiningMarksIsShortened() {
        let zalgo = "e" + String(repeating: "\u{0301}", count: 10_000) + "x"
        let note = NoteText(zalgo)
        #expect(note.shown.unicodeScalars.count == 1 + NoteText.maximumMarksPerCharacter + 1)
        #expect(note.shown.hasSuffix("x"))
        #expect(note.shown.count == 2, "still two characters: é with its first marks, then x")
        #expect(note.changes == [.marksDropped])
    }

    @Test func theHostileLineIsBoundedEveryWay() {
        // One long line: stacked marks, bidi overrides and emoji, as a hostile note holds.
        let unit = "a" + String(repeating: "\u{0336}\u{0489}", count: 40) + "\u{202E}abc\u{202D}🏳️‍🌈 "
        let text = String(repeating: unit, count: 30_000)
        let note = NoteText(text)
        #expect(note.changes == [.cut, .paragraphsBroken, .marksDropped])
        #expect(note.shown.count <= NoteText.maximumCharacters + NoteText.maximumCharacters / 500, "and the breaks")
        #expect(note.shown.unicodeScalars.count < NoteText.maximumCharacters * 4)
    }
}

extension NoteTextTests {
    @Test func aTextOfPilesIsCutByTheCodePointsRead() {
        let pile = "o" + String(repeating: "\u{0308}", count: 99)
        let text = String(repeating: pile, count: NoteText.maximumScalars / 100 + 10)
        let note = NoteText(text)
        #expect(note.shown.filter { $0 != "\n" }.count == NoteText.maximumScalars / 100, "as many as fit in the code points read")
        #expect(note.changes == [.cut, .paragraphsBroken, .marksDropped])
    }
}
