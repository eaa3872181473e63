import CGtk
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging
@testable import IroUI

/// A HEIC grid of 10 000 tiles (6400 × 6400) takes libheif seconds: the tab shows the loading
/// bar moving meanwhile, the window stays responsive, and then the image shows, scaled to fit.
final class HEIFGridLoadingTests: XCTestCase {
    func testAGridOfTenThousandTilesShowsALoadingBarThenTheImageWithTheWindowResponsive() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = try HEIFFixtures.grid(columns: 100, rows: 100, side: 64, in: harness.fixtures.folder)
            // A window already up, so what is watched is the grid's load, not a window being made.
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("first.png")]))
            let probe = MainLoopProbe()
            harness.app.open([RawPath(url.path)], newWindow: false)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.views.count == 2 })
            let view = try XCTUnwrap(window.views.last)
            let bar: UnsafeMutablePointer<GtkProgressBar> = cast(view.loadingBarWidget)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 30) { gtk_widget_get_visible(view.loadingBarWidget) != 0 }, "the bar shows")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 120) { gtk_progress_bar_get_fraction(bar) > 0 || !view.model.isLoading },
                "the bar moves")
            XCTAssertGreaterThan(gtk_progress_bar_get_fraction(bar), 0, "the bar moved before the image came")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 120) { !view.model.isLoading && view.canvas.zoom != nil })
            probe.stop()
            XCTAssertLessThan(probe.longestBusyStretch, 0.05, "the main loop never stalled for 50 ms while the tiles were decoded")
            XCTAssertEqual(gtk_widget_get_visible(view.loadingBarWidget), 0, "the bar goes when the image comes")
            let zoom = try XCTUnwrap(view.canvas.zoom)
            XCTAssertLessThan(zoom.scale, 0.2, "6400 pixels fit the window")
            let pixels = try XCTUnwrap(HuePixelTests.renderWhenDrawn(view.canvas.widget))
            let middle = pixels.height / 2, centre = pixels.width / 2
            XCTAssertTrue(pixels.pixel(centre - 40, middle).isClose(to: RGBA(220, 30, 30), tolerance: 40), "red tiles on the left")
            XCTAssertTrue(pixels.pixel(centre + 40, middle).isClose(to: RGBA(30, 30, 220), tolerance: 40), "blue tiles on the right")
        }
    }
}
