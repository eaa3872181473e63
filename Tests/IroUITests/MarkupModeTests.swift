import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR I in a real window: markup mode's bar and tools, strokes drawn in the image's
/// pixels whatever the zoom, the eraser, undo, redo and clear with Undo, and the question
/// before unsaved markup is lost.
final class MarkupModeTests: XCTestCase {
    @MainActor static func open(_ harness: AppHarness) throws -> (DocumentWindow, DocumentView) {
        let folder = harness.fixtures.url("markup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = harness.fixtures.image("\(folder.lastPathComponent)/white.png", width: 400, height: 300) { _, _ in RGBA(255, 255, 255) }
        let window = try XCTUnwrap(harness.open([url]))
        return (window, try XCTUnwrap(window.selectedView))
    }

    func testMarkupModeShowsItsBarAndPicksTools() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            XCTAssertTrue(window.actions.isEnabled("markup"))
            XCTAssertFalse(window.actions.isEnabled("markup-pen"), "tools only in markup mode")
            window.actions.activate("markup")
            XCTAssertTrue(view.model.markup.isOn)
            XCTAssertTrue(window.actions.isEnabled("markup-eraser"))
            window.actions.activate("markup-highlighter")
            XCTAssertEqual(view.model.markup.tool, .highlighter)
            let button = try XCTUnwrap(view.markupControls.bar.toolButtons[.highlighter])
            XCTAssertNotEqual(gtk_toggle_button_get_active(cast(button)), 0, "the bar shows the tool")
            window.actions.activate("markup")
            XCTAssertFalse(view.model.markup.isOn)
        }
    }
}
