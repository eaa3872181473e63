import IroCore
import XCTest

/// BEHAVIOUR G2: fit width fills the viewport's width with the image's, within the zoom's limits.
final class FitWidthTests: XCTestCase {
    func testAPortraitPageFillsTheWidth() {
        // A letter page at 96 dpi in a 1910 × 1070 view: best fit is by height, fit width by width.
        let zoom = ZoomModel(imageSize: Size(width: 816, height: 1056), viewportSize: Size(width: 1910, height: 1070))
        XCTAssertEqual(zoom.fitWidthTarget(), 1910.0 / 816, accuracy: 1e-9)
        XCTAssertEqual(zoom.bestFitTarget(), 1, accuracy: 1e-9, "best fit never enlarges")
        XCTAssertEqual(zoom.fitPageTarget(), 1070.0 / 1056, accuracy: 1e-9, "fit page does, to the whole page")
    }

    func testTheLimitsHold() {
        // A very narrow image would need more than the largest zoom.
        let narrow = ZoomModel(imageSize: Size(width: 2, height: 4000), viewportSize: Size(width: 1900, height: 1000))
        XCTAssertEqual(narrow.fitWidthTarget(), narrow.clampedScale(.infinity), accuracy: 1e-9)
        XCTAssertLessThan(narrow.fitWidthTarget(), 950)
    }
}
