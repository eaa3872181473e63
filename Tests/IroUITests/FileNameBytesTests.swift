import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR A7, "bad input is normal input": Linux file names are bytes, not text. A file
/// whose name is not UTF-8 (Latin-1 "caf\xE9.png") opens like any other, by every way
/// in, and is titled with U+FFFD where a byte is not text.
final class FileNameBytesTests: XCTestCase {
    static let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
    static let title = "caf\u{FFFD}.png"

    /// Writes a 40×30 PNG under `name`; skips where the file system refuses the name.
    @MainActor static func latin1File(_ harness: AppHarness) throws -> [UInt8] {
        let png = harness.fixtures.data(of: harness.fixtures.quadrants("source.png", width: 40, height: 30))
        guard let path = harness.fixtures.bytes(named: name, png) else {
            throw XCTSkip("this file system refuses names that are not UTF-8")
        }
        return path
    }

    @MainActor static func assertShowsTheImage(_ view: DocumentView, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(view.document.state, .loaded(width: 40, height: 30), file: file, line: line)
        XCTAssertEqual(view.visiblePage, "image", "the image, not an error page", file: file, line: line)
        XCTAssertEqual(view.model.levels?.width, 40, file: file, line: line)
    }

    func testCommandLineOpensANameThatIsNotUTF8() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let path = try Self.latin1File(harness)
            let window = try XCTUnwrap(harness.launch([path]))
            let view = try XCTUnwrap(window.selectedView)
            Self.assertShowsTheImage(view)
            XCTAssertEqual(string(gtk_window_get_title(window.window)), Self.title)
            XCTAssertEqual(TabTests.titles(window), [Self.title])
            XCTAssertEqual(
                window.pages.first.flatMap { string(adw_tab_page_get_tooltip($0)) },
                harness.fixtures.folder.path + "/" + Self.title)

            // The file monitor watches the real name too: deleting it is noticed.
            XCTAssertEqual(
                (path + [0]).withUnsafeBufferPointer { unlink(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }, 0)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.file.isDeleted })
            XCTAssertTrue(view.fileBanner.text.contains(Self.title), view.fileBanner.text)
        }
    }

    func testDroppedFileWithANameThatIsNotUTF8Opens() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png"])))
            let path = try Self.latin1File(harness)
            var files: [OpaquePointer?] = [
                (path + [0]).withUnsafeBufferPointer {
                    g_file_new_for_path(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
                }
            ]
            defer { g_object_unref(raw(files[0]!)) }
            let list = gdk_file_list_new_from_array(&files, 1)
            var value = GValue()
            g_value_init(&value, gdk_file_list_get_type())
            g_value_take_boxed(&value, list.map { UnsafeRawPointer($0) })
            XCTAssertEqual(
                iro_emit_drop(
                    raw(try XCTUnwrap(controllers(of: window.window.widget, ofType: gtk_drop_target_get_type()).first)), &value, 10, 10), 1)
            g_value_unset(&value)
            GtkTestEnvironment.pump(timeout: 5) { window.views.allSatisfy { !$0.model.isLoading } }
            XCTAssertEqual(TabTests.titles(window), ["a.png", Self.title])
            Self.assertShowsTheImage(try XCTUnwrap(window.views.last))
        }
    }
}
