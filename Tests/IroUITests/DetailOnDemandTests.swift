import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging
@testable import IroUI

/// A large JPEG opens with the detail a screen shows of it, and is decoded again with
/// every pixel when the view zooms past that (BEHAVIOUR A6).
final class DetailOnDemandTests: XCTestCase {
    func testALargeJPEGOpensReducedAndGetsEveryPixelWhenZoomedIn() throws {
        try onMain {
            let harness = AppHarness()
            // The decode a zoom asks for, not the one a resting view starts (IdleDetailTests).
            let rest = IdleDetail.restMilliseconds
            IdleDetail.restMilliseconds = nil
            defer {
                IdleDetail.restMilliseconds = rest
                harness.close()
            }
            let url = harness.fixtures.quadrants("large.jpg", width: 4000, height: 3000, type: "jpeg")
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            let canvas = view.canvas
            let reduction = view.screenDetail.reduction(imageWidth: 4000, imageHeight: 3000)
            XCTAssertGreaterThan(reduction, 1, "4000 × 3000 is more than twice the size of a \(view.screenSize) screen")
            XCTAssertEqual(view.image?.width, 4000 / reduction, "decoded with the detail a screen shows")
            XCTAssertEqual(canvas.zoom?.imageSize, Size(width: 4000, height: 3000), "the view knows the full size")
            XCTAssertFalse(view.isLoading, "at best fit nothing more is decoded")
            XCTAssertTrue(window.actions.isEnabled("export-copy"), "an export decodes every pixel itself")

            window.actions.activate("zoom-reset") // 100 %
            ZoomTests.settle(view)
            let centre = ZoomTests.imagePointAtCentre(canvas)
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { canvas.pyramid?.detail == 1 && !view.isLoading },
                "zooming past the detail held decodes every pixel")
            ZoomTests.settle(view)
            XCTAssertEqual(view.image?.width, 4000)
            XCTAssertEqual(canvas.zoom?.scale, 1, "the view did not move")
            XCTAssertEqual(ZoomTests.imagePointAtCentre(canvas).x, centre.x, accuracy: 0.5)
            XCTAssertEqual(ZoomTests.imagePointAtCentre(canvas).y, centre.y, accuracy: 0.5)
            XCTAssertTrue(canvas.pyramid.map { canvas.renderer.isMade(from: $0) } ?? false, "drawn from the new levels")
        }
    }

    func testAnExportOfAReducedTabHasEveryPixel() async throws {
        let fixtures = Fixtures()
        let url = fixtures.quadrants("wide.jpg", width: 4000, height: 3000, type: "jpeg")
        let decoded = await ExportAdjustedCopy.fullResolution(of: RawPath(url.path))
        let snapshot = try XCTUnwrap(decoded)
        XCTAssertEqual(snapshot.width, 4000)
        XCTAssertEqual(snapshot.height, 3000)
        let missing = await ExportAdjustedCopy.fullResolution(of: RawPath(fixtures.url("gone.jpg").path))
        XCTAssertNil(missing, "a file gone since is a failure the dialog reports, not a crash")
    }
}
