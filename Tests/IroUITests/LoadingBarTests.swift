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
