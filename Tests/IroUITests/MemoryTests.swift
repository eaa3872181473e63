import CGtk
import Foundation
import GtkSupport
import IroCore
@testable import IroUI
import TestSupport
import XCTest

/// Tabs in the background keep only a preview beyond the memory budget, and get
/// full resolution back when shown (issue "Open anything, fast, in little memory").
final class MemoryTests: XCTestCase {
    func testBackgroundTabsBeyondTheBudgetKeepOnlyAPreviewAndComeBackWhenShown() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // Each 1200×900 image holds ~4.3 MB with its levels; allow one in the background.
            harness.app.residency = ResidencyPolicy(backgroundBudget: 5_000_000)
            let urls = (0..<4).map { harness.fixtures.quadrants("img\($0).png", width: 1200, height: 900) }
            let window = try XCTUnwrap(harness.open(urls))
            for index in 1..<4 {
                adw_tab_view_set_selected_page(window.tabView, window.pages[index])
                GtkTestEnvironment.pump(timeout: 5) { window.views.allSatisfy { !$0.isLoading } }
            }
            let views = window.views
            // Shown: the last tab. In the background: img2 (most recent) fits, img0 and img1 do not.
            XCTAssertTrue(views[3].canvas.pyramid?.isComplete ?? false)
            XCTAssertTrue(views[2].canvas.pyramid?.isComplete ?? false)
            XCTAssertFalse(views[1].canvas.pyramid?.isComplete ?? true)
            XCTAssertFalse(views[0].canvas.pyramid?.isComplete ?? true)
            XCTAssertEqual(views[0].fullResolutionBytes, 0)
            XCTAssertNotNil(views[0].canvas.pyramid, "a trimmed tab still has its preview to show at once")
            XCTAssertLessThanOrEqual(views[0].canvas.pyramid.map { max($0.levels[0].width, $0.levels[0].height) } ?? .max, views[0].previewSize)

            // Shown again: the preview at once (same size, same view), full resolution soon after.
            let zoomBefore = views[0].canvas.zoom
            adw_tab_view_set_selected_page(window.tabView, window.pages[0])
            XCTAssertEqual(views[0].canvas.zoom?.imageSize, zoomBefore?.imageSize)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { views[0].canvas.pyramid?.isComplete ?? false })
            XCTAssertEqual(views[0].canvas.zoom?.scale, zoomBefore?.scale, "the view did not jump")
        }
    }
}
