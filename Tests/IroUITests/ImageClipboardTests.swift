import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: Ctrl+C puts the image on the clipboard as every pixel of the file and as
/// the file itself; Ctrl+Shift+C its path as text. (End-to-end, test_clipboard.py reads
/// the X clipboard back with xclip.)
final class ImageClipboardTests: XCTestCase {
    /// The clipboard's own content (set in this process), as a value of `type`.
    @MainActor static func clipboardValue(_ window: DocumentWindow, _ type: GType, read: (UnsafeMutablePointer<GValue>) -> Void) -> Bool {
        guard let clipboard = gtk_widget_get_clipboard(window.window.widget), let content = gdk_clipboard_get_content(clipboard)
        else { return false }
        return readContent(of: content, as: type, read)
    }

    @MainActor static func formats(_ window: DocumentWindow) -> [String] {
        guard let clipboard = gtk_widget_get_clipboard(window.window.widget), let formats = gdk_clipboard_get_formats(clipboard) else {
            return []
        }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// The colour of the texture's pixel at (x, y), and its size.
    @MainActor static func pixel(of texture: OpaquePointer, _ x: Int, _ y: Int) -> (RGBA, Int, Int) {
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        let i = (y * width + x) * 4
        return (RGBA(bytes[i + 2], bytes[i + 1], bytes[i], bytes[i + 3]), width, height)
    }

    func testCopyOffersThePixelsAndTheFile() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("four.png", width: 400, height: 300)
            let window = try XCTUnwrap(harness.open([url]))
            window.selectedView?.hueControl.value = 0.8 // the copy is the file's pixels, not the hue shown
            XCTAssertTrue(window.actions.isEnabled("copy"))
            window.actions.activate("copy")
            let offered = Self.formats(window)
            for mime in ["image/png", "text/uri-list", "x-special/gnome-copied-files"] {
                XCTAssertTrue(offered.contains(mime), "\(mime) in \(offered)")
            }
            var copied: (RGBA, Int, Int)?
            XCTAssertTrue(
                Self.clipboardValue(window, gdk_texture_get_type()) {
                    copied = Self.pixel(of: OpaquePointer(g_value_get_object($0)!), 300, 225)
                })
            XCTAssertEqual(copied?.1, 400)
            XCTAssertEqual(copied?.2, 300)
            XCTAssertEqual(copied?.0, Fixtures.quadrantColor(x: 300, y: 225, width: 400, height: 300))
            var path: String?
            XCTAssertTrue(
                Self.clipboardValue(window, g_file_get_type()) {
                    path = takeString(g_file_get_path(OpaquePointer(g_value_get_object($0)!)))
                })
            XCTAssertEqual(path, url.path)
        }
    }

    func testALargeJPEGShownReducedIsCopiedWithEveryPixel() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("large.jpg", width: 4000, height: 3000, type: "jpeg")
            let window = try XCTUnwrap(harness.open([url]))
            XCTAssertLessThan(window.selectedView?.model.levels?.detail ?? 1, 1)
            // Emptied first, so that what an earlier test copied is not taken for this copy.
            if let clipboard = gtk_widget_get_clipboard(window.window.widget) { gdk_clipboard_set_content(clipboard, nil) }
            window.actions.activate("copy")
            var width = 0
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 20) {
                    Self.clipboardValue(window, gdk_texture_get_type()) {
                        width = Int(gdk_texture_get_width(OpaquePointer(g_value_get_object($0)!)))
                    }
                })
            XCTAssertEqual(width, 4000)
        }
    }

    func testCopyPathGivesThePathAsText() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("a picture.png")
            let window = try XCTUnwrap(harness.open([url]))
            window.actions.activate("copy-path")
            var text: String?
            XCTAssertTrue(
                Self.clipboardValue(window, g_type_from_name("gchararray")) { text = g_value_get_string($0).map { String(cString: $0) } })
            XCTAssertEqual(text, url.path)
        }
    }

    func testAnErrorTabHasNoImageToCopyButItsPath() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.bytes("broken.png", [0x89, 0x50, 0x4E, 0x47])
            let window = try XCTUnwrap(harness.open([url]))
            XCTAssertEqual(window.selectedView?.visiblePage, "error")
            XCTAssertFalse(window.actions.isEnabled("copy"))
            XCTAssertTrue(window.actions.isEnabled("copy-path"))
            window.actions.activate("copy-path")
            var text: String?
            XCTAssertTrue(
                Self.clipboardValue(window, g_type_from_name("gchararray")) { text = g_value_get_string($0).map { String(cString: $0) } })
            XCTAssertEqual(text, url.path)
        }
    }
}
