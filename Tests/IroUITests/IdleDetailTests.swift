import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Once the view rests on a large image, the rest of its detail is decoded quietly, so the
/// first zoom-in is sharp at once (BEHAVIOUR A6); only for the shown tab, within a budget.
final class IdleDetailTests: XCTestCase {
    func testARestingViewGetsEveryPixelQuietlyAndTheFirstZoomNeedsNoDecode() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("large.jpg", width: 4000, height: 3000, type: "jpeg")
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let canvas = view.canvas
            XCTAssertLessThan(canvas.pyramid?.detail ?? 1, 1, "opened with the detail a screen shows")
            let zoomBefore = canvas.zoom
            var showedLoading = false
            let complete = GtkTestEnvironment.pump(timeout: 20) {
                showedLoading = showedLoading || view.model.isLoading || view.isShowingLoadingBar
                return canvas.pyramid?.detail == 1
            }
            XCTAssertTrue(complete, "every pixel, with no zoom asking for it")
            XCTAssertFalse(showedLoading, "no loading bar and no tab spinner for it")
            XCTAssertEqual(canvas.zoom, zoomBefore, "the view did not move")
            XCTAssertEqual(view.model.levels?.image?.width, 4000)

            window.actions.activate("zoom-reset") // 100 %
            XCTAssertFalse(view.model.isLoading, "the zoom has every pixel already")
            ZoomTests.settle(view)
            XCTAssertTrue(canvas.showsExactRendering)
        }
    }

    func testATabShownOnlyForAMomentDecodesNoMore() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let first = harness.fixtures.quadrants("first.jpg", width: 4000, height: 3000, type: "jpeg")
            let second = harness.fixtures.quadrants("second.jpg", width: 4000, height: 3000, type: "jpeg")
            let window = try XCTUnwrap(harness.open([first, second]))
            let views = window.views
            XCTAssertLessThan(views[0].model.levels?.detail ?? 1, 1)
            adw_tab_view_set_selected_page(window.tabView, window.pages[1]) // at once, before the view rests
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { views[1].model.levels?.detail == 1 }, "the tab shown rests: every pixel")
            XCTAssertFalse(views[0].model.idleDetail.isDecoding)
            XCTAssertLessThan(views[0].model.levels?.detail ?? 1, 1, "the tab hidden at once decoded no more")
        }
    }

    func testOnlyImagesWithinTheBudgetAreDecodedWholeUnasked() {
        XCTAssertTrue(IdleDetail.wants(width: 4000, height: 3000, detail: 0.5, formatName: "jpeg"), "12 MP: 46 MB as RGBA")
        XCTAssertTrue(IdleDetail.wants(width: 4096, height: 4096, detail: 0.25, formatName: "jpeg"), "16 MP: the budget exactly")
        XCTAssertFalse(IdleDetail.wants(width: 4096, height: 4097, detail: 0.25, formatName: "jpeg"), "past the budget: a zoom decodes it")
        XCTAssertFalse(IdleDetail.wants(width: 6000, height: 4000, detail: 0.5, formatName: "jpeg"), "24 MP")
        XCTAssertFalse(IdleDetail.wants(width: 4000, height: 3000, detail: 1, formatName: "jpeg"), "nothing left to decode")
        XCTAssertFalse(IdleDetail.wants(width: Int.max, height: 3, detail: 0.5, formatName: "jpeg"), "overflowing sizes are not within it")
        XCTAssertFalse(IdleDetail.wants(width: 0, height: 4000, detail: 0.5, formatName: "jpeg"))
        XCTAssertTrue(IdleDetail.wants(width: 4000, height: 3000, detail: 0.5, formatName: "webp"))
        XCTAssertFalse(IdleDetail.wants(width: 4000, height: 3000, detail: 0.5, formatName: "svg"), "a vector image is rendered as zoomed")
    }
}
