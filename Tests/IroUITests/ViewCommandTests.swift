import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// The view commands beyond the toolbar (BEHAVIOUR C8, A11): 200 %, best fit, reload.
final class ViewCommandTests: XCTestCase {
    func testTwoZoomsTo200PercentAndZeroBackToBestFit() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("big.png", width: 2400, height: 1600)]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertEqual(view.canvas.zoom?.mode, .bestFit)
            XCTAssertFalse(window.actions.isEnabled("zoom-fit"), "already at best fit")
            window.actions.activate("zoom-200")
            XCTAssertEqual(view.canvas.zoom?.scale, 2)
            XCTAssertFalse(window.actions.isEnabled("zoom-200"), "already at 200 %")
            XCTAssertTrue(window.actions.isEnabled("zoom-fit"))
            window.actions.activate("zoom-fit")
            XCTAssertEqual(view.canvas.zoom?.mode, .bestFit)
            XCTAssertEqual(view.canvas.zoom?.scale ?? 0, view.canvas.zoom?.bestFitScale ?? 1, accuracy: 1e-9)
        }
    }

    func testReloadReadsTheFileAgainKeepingTheView() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("edit.png", width: 300, height: 200) { _, _ in RGBA(255, 0, 0) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            window.actions.activate("zoom-in")
            window.actions.activate("rotate-clockwise")
            view.hueControl.value = 0.6
            ZoomTests.settle(view)
            let before = view.model.levels.map(ObjectIdentifier.init)
            window.actions.activate("reload")
            XCTAssertTrue(view.model.isLoading, "read again")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !view.model.isLoading })
            XCTAssertNotEqual(view.model.levels.map(ObjectIdentifier.init), before, "new pixels")
            XCTAssertEqual(view.canvas.zoom?.scale, 2)
            XCTAssertEqual(view.canvas.quarterTurns, 1)
            XCTAssertEqual(view.hueControl.value, 0.6, accuracy: 1e-9)
            XCTAssertEqual(view.visiblePage, "image")
        }
    }
}
