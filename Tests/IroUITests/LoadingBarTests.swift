import CGtk
import GtkSupport
import TestSupport
import XCTest

@testable import IroImaging
@testable import IroUI

/// BEHAVIOUR A6: the progress bar shows only for loads over 150 ms and goes when the load ends.
final class LoadingBarTests: XCTestCase {
    func testBarAppearsOnlyAfterTheDelayAndFollowsProgress() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start())
            let bar = LoadingBar()
            let progress = LoadProgress()
            bar.start(following: progress)
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertFalse(bar.isShowing, "no bar for the first 150 ms")
            progress.set(0.4)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { bar.isShowing })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { gtk_progress_bar_get_fraction(cast(bar.widget)) == 0.4 })
            bar.stop()
            XCTAssertFalse(bar.isShowing)
        }
    }

    /// With no progress yet the bar pulses (an empty bar shows nothing), then follows it.
    func testTheBarPulsesUntilThereIsProgress() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start())
            let bar = LoadingBar()
            // In a window, laid out: the block's place is what shows the pulse.
            let window: UnsafeMutablePointer<GtkWindow> = cast(gtk_window_new())
            defer { gtk_window_destroy(window) }
            gtk_window_set_default_size(window, 300, 40)
            gtk_window_set_child(window, bar.widget)
            gtk_window_present(window)
            let progress = LoadProgress()
            bar.start(following: progress)
            defer { bar.stop() }
            let widget: UnsafeMutablePointer<GtkProgressBar> = cast(bar.widget)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { bar.isShowing })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { Self.isPulsing(widget) }, "the bar pulses")
            progress.set(0.3)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { gtk_progress_bar_get_fraction(widget) == 0.3 })
        }
    }

    /// A pulsing bar's block is drawn away from the start: its progress node is narrower than
    /// the bar and not at its left edge, which a bar at 0 never is.
    @MainActor private static func isPulsing(_ bar: UnsafeMutablePointer<GtkProgressBar>) -> Bool {
        guard let trough = gtk_widget_get_first_child(bar.widget), let block = gtk_widget_get_first_child(trough) else { return false }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(block, trough, &bounds) != 0 else { return false }
        return bounds.size.width > 0 && bounds.origin.x > 0
    }

    func testQuickLoadNeverShowsTheBar() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start())
            let bar = LoadingBar()
            bar.start(following: LoadProgress())
            bar.stop()
            GtkTestEnvironment.pump(for: 0.3)
            XCTAssertFalse(bar.isShowing)
        }
    }

    func testBarFloatsOverTheViewWithoutMovingIt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png", width: 50, height: 50)]))
            let view = try XCTUnwrap(window.selectedView)
            // The bar is an overlay child of the tab, not a sibling that takes layout space.
            XCTAssertEqual(gtk_widget_get_parent(view.loadingBarWidget), view.widget)
            XCTAssertEqual(gtk_widget_get_valign(view.loadingBarWidget), GTK_ALIGN_START)
        }
    }
}
