import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR D6 from the window: the command, its shortcut and menu item, and what the
/// person sees when an export fails. (The file chooser itself is not driven here; the
/// export after it is.)
final class HueExportActionTests: XCTestCase {
    func testSaveCopyIsAWindowActionOnCtrlShiftSAndInThePrimaryMenu() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png")]))
            XCTAssertTrue(window.actions.isEnabled("save-copy"))
            XCTAssertTrue(window.actions.isEnabled("reset-hue"))
            let app = gcast(raw(harness.app.application), gtk_application_get_type(), as: GtkApplication.self)
            let actions = gtk_application_get_actions_for_accel(app, "<Control><Shift>s")
            defer { g_strfreev(actions) }
            XCTAssertEqual(actions.flatMap { string($0[0]) }, "win.save-copy")
            XCTAssertTrue(PrimaryMenu.items.joined().contains { $0.action == "win.save-copy" && $0.label == "Save a Cop_y…" })
        }
    }

    func testTheExportHoldsTheTabsHue() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let original = harness.fixtures.image("red.png", width: 40, height: 30) { _, _ in RGBA(255, 0, 0) }
            let window = try XCTUnwrap(harness.open([original]))
            let view = try XCTUnwrap(window.selectedView)
            view.hueControl.value = 0.5 + 1.0 / 3
            let destination = harness.fixtures.url("red-adjusted.png")
            let outcome = try Self.export(view, to: destination, parent: window.window)
            XCTAssertNil(outcome)
            let written = try XCTUnwrap(try withGError { gdk_pixbuf_new_from_file(destination.path, $0) })
            defer { g_object_unref(raw(written)) }
            let p = try XCTUnwrap(gdk_pixbuf_read_pixels(written))
            XCTAssertEqual([p[0], p[1], p[2]], [0, 113, 0], "red at +120° (see HuePixelTests)")
            XCTAssertNil(Self.failureDialog(), "no error shown on success")
        }
    }

    func testAFailureIsShownInADialogAndNothingIsWritten() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let original = harness.fixtures.quadrants("q.png")
            let window = try XCTUnwrap(harness.open([original]))
            let view = try XCTUnwrap(window.selectedView)
            let before = harness.fixtures.data(of: original)

            let outcome = try Self.export(view, to: original, parent: window.window)
            XCTAssertEqual(outcome, .sameAsOriginal)
            XCTAssertEqual(harness.fixtures.data(of: original), before, "the original is untouched")
            let dialog = try XCTUnwrap(Self.failureDialog(), "the failure is shown")
            let message = gcast(raw(dialog), adw_message_dialog_get_type(), as: AdwMessageDialog.self)
            XCTAssertEqual(string(adw_message_dialog_get_heading(message)), ExportFailureDialog.heading)
            XCTAssertTrue(string(adw_message_dialog_get_body(message))?.contains("choose another name") == true)
            XCTAssertEqual(gtk_window_get_transient_for(cast(dialog)), window.window)
            gtk_window_destroy(cast(dialog))

            let missing = harness.fixtures.url("missing/out.png")
            XCTAssertEqual(
                try Self.export(view, to: missing, parent: window.window),
                .folderMissing(path: harness.fixtures.url("missing").path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
            let second = try XCTUnwrap(Self.failureDialog())
            gtk_window_destroy(cast(second))
        }
    }

    /// Runs `ExportAdjustedCopy.export` for the tab as the command would after the dialog,
    /// pumping the main loop until it reports.
    @MainActor
    static func export(
        _ view: DocumentView, to destination: URL,
        parent: UnsafeMutablePointer<GtkWindow>
    ) throws -> ExportError? {
        let image = try XCTUnwrap(view.model.levels?.image)
        let snapshot = try XCTUnwrap(PixbufSnapshot(copying: image.pixbuf))
        final class Outcome { var value: ExportError?? }
        let outcome = Outcome()
        let hue = view.model.hue, original = view.document.path
        Task {
            outcome.value = .some(
                await ExportAdjustedCopy.export(
                    snapshot, hue: hue, original: original,
                    to: RawPath(destination.path), parent: parent))
        }
        XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { outcome.value != nil })
        return outcome.value ?? nil
    }

    /// The export failure dialog among the open windows, if any.
    @MainActor
    static func failureDialog() -> UnsafeMutablePointer<GtkWidget>? {
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(item)
            if isInstance(item, of: adw_message_dialog_get_type()) { return cast(item) }
        }
        return nil
    }
}
