import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: a drag takes the file out of an image that fits the view; on an image
/// larger than the view it pans, unless Ctrl is held.
final class DragOutTests: XCTestCase {
    @MainActor static func path(in provider: UnsafeMutablePointer<GdkContentProvider>) -> String? {
        var path: String?
        _ = readContent(of: provider, as: g_file_get_type()) { path = takeString(g_file_get_path(OpaquePointer(g_value_get_object($0)!))) }
        return path
    }

    func testADragTakesTheFileWhenThereIsNothingToPan() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("small.png", width: 300, height: 200)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let content = try XCTUnwrap(view.dragContent(ctrlHeld: false))
            defer { g_object_unref(raw(content)) }
            // A file, which GTK writes as text/uri-list for the application it is dropped on.
            let offered = try XCTUnwrap(gdk_content_formats_union_serialize_mime_types(gdk_content_provider_ref_formats(content)))
            defer { gdk_content_formats_unref(offered) }
            XCTAssertNotEqual(gdk_content_formats_contain_gtype(offered, g_file_get_type()), 0)
            XCTAssertNotEqual(gdk_content_formats_contain_mime_type(offered, "text/uri-list"), 0)
            XCTAssertEqual(Self.path(in: content), url.path)
        }
    }

    func testOnAnImageThatScrollsOnlyCtrlDragTakesTheFile() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("big.png", width: 3000, height: 2000)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            window.actions.activate("zoom-reset") // 100 %: larger than the view
            ZoomTests.settle(view)
            XCTAssertNil(view.dragContent(ctrlHeld: false), "a plain drag pans")
            let content = try XCTUnwrap(view.dragContent(ctrlHeld: true))
            defer { g_object_unref(raw(content)) }
            XCTAssertEqual(Self.path(in: content), url.path)
        }
    }
}
