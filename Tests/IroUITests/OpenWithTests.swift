import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: Open With… offers the applications for the file's type, and the one
/// chosen is started on the file.
final class OpenWithTests: XCTestCase {
    func testTheChooserIsForTheFilesTypeAndTheChosenApplicationGetsTheFile() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("open me.png")
            let window = try XCTUnwrap(harness.open([url]))
            XCTAssertTrue(window.actions.isEnabled("open-with"))
            let dialog = OpenWith.choose(for: RawPath(url.path), over: window.window) { XCTFail("failed: \($0)") }
            let chooser = gcastOpaque(raw(dialog), gtk_app_chooser_get_type())
            XCTAssertEqual(takeString(gtk_app_chooser_get_content_type(chooser)), "image/png")
            gtk_window_destroy(gcast(raw(dialog), gtk_window_get_type()))

            // An application that writes the file it is given: the launch after the choice.
            let record = harness.fixtures.url("opened.txt")
            let made = try withGError {
                g_app_info_create_from_commandline(
                    "/bin/sh -c 'printf %s \"$1\" > \"\(record.path)\"' sh", "recorder", G_APP_INFO_CREATE_NONE, $0)
            }
            let app = try XCTUnwrap(made)
            defer { g_object_unref(raw(app)) }
            XCTAssertNil(OpenWith.launch(app, with: RawPath(url.path), on: gdk_display_get_default()))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { (try? String(contentsOf: record, encoding: .utf8)) == url.path })
        }
    }
}
