import IroCore
import XCTest

/// BEHAVIOUR G10: what a drag over a page's text selects, what it copies and what is
/// highlighted, from the characters' boxes.
final class PageTextTests: XCTestCase {
    /// Two lines: "ab cd" at y 10…20, then "ef" at y 30…40; characters 10 wide, from x 0.
    let page: PageText = {
        var glyphs: [PageText.Glyph] = []
        for (index, character) in "ab cd".unicodeScalars.enumerated() {
            glyphs.append(.init(character, .init(x: Double(index) * 10, y: 10, width: 10, height: 10)))
        }
        glyphs.append(.init("\n", .init(x: 50, y: 10, width: 0, height: 10)))
        for (index, character) in "ef".unicodeScalars.enumerated() {
            glyphs.append(.init(character, .init(x: Double(index) * 10, y: 30, width: 10, height: 10)))
        }
        return PageText(glyphs: glyphs)
    }()

    func testOnlyAPointOnACharacterStartsASelection() {
        XCTAssertEqual(page.glyph(at: Point(x: 15, y: 15)), 1, "on the b")
        XCTAssertNil(page.glyph(at: Point(x: 15, y: 25)), "between the lines")
        XCTAssertNil(page.glyph(at: Point(x: 50, y: 15)), "a line end has no width to start on")
        XCTAssertNil(PageText(glyphs: []).glyph(at: .zero))
    }

    func testASelectionEndsAtTheCharacterUnderOrBesideThePointer() {
        XCTAssertEqual(page.nearestGlyph(to: Point(x: 35, y: 12)), 3, "under it")
        XCTAssertEqual(page.nearestGlyph(to: Point(x: 200, y: 35)), 7, "past the line's end: its last character")
        XCTAssertEqual(page.nearestGlyph(to: Point(x: -20, y: 15)), 0, "before the line: its first")
        XCTAssertEqual(page.nearestGlyph(to: Point(x: 12, y: 200)), 7, "below everything: the nearest")
        XCTAssertNil(PageText(glyphs: []).nearestGlyph(to: .zero))
    }

    func testTheTextCopiedRunsBetweenTheEndsInEitherOrder() {
        XCTAssertEqual(page.text(from: 1, to: 3), "b c")
        XCTAssertEqual(page.text(from: 7, to: 3), "cd\nef", "backwards, across the line end")
        XCTAssertEqual(page.text(from: -5, to: 99), "ab cd\nef", "clamped to the page")
    }

    func testTheHighlightIsOneAreaForEachLineOfTheSelection() {
        let areas = page.areas(from: 1, to: 7)
        XCTAssertEqual(areas.count, 2)
        XCTAssertEqual(areas.first, TextMatches.Area(x: 10, y: 10, width: 40, height: 10), "b to d, the line end adds nothing")
        XCTAssertEqual(areas.last, TextMatches.Area(x: 0, y: 30, width: 20, height: 10))
        XCTAssertEqual(page.areas(from: 5, to: 5), [], "a line end alone shows nothing")
    }
}
