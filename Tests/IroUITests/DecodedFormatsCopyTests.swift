import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// JPEG XL and camera RAW shown reduced are copied with every pixel, and exported, like the
/// formats gdk-pixbuf reads (BEHAVIOUR D6, F4).
final class DecodedFormatsCopyTests: XCTestCase {
    /// Copies the window's image; the copied texture's size and its colour at the middle of
    /// its bottom-right quadrant.
    @MainActor static func copied(_ window: DocumentWindow) -> (width: Int, height: Int, colour: RGBA)? {
        // Emptied first: the copy of a picture shown reduced comes once it is decoded whole.
        if let clipboard = gtk_widget_get_clipboard(window.window.widget) { gdk_clipboard_set_content(clipboard, nil) }
        window.actions.activate("copy")
        var copied: (RGBA, Int, Int)?
        _ = GtkTestEnvironment.pump(timeout: 20) {
            ImageClipboardTests.clipboardValue(window, gdk_texture_get_type()) {
                let texture = OpaquePointer(g_value_get_object($0)!)
                let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
                copied = ImageClipboardTests.pixel(of: texture, 3 * width / 4, 3 * height / 4)
            }
        }
        return copied.map { ($0.1, $0.2, $0.0) }
    }

    func testAJPEGXLShownReducedIsCopiedWholeAndExported() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let png = harness.fixtures.quadrants("large.png", width: 4800, height: 3200)
            let url = try CodecFixtures.jxl(from: png, options: ["-d", "0", "-e", "1"])
            let window = try XCTUnwrap(harness.open([url]))
            XCTAssertLessThan(window.selectedView?.model.levels?.detail ?? 1, 1, "shown reduced")
            let copy = try XCTUnwrap(Self.copied(window))
            XCTAssertEqual([copy.width, copy.height], [4800, 3200])
            XCTAssertEqual(copy.colour, Fixtures.quadrantColor(x: 3600, y: 2400, width: 4800, height: 3200))

            let view = try XCTUnwrap(window.selectedView)
            let destination = harness.fixtures.url("exported.png")
            XCTAssertNil(try HueExportActionTests.export(view, to: destination, parent: window.window))
            let written = try XCTUnwrap(try withGError { gdk_pixbuf_new_from_file(destination.path, $0) })
            defer { g_object_unref(raw(written)) }
            let p =
                try XCTUnwrap(gdk_pixbuf_read_pixels(written)) + Int(gdk_pixbuf_get_rowstride(written))
                * Int(gdk_pixbuf_get_height(written) / 4)
            XCTAssertEqual([p[0], p[1], p[2]], [255, 0, 0], "the red top-left quadrant")
        }
    }

    /// A RAW shows its preview; the copy is the sensor's picture, developed whole.
    func testACameraRawIsCopiedAsTheSensorsWholePicture() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = try CodecFixtures.dng(harness.fixtures.url("IMG_0001.dng"), ["--size", "800x600", "--preview", "400x300"])
            let window = try XCTUnwrap(harness.open([url]))
            let copy = try XCTUnwrap(Self.copied(window))
            XCTAssertEqual([copy.width, copy.height], [800, 600])
            XCTAssertTrue(
                copy.colour.isClose(to: CodecFixtures.dngSceneColour(x: 600, y: 450, width: 800, height: 600), tolerance: 12),
                "\(copy.colour)")
        }
    }
}
