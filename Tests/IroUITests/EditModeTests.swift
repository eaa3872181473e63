import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR D7 in a real window: edit mode's bar and keys, Done showing the edited
/// picture, Save over the file with the original in the trash and Undo, Save insensitive with
/// its reason, and the question before unsaved edits are lost.
final class EditModeTests: XCTestCase {
    /// Opens a 400 × 300 PNG of four coloured quadrants in its own folder.
    @MainActor static func open(_ harness: AppHarness, name: String = "q.png", type: String = "png") throws -> (
        DocumentWindow, DocumentView, URL
    ) {
        let folder = harness.fixtures.url("edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = harness.fixtures.quadrants("\(folder.lastPathComponent)/\(name)", type: type)
        let window = try XCTUnwrap(harness.open([url]))
        return (window, try XCTUnwrap(window.selectedView), url)
    }

    @MainActor static func press(_ view: DocumentView, _ key: Int32, shift: Bool = false) {
        _ = view.canvas.cropKey(guint(key), state: shift ? GDK_SHIFT_MASK : GdkModifierType(rawValue: 0))
    }

    func testEditModeShowsItsBarAndTheKeysMoveAndResizeTheCrop() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, _) = try Self.open(harness)
            XCTAssertTrue(window.actions.isEnabled("edit"))
            XCTAssertFalse(window.actions.isEnabled("edit-done"), "only in edit mode")
            XCTAssertFalse(view.hasEditBar, "a tab makes its edit bar only when edit mode first shows")
            XCTAssertFalse(view.hasNoteSidebar, "nor a note's sidebar for an image")
            window.actions.activate("edit")
            XCTAssertNotNil(view.model.editing)
            XCTAssertTrue(view.hasEditBar)
            XCTAssertTrue(view.editBar.isShown)
            XCTAssertTrue(window.actions.isEnabled("edit-done"))
            XCTAssertEqual(string(gtk_label_get_text(view.editBar.size)), "400 × 300 px")

            // Shift+Left narrows by a hundredth of the longer side; Left then moves it.
            for _ in 0..<5 { Self.press(view, GDK_KEY_Left, shift: true) }
            Self.press(view, GDK_KEY_Up, shift: true)
            XCTAssertEqual(view.model.editing?.box.rect, PixelRect(x: 0, y: 0, width: 380, height: 296))
            Self.press(view, GDK_KEY_Right)
            Self.press(view, GDK_KEY_Down)
            XCTAssertEqual(view.model.editing?.box.rect, PixelRect(x: 4, y: 4, width: 380, height: 296))
            XCTAssertEqual(string(gtk_label_get_text(view.editBar.size)), "380 × 296 px")
            XCTAssertTrue(window.actions.isEnabled("save"), "edits to save")

            // The turn key turns the edit, not the view's own turn.
            window.actions.activate("rotate-clockwise")
            XCTAssertEqual(view.model.editing?.transform, .turnRight)
            XCTAssertEqual(view.canvas.quarterTurns, 1, "shown turned")
            window.actions.activate("edit-flip-horizontal")
            XCTAssertTrue(view.canvas.mirrored, "and shown flipped")

            window.actions.activate("edit-cancel")
            XCTAssertNil(view.model.editing)
            XCTAssertFalse(view.editBar.isShown)
            XCTAssertEqual(view.canvas.quarterTurns, 0, "the view as it was")
            XCTAssertFalse(view.canvas.mirrored)
            XCTAssertFalse(window.actions.isEnabled("save"), "nothing kept")
        }
    }

    /// The crop frame is drawn over the picture: the part left out is dimmed.
    func testTheCropIsDrawnAndThePartLeftOutDimmed() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, _) = try Self.open(harness)
            window.actions.activate("edit")
            view.model.changeEdit { $0.box.set(PixelRect(x: 200, y: 0, width: 200, height: 300)) }
            XCTAssertTrue(GtkTestEnvironment.waitUntilDrawn(view.canvas.widget))
            let frame = try XCTUnwrap(view.canvas.editFrame)
            let inside = Point(x: frame.x + 300 * frame.scale, y: frame.y + 250 * frame.scale)
            let outside = Point(x: frame.x + 100 * frame.scale, y: frame.y + 250 * frame.scale)
            let shot = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let kept = shot.pixel(Int(inside.x), Int(inside.y)), dimmed = shot.pixel(Int(outside.x), Int(outside.y))
            let keptColour = Fixtures.quadrantColor(x: 300, y: 250, width: 400, height: 300)
            let dimmedColour = Fixtures.quadrantColor(x: 100, y: 250, width: 400, height: 300)
            XCTAssertEqual(Double(kept.r), Double(keptColour.r), accuracy: 3, "inside the crop: as it is")
            XCTAssertEqual(Double(kept.g), Double(keptColour.g), accuracy: 3)
            XCTAssertLessThan(
                Double(dimmed.r) + Double(dimmed.g) + Double(dimmed.b),
                0.6 * Double(Int(dimmedColour.r) + Int(dimmedColour.g) + Int(dimmedColour.b)) + 1, "outside: dimmed")
        }
    }

    func testDoneShowsTheEditedPictureAsUnsavedEdits() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, url) = try Self.open(harness)
            let before = harness.fixtures.data(of: url)
            window.actions.activate("edit")
            view.model.changeEdit { $0.box.set(PixelRect(x: 200, y: 150, width: 200, height: 150)) }
            window.actions.activate("rotate-clockwise")
            window.actions.activate("edit-done")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.hasUnsavedEdits }, "the edit is made")
            XCTAssertNil(view.model.editing)
            let pyramid = try XCTUnwrap(view.model.levels)
            XCTAssertEqual([pyramid.width, pyramid.height], [150, 200], "the bottom-right quadrant, turned")
            XCTAssertEqual(view.canvas.quarterTurns, 0, "the new pixels stand as turned")
            XCTAssertEqual(harness.fixtures.data(of: url), before, "nothing written: Done only shows it")
            XCTAssertTrue(window.actions.isEnabled("save"))
            XCTAssertTrue(gtk_widget_get_visible(window.header.saveButton) != 0, "Save shows in the header")
        }
    }

    func testSaveReplacesTheFileAndUndoPutsTheOriginalBytesBack() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, url) = try Self.open(harness)
            let original = harness.fixtures.data(of: url)
            window.actions.activate("edit")
            window.actions.activate("edit-flip-horizontal")
            // Across the middle of the flipped picture: its left is the original's right.
            view.model.changeEdit { $0.box.set(PixelRect(x: 100, y: 0, width: 200, height: 150)) }
            window.actions.activate("edit-done")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.hasUnsavedEdits })
            window.actions.activate("save")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 15) { window.toasts.last?.title == "“q.png” saved; the original is in the trash" },
                "saved: \(window.toasts.last?.title ?? "")")
            XCTAssertFalse(view.model.hasUnsavedEdits)
            let saved = try XCTUnwrap(try withGError { gdk_pixbuf_new_from_file(url.path, $0) })
            defer { g_object_unref(raw(saved)) }
            XCTAssertEqual([Int(gdk_pixbuf_get_width(saved)), Int(gdk_pixbuf_get_height(saved))], [200, 150])
            // Flipped, then cut: pixel x of the result is x + 100 of the flipped picture, 299 − x of the original.
            let pixels = try XCTUnwrap(gdk_pixbuf_read_pixels(saved))
            let stride = Int(gdk_pixbuf_get_rowstride(saved)), channels = Int(gdk_pixbuf_get_n_channels(saved))
            for (x, y) in [(0, 0), (199, 0), (57, 133)] {
                let expected = Fixtures.quadrantColor(x: 299 - x, y: y, width: 400, height: 300)
                let at = y * stride + x * channels
                XCTAssertEqual([pixels[at], pixels[at + 1], pixels[at + 2]], [expected.r, expected.g, expected.b], "pixel \(x),\(y)")
            }
            let trashed = try XCTUnwrap(Trash.latestItem(from: RawPath(url.path)), "the original is in the trash")
            XCTAssertEqual(harness.fixtures.data(of: URL(fileURLWithPath: trashed.file.displayString)), original)

            let undo = try XCTUnwrap(window.toasts.last?.undo)
            undo()
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { harness.fixtures.data(of: url) == original }, "the original's bytes, exactly")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { Trash.latestItem(from: RawPath(url.path)) == nil }, "and out of the trash")
        }
    }

    func testSaveIsInsensitiveForAReadOnlyFileAndSaysWhy() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, url) = try Self.open(harness)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
            window.actions.activate("edit")
            window.actions.activate("rotate-clockwise")
            XCTAssertFalse(window.actions.isEnabled("save"))
            XCTAssertEqual(window.whyDisabled("save"), "The file is read-only: use Save Copy")
            XCTAssertTrue(window.actions.isEnabled("save-copy"), "a copy still can be saved")
            _ = view
        }
    }

    func testAFormatIroCannotWriteKeepsSaveInsensitive() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, _, _) = try Self.open(harness, name: "q.bmp", type: "bmp")
            window.actions.activate("edit")
            window.actions.activate("rotate-clockwise")
            XCTAssertFalse(window.actions.isEnabled("save"))
            XCTAssertEqual(
                window.whyDisabled("save"), "Iro cannot write BMP files without converting them: use Save Copy for PNG or JPEG")
        }
    }

    /// The dialog up now (AdwMessageDialog), answered with `response`.
    @MainActor static func answer(_ response: String) -> String? {
        let windows = gtk_window_list_toplevels()
        defer { g_list_free(windows) }
        var node = windows
        while let item = node {
            if let data = item.pointee.data,
                g_type_check_instance_is_a(data.assumingMemoryBound(to: GTypeInstance.self), adw_message_dialog_get_type()) != 0
            {
                let dialog = gcast(data, adw_message_dialog_get_type(), as: AdwMessageDialog.self)
                let heading = string(adw_message_dialog_get_heading(dialog))
                // Held while answered: the answer may close the window it belongs to, and it with it.
                g_object_ref(raw(dialog))
                adw_message_dialog_response(dialog, response)
                gtk_window_destroy(cast(dialog))
                g_object_unref(raw(dialog))
                return heading
            }
            node = item.pointee.next
        }
        return nil
    }

    func testClosingATabWithUnsavedEditsAsksFirst() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, url) = try Self.open(harness)
            window.open(RawPath(harness.fixtures.quadrants("other.png").path))
            GtkTestEnvironment.pump(timeout: 10) { window.views.count == 2 && window.views.allSatisfy { !$0.model.isLoading } }
            adw_tab_view_set_selected_page(window.tabView, window.page(of: view))
            window.actions.activate("edit")
            window.actions.activate("rotate-clockwise")

            window.actions.activate("close-tab")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("cancel") == "Save Changes to “q.png”?" }, "it asks")
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(window.views.count, 2, "Cancel keeps the tab")
            XCTAssertNotNil(view.model.editing, "and the edit")

            window.actions.activate("close-tab")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("discard") != nil })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { window.views.count == 1 }, "Discard closes it")
            XCTAssertEqual(harness.fixtures.data(of: url), harness.fixtures.data(of: harness.fixtures.quadrants("again.png")), "untouched")
        }
    }

    /// Another program rewrote the file while it was being edited: no reload (it would lose
    /// the edits) but a banner, and Save asks before replacing that version.
    func testAFileChangedOnDiskMeanwhileIsNotReplacedWithoutAsking() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, url) = try Self.open(harness)
            window.actions.activate("edit")
            window.actions.activate("rotate-clockwise")
            window.actions.activate("edit-done")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.hasUnsavedEdits })
            let theirs = harness.fixtures.data(of: harness.fixtures.quadrants("theirs.png", width: 300, height: 200))
            try Data(theirs).write(to: url)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.fileBanner.isShown }, "a banner says so")
            XCTAssertTrue(view.fileBanner.text.contains("changed by another program"), view.fileBanner.text)
            XCTAssertTrue(view.model.hasUnsavedEdits, "the edits are still there")
            XCTAssertEqual(view.model.levels.map { [$0.width, $0.height] }, [300, 400], "still the edited picture")

            window.actions.activate("save")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("cancel") == "Replace “q.png”?" }, "Save asks")
            GtkTestEnvironment.pump(for: 0.2)
            XCTAssertEqual(harness.fixtures.data(of: url), theirs, "Cancel leaves their version")
            XCTAssertTrue(view.model.hasUnsavedEdits)
        }
    }

    /// Stepping to the folder's next image asks about an edit under way; Discard goes on.
    func testSteppingAwayFromAnEditAsksFirst() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, url) = try Self.open(harness, name: "a.png")
            let next = harness.fixtures.quadrants("\(url.deletingLastPathComponent().lastPathComponent)/b.png", width: 200, height: 100)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.target(of: .next) != nil }, "the folder is listed")
            window.actions.activate("edit")
            view.model.changeEdit { $0.box.set(PixelRect(x: 0, y: 0, width: 100, height: 100)) }

            view.model.go(.next)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("cancel") == "Save Changes to “a.png”?" })
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(view.document.path, RawPath(url.path), "Cancel stays")
            XCTAssertNotNil(view.model.editing, "with the edit")

            view.model.go(.next)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("discard") != nil })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.path == RawPath(next.path) }, "Discard goes on")
            XCTAssertNil(view.model.editing)
        }
    }

    /// Closing the window asks about a tab's unsaved edits too, and Cancel keeps it open.
    func testClosingTheWindowWithUnsavedEditsAsksFirst() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view, _) = try Self.open(harness)
            window.actions.activate("edit")
            window.actions.activate("edit-flip-vertical")
            gtk_window_close(window.window)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("cancel") == "Save Changes to “q.png”?" })
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertTrue(harness.app.windows.contains { $0 === window }, "Cancel keeps the window")
            XCTAssertNotNil(view.model.editing)
            gtk_window_close(window.window)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { Self.answer("discard") != nil })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !harness.app.windows.contains { $0 === window } }, "Discard closes it")
        }
    }

    func testSaveCopySuggestsANameBesideTheOriginal() {
        XCTAssertEqual(SaveEdits.suggestedName(for: RawPath("/p/holiday.jpg"), formatName: "jpeg"), "holiday (edited).jpg")
        XCTAssertEqual(
            SaveEdits.suggestedName(for: RawPath("/p/scan.tiff"), formatName: "tiff"), "scan (edited).png", "TIFF is not written")
        XCTAssertEqual(SaveEdits.suggestedName(for: RawPath("/p/noext"), formatName: "png"), "noext (edited).png")
        XCTAssertEqual(
            SaveEdits.suggestedName(for: RawPath("/p/board.png"), formatName: "png", markedUp: true), "board (marked up).png",
            "a copy that only adds markup")
        XCTAssertEqual(
            SaveEdits.suggestedName(for: RawPath("/p/paper.pdf"), formatName: "pdf", markedUp: true, ext: ".pdf"),
            "paper (marked up).pdf", "a PDF's copy is a PDF")
    }
}
