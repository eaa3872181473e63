import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: Delete moves the shown file to the trash (this run's own, under its
/// XDG_DATA_HOME), the tab goes on to the next image, and Undo puts the file back, its
/// bytes unchanged, and shows it again.
final class TrashTests: XCTestCase {
    @MainActor static func folder(_ harness: AppHarness, _ names: [String]) throws -> [URL] {
        let folder = harness.fixtures.url("trash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return names.enumerated().map { index, name in
            harness.fixtures.quadrants("\(folder.lastPathComponent)/\(name)", width: 120 + index, height: 80)
        }
    }

    func testDeleteMovesToTheTrashAndUndoPutsItBack() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = try Self.folder(harness, ["a.png", "b.png", "c.png"])
            let bytes = harness.fixtures.data(of: urls[1])
            let window = try XCTUnwrap(harness.open([urls[1]]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.target(of: .next) != nil }, "the folder is listed")
            XCTAssertTrue(window.actions.isEnabled("trash"))

            window.actions.activate("trash")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { view.document.path == RawPath(urls[2].path) && view.canvas.zoom != nil },
                "the tab shows the next image")
            XCTAssertFalse(FileManager.default.fileExists(atPath: urls[1].path), "gone from its folder")
            let trashed = try XCTUnwrap(Trash.latestItem(from: RawPath(urls[1].path)), "in the trash")
            XCTAssertTrue(trashed.file.displayString.hasPrefix(String(cString: g_get_user_data_dir())), "this run's trash, not the user's")
            XCTAssertEqual(window.toasts.last?.title, "“b.png” moved to the trash")
            GtkTestEnvironment.pump(for: Double(DocumentModel.fileSettleMilliseconds) / 1000 + 0.2)
            XCTAssertFalse(view.fileBanner.isShown, "its own deletion is no news")

            let undo = try XCTUnwrap(window.toasts.last?.undo)
            undo()
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { FileManager.default.fileExists(atPath: urls[1].path) }, "back")
            XCTAssertEqual(harness.fixtures.data(of: urls[1]), bytes, "the same bytes")
            // The file comes back first, its trash record goes after: waited for, not assumed.
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { Trash.latestItem(from: RawPath(urls[1].path)) == nil }, "and out of the trash")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { window.selectedView?.document.path == RawPath(urls[1].path) }, "shown again")
        }
    }

    /// No trash can be made (its place is taken by a file): a clear message, and the file
    /// stays where it is, shown as before.
    func testWithoutATrashNothingIsDeletedAndTheToastSaysWhy() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = try Self.folder(harness, ["a.png", "b.png"])
            let trash = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("Trash")
            let aside = trash.deletingLastPathComponent().appendingPathComponent("Trash-aside-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: trash.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: trash.path) { try FileManager.default.moveItem(at: trash, to: aside) }
            XCTAssertTrue(FileManager.default.createFile(atPath: trash.path, contents: Data("not a folder".utf8)))
            defer {
                try? FileManager.default.removeItem(at: trash)
                try? FileManager.default.moveItem(at: aside, to: trash)
            }
            let window = try XCTUnwrap(harness.open([urls[0]]))
            let view = try XCTUnwrap(window.selectedView)
            window.actions.activate("trash")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    window.toasts.last?.title.hasPrefix("“a.png” was not moved to the trash: ") == true
                },
                "the toast says so: \(window.toasts.last?.title ?? "none")")
            XCTAssertNil(window.toasts.last?.undo, "nothing to undo")
            XCTAssertTrue(FileManager.default.fileExists(atPath: urls[0].path), "the file is where it was")
            XCTAssertEqual(view.document.path, RawPath(urls[0].path), "and still shown")
            XCTAssertTrue(window.actions.isEnabled("trash"), "it can be tried again")
        }
    }

    func testTheLastImageOfAFolderClosesItsTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = try Self.folder(harness, ["only.png"])
            let other = harness.fixtures.quadrants("elsewhere.png")
            let window = try XCTUnwrap(harness.open([other, urls[0]]))
            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.selectedView?.canvas.zoom != nil })
            window.actions.activate("trash")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.pageCount == 1 }, "its tab closed")
            XCTAssertEqual(window.selectedView?.document.path, RawPath(other.path))
        }
    }

    func testUndoNeverOverwritesAFileThatTookTheName() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start()) // this run's XDG_DATA_HOME, before any trash is touched
            let fixtures = Fixtures()
            let url = fixtures.quadrants("taken.png")
            let path = RawPath(url.path)
            try Trash.move(path)
            let newcomer = fixtures.bytes("taken.png", [1, 2, 3])
            XCTAssertThrowsError(try Trash.restore(path)) { XCTAssertEqual($0 as? Trash.Failure, .occupied) }
            XCTAssertEqual(fixtures.data(of: newcomer), [1, 2, 3], "left alone")
            try FileManager.default.removeItem(at: newcomer)
            try Trash.restore(path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
            XCTAssertThrowsError(try Trash.restore(path)) { XCTAssertEqual($0 as? Trash.Failure, .notFound) }
        }
    }

    func testShiftDeleteAsksThenDeletesForGood() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = try Self.folder(harness, ["a.png", "b.png"])
            let window = try XCTUnwrap(harness.open([urls[0]]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.target(of: .next) != nil }, "the folder is listed")
            XCTAssertTrue(window.actions.isEnabled("delete-permanently"))

            let asked = try XCTUnwrap(window.fileActions.confirmDeletion())
            adw_message_dialog_response(asked, "cancel")
            GtkTestEnvironment.pump(for: 0.3)
            XCTAssertTrue(FileManager.default.fileExists(atPath: urls[0].path), "Cancel keeps it")

            let dialog = try XCTUnwrap(window.fileActions.confirmDeletion())
            adw_message_dialog_response(dialog, "confirm")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { view.document.path == RawPath(urls[1].path) }, "the tab shows the next image")
            XCTAssertFalse(FileManager.default.fileExists(atPath: urls[0].path), "deleted")
            XCTAssertNil(Trash.latestItem(from: RawPath(urls[0].path)), "not in the trash")
            XCTAssertEqual(window.toasts.last?.title, "“a.png” deleted")
            XCTAssertNil(window.toasts.last?.undo, "nothing to undo")
        }
    }
}
