import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR A9: the tab follows its file on disk.
final class FileChangeTests: XCTestCase {
    @MainActor static func centreColour(_ view: DocumentView) throws -> RGBA {
        let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
        return pixels.pixel(pixels.width / 2, pixels.height / 2)
    }

    func testAChangedFileReloadsKeepingTheView() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("live.png", width: 300, height: 200) { _, _ in RGBA(255, 0, 0) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            window.actions.activate("zoom-in")
            ZoomTests.settle(view)
            XCTAssertTrue(try Self.centreColour(view).isClose(to: RGBA(255, 0, 0)))

            // Another program rewrites the file (atomically, as editors do).
            let replacement = harness.fixtures.image("tmp-live.png", width: 300, height: 200) { _, _ in RGBA(0, 0, 255) }
            XCTAssertEqual(rename(replacement.path, url.path), 0)
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    ZoomTests.settle(view)
                    return (try? Self.centreColour(view).isClose(to: RGBA(0, 0, 255))) ?? false
                }, "the tab shows the new content")
            XCTAssertEqual(view.canvas.zoom?.scale, 2, "the zoom survived the reload")
            XCTAssertFalse(view.fileBanner.isShown)
        }
    }

    func testADeletedFileKeepsItsLastImageAndSaysSo() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("doomed.png", width: 300, height: 200) { _, _ in RGBA(0, 160, 0) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            try FileManager.default.removeItem(at: url)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.file.isDeleted })
            XCTAssertTrue(view.fileBanner.isShown)
            XCTAssertTrue(view.fileBanner.text.contains("doomed.png"), view.fileBanner.text)
            XCTAssertEqual(view.visiblePage, "image", "the last image stays")
            ZoomTests.settle(view)
            XCTAssertTrue(try Self.centreColour(view).isClose(to: RGBA(0, 160, 0)))

            // It comes back: the note goes and the tab reloads.
            harness.fixtures.image("doomed.png", width: 300, height: 200) { _, _ in RGBA(255, 255, 0) }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !view.model.file.isDeleted && !view.fileBanner.isShown })
        }
    }

    func testARenamedFileIsFollowedNotCalledDeleted() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("before.png", width: 300, height: 200) { _, _ in RGBA(0, 0, 200) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            window.actions.activate("zoom-in")
            ZoomTests.settle(view)
            let renamed = harness.fixtures.url("after.png")
            XCTAssertEqual(rename(url.path, renamed.path), 0)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.path == RawPath(renamed.path) }, "the tab follows its file")
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "after.png")
            GtkTestEnvironment.pump(for: 0.5)
            XCTAssertFalse(view.model.file.isDeleted)
            XCTAssertFalse(view.fileBanner.isShown)
            XCTAssertEqual(view.canvas.zoom?.scale, 2, "same image, same view")
            XCTAssertEqual(view.model.imagePath, RawPath(renamed.path), "more detail and exports read the new name")

            // And it is still followed under its new name.
            let replacement = harness.fixtures.image("tmp-after.png", width: 300, height: 200) { _, _ in RGBA(200, 200, 0) }
            XCTAssertEqual(rename(replacement.path, renamed.path), 0)
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    ZoomTests.settle(view)
                    return (try? Self.centreColour(view).isClose(to: RGBA(200, 200, 0))) ?? false
                })
        }
    }
}
