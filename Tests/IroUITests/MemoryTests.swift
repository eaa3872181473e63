import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Tabs in the background keep only screen-sized levels beyond the memory budget, show
/// them at once when shown again, and decode more when the view needs it.
final class MemoryTests: XCTestCase {
    func testBackgroundTabsBeyondTheBudgetKeepOnlyScreenSizedLevelsAndComeBackWhenShown() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // Each 2400×1800 image holds ~17 MB with its levels; allow one in the background.
            // Larger than the screen, so what a trimmed tab keeps (≤ the screen) lacks detail.
            harness.app.residency = ResidencyPolicy(backgroundBudget: 20_000_000)
            let first = harness.fixtures.quadrants("img0.png", width: 2400, height: 1800)
            let urls = [first] + (1..<4).map { harness.fixtures.bytes("img\($0).png", Array(harness.fixtures.data(of: first))) }
            let window = try XCTUnwrap(harness.open(urls))
            // Each tab shown in turn at 100 %, which decodes every pixel.
            for index in 0..<4 {
                adw_tab_view_set_selected_page(window.tabView, window.pages[index])
                let canvas = window.views[index].canvas
                GtkTestEnvironment.pump(timeout: 5) { canvas.zoom != nil }
                canvas.setScale(1)
                XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { canvas.pyramid?.detail == 1 && !window.views[index].model.isLoading })
            }
            adw_tab_view_set_selected_page(window.tabView, window.pages[3])
            let views = window.views
            // Shown: the last tab. In the background: img2 (most recent) fits, img0 and img1 do not.
            XCTAssertTrue(views[3].model.levels?.isComplete ?? false)
            XCTAssertTrue(views[2].model.levels?.isComplete ?? false)
            XCTAssertFalse(views[1].model.levels?.isComplete ?? true)
            XCTAssertFalse(views[0].model.levels?.isComplete ?? true)
            XCTAssertEqual(views[0].model.decodedBytes, 0)
            XCTAssertNotNil(views[0].model.levels, "a trimmed tab still has levels to show at once")
            XCTAssertLessThanOrEqual(
                views[0].model.levels.map { max($0.levels[0].width, $0.levels[0].height) } ?? .max, DocumentModel.screenSide)

            // Shown again: the kept levels at once (same size, same view), every pixel again
            // soon after, since the view is still at 100 %.
            let zoomBefore = views[0].canvas.zoom
            adw_tab_view_set_selected_page(window.tabView, window.pages[0])
            XCTAssertEqual(views[0].canvas.zoom?.imageSize, zoomBefore?.imageSize)
            XCTAssertLessThan(views[0].model.levels?.detail ?? 1, 1)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { views[0].model.levels?.detail == 1 })
            XCTAssertEqual(views[0].canvas.zoom?.scale, 1, "the view did not jump")
        }
    }
}
