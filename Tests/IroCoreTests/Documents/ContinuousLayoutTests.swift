import IroCore
import XCTest

/// BEHAVIOUR G11: pages stacked in one column, at one scale, with gaps; the page at a
/// height, the pages in a band, and what a page whose size becomes known moves.
final class ContinuousLayoutTests: XCTestCase {
    let gap = ContinuousLayout.gap

    func testPagesStackAtTheScaleWithGapsBetweenAndAround() {
        let layout = ContinuousLayout(pageCount: 3, assumed: Size(width: 100, height: 200))
        XCTAssertEqual(layout.top(of: 0, scale: 1), gap)
        XCTAssertEqual(layout.top(of: 1, scale: 1), gap + 200 + gap)
        XCTAssertEqual(layout.top(of: 2, scale: 2), gap + 400 + gap + 400 + gap)
        XCTAssertEqual(layout.contentSize(scale: 2), Size(width: 200 + 2 * gap, height: 3 * 400 + 4 * gap))
        let frame = layout.frame(of: 1, scale: 2, width: 500)
        XCTAssertEqual(frame.origin, Point(x: 150, y: 400 + 2 * gap), "centred across the width")
        XCTAssertEqual(frame.size, Size(width: 200, height: 400))
    }

    func testThePageAtAHeightIsTheOneWhoseFrameOrTheGapAboveItHoldsIt() {
        let layout = ContinuousLayout(pageCount: 4, assumed: Size(width: 100, height: 100))
        XCTAssertEqual(layout.page(at: 0, scale: 1), 0)
        XCTAssertEqual(layout.page(at: gap + 99, scale: 1), 0)
        XCTAssertEqual(layout.page(at: gap + 101, scale: 1), 1, "the gap above page 2")
        XCTAssertEqual(layout.page(at: 10_000, scale: 1), 3, "past the end: the last")
        XCTAssertEqual(layout.page(at: -50, scale: 1), 0)
        XCTAssertEqual(layout.pages(from: gap + 50, to: gap + 250, scale: 1), 0...2)
        XCTAssertEqual(layout.pages(from: 5000, to: 6000, scale: 1), 3...3)
    }

    func testAKnownSizeMovesThePagesAfterItAndWidensTheContent() {
        var layout = ContinuousLayout(pageCount: 3, assumed: Size(width: 100, height: 100))
        XCTAssertFalse(layout.setSize(Size(width: 100, height: 100), ofPage: 0), "what was assumed: nothing moves")
        XCTAssertTrue(layout.setSize(Size(width: 300, height: 50), ofPage: 1))
        XCTAssertEqual(layout.top(of: 2, scale: 1), gap + 100 + gap + 50 + gap)
        XCTAssertEqual(layout.contentSize(scale: 1).width, 300 + 2 * gap)
        XCTAssertEqual(layout.size(of: 2), Size(width: 100, height: 100), "the others are still assumed")
        XCTAssertFalse(layout.setSize(Size(width: 10, height: 10), ofPage: 7), "no such page")
        XCTAssertFalse(layout.setSize(Size(width: 0, height: 10), ofPage: 2), "no size")
    }

    func testAHundredThousandPagesAreFoundByHeight() {
        let layout = ContinuousLayout(pageCount: 100_000, assumed: Size(width: 816, height: 1056))
        let y = layout.top(of: 76_543, scale: 0.5) + 10
        XCTAssertEqual(layout.page(at: y, scale: 0.5), 76_543)
    }

    func testTurnedPagesStackAtTheirTurnedSizes() {
        var layout = ContinuousLayout(pageCount: 2, assumed: Size(width: 100, height: 200))
        layout.quarterTurns = 1
        XCTAssertEqual(layout.size(of: 0), Size(width: 200, height: 100), "as shown")
        XCTAssertEqual(layout.pageSize(of: 0), Size(width: 100, height: 200), "its own")
        XCTAssertEqual(layout.top(of: 1, scale: 1), gap + 100 + gap)
        XCTAssertEqual(layout.contentSize(scale: 1).width, 200 + 2 * gap)
        layout.quarterTurns = 2
        XCTAssertEqual(layout.top(of: 1, scale: 1), gap + 200 + gap, "upside down: the height again")
    }
}
