import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Stepping through the folder of the image shown (BEHAVIOUR F1), in real windows.
final class FolderBrowsingTests: XCTestCase {
    /// A folder of images named so that natural order differs from byte order, plus
    /// files that do not take part: text, a hidden image, a subfolder.
    @MainActor static func folder(_ harness: AppHarness, sizes: [String: (Int, Int)] = [:]) throws -> URL {
        let folder = harness.fixtures.url("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in ["b1.png", "b2.png", "b9.png", "b10.png", "b11.png"].enumerated() {
            let (width, height) = sizes[name] ?? (320, 240)
            harness.fixtures.image("photos/\(name)", width: width, height: height) { _, _ in RGBA(UInt8(index * 50), 80, 160) }
        }
        harness.fixtures.quadrants("photos/.hidden.png")
        harness.fixtures.bytes("photos/notes.txt", Array("not an image".utf8))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub.png"), withIntermediateDirectories: true)
        return folder
    }

    /// Opens `name` of the test folder (`folder(_:sizes:)`) and waits until it is listed.
    @MainActor static func openListed(
        _ harness: AppHarness, _ name: String = "b9.png", sizes: [String: (Int, Int)] = [:]
    ) throws -> (folder: URL, window: DocumentWindow, view: DocumentView) {
        let folder = try Self.folder(harness, sizes: sizes)
        let window = try XCTUnwrap(harness.open([folder.appendingPathComponent(name)]))
        return (folder, window, try XCTUnwrap(listed(window)))
    }

    /// Waits until the selected tab's folder is listed and nothing is loading.
    @MainActor static func listed(_ window: DocumentWindow) -> DocumentView? {
        GtkTestEnvironment.pump(timeout: 10) {
            window.selectedView.map { $0.model.folderBrowser?.isListed == true && !$0.model.isLoading && shown($0) } ?? false
        }
        return window.selectedView
    }

    @MainActor static func go(_ window: DocumentWindow, _ action: String) {
        window.actions.activate(action)
        GtkTestEnvironment.pump(timeout: 10) { window.selectedView.map { !$0.model.isLoading && shown($0) } ?? false }
    }

    /// Whether the view shows its image with a size: the canvas, or a document's stacked pages.
    @MainActor static func shown(_ view: DocumentView) -> Bool { view.canvas.zoom != nil || view.pages.continuous.zoom != nil }

    @MainActor static func shownName(_ window: DocumentWindow) -> String? { window.selectedView?.document.displayName }

    func testStepsThroughTheFolderInNaturalOrderSkippingOtherFilesAndStoppingAtTheEnds() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (_, window, view) = try Self.openListed(harness)
            XCTAssertEqual(
                view.model.folderBrowser?.list.entries.map(\.name.displayString), ["b1.png", "b2.png", "b9.png", "b10.png", "b11.png"])
            XCTAssertEqual(view.model.observable.string(DocumentModel.Property.folderPosition), "3 / 5")

            Self.go(window, "next-image")
            XCTAssertEqual(Self.shownName(window), "b10.png")
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "b10.png", "the window title follows")
            XCTAssertEqual(window.pageCount, 1, "in the same tab")
            XCTAssertEqual(view.model.observable.string(DocumentModel.Property.folderPosition), "4 / 5")
            Self.go(window, "next-image")
            XCTAssertEqual(Self.shownName(window), "b11.png")
            XCTAssertFalse(window.actions.isEnabled("next-image"), "no wrap-around at the end")
            XCTAssertFalse(window.actions.isEnabled("last-image"))
            XCTAssertEqual(gtk_widget_get_sensitive(window.header.stepButtons.next), 0, "the next button too")
            window.actions.activate("next-image")
            XCTAssertEqual(Self.shownName(window), "b11.png")

            Self.go(window, "first-image")
            XCTAssertEqual(Self.shownName(window), "b1.png")
            XCTAssertFalse(window.actions.isEnabled("previous-image"))
            XCTAssertEqual(gtk_widget_get_sensitive(window.header.stepButtons.previous), 0)
            XCTAssertEqual(gtk_widget_get_sensitive(window.header.stepButtons.next), 1)
            Self.go(window, "last-image")
            XCTAssertEqual(Self.shownName(window), "b11.png")
            Self.go(window, "previous-image")
            XCTAssertEqual(Self.shownName(window), "b10.png")
        }
    }

    func testAStepStartsFromAFreshView() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (_, window, view) = try Self.openListed(harness, sizes: ["b9.png": (3000, 2000), "b10.png": (3000, 2000)])
            XCTAssertEqual(view.canvas.zoom?.mode, .bestFit)
            window.actions.activate("zoom-reset")
            window.actions.activate("rotate-clockwise")
            view.hueControl.value = 0.8
            GtkTestEnvironment.pump(for: 0.1)

            Self.go(window, "next-image")
            XCTAssertEqual(Self.shownName(window), "b10.png")
            XCTAssertEqual(view.canvas.zoom?.mode, .bestFit, "best fit again, though the size is the same")
            XCTAssertEqual(view.canvas.quarterTurns, 0)
            XCTAssertEqual(view.hueControl.value, 0.5)
            XCTAssertEqual(view.model.hue, 0.5)
        }
    }

    /// The view is the document's, and a step replaces it only when the next image arrives:
    /// until then the image stepped from is still shown as it was (zoomed, with the zoom
    /// toolbar), and the window follows the fresh view once it is there.
    func testTheImageSteppedFromKeepsItsViewUntilTheNextArrives() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (_, window, view) = try Self.openListed(harness, sizes: ["b9.png": (3000, 2000), "b10.png": (3000, 2000)])
            window.actions.activate("zoom-reset")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { view.model.view.zoom?.mode == .manual && !view.canvas.animator.isRunning })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !window.actions.isEnabled("zoom-reset") }, "the toolbar follows")
            view.model.preloader.dropAll() // so b10 is decoded after the step, not taken from ahead
            window.actions.activate("next-image")
            XCTAssertTrue(view.model.isLoading)
            XCTAssertEqual(view.canvas.zoom?.mode, .manual, "b9 is still shown at 100 % while b10 decodes")
            XCTAssertEqual(view.canvas.zoom, view.model.view.zoom)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !view.model.isLoading })
            XCTAssertEqual(Self.shownName(window), "b10.png")
            XCTAssertEqual(view.model.view.zoom?.mode, .bestFit, "b10 starts from a fresh view")
            XCTAssertEqual(view.model.view.scrollOffset, Point(x: 0, y: 0))
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 5) { window.actions.isEnabled("zoom-reset") }, "the toolbar follows the document's zoom")
        }
    }

    /// A step from a zoomed-in, scrolled image draws the next image, whole, in its first frames.
    func testAStepFromAZoomedInImageDrawsTheNextImage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (folder, window, view) = try Self.openListed(harness, sizes: ["b9.png": (3000, 2000), "b10.png": (3000, 2000)])
            let next = RawPath(folder.appendingPathComponent("b10.png").path)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.preloader.isReady(next) })
            window.actions.activate("zoom-200")
            view.canvas.configureAdjustments(offset: Point(x: 2500, y: 1500))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { view.canvas.showsExactRendering })
            window.actions.activate("next-image")
            XCTAssertEqual(Self.shownName(window), "b10.png")
            XCTAssertEqual(view.canvas.zoom?.mode, .bestFit)
            XCTAssertEqual(view.canvas.offset, .zero)
            let horizontal = gtk_scrollable_get_hadjustment(OpaquePointer(view.canvas.widget))!
            XCTAssertEqual(gtk_adjustment_get_value(horizontal), 0, "the scrollbars show the fresh view")
            XCTAssertEqual(gtk_adjustment_get_upper(horizontal), gtk_adjustment_get_page_size(horizontal), "nothing to scroll at best fit")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { view.canvas.showsExactRendering })
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let centre = pixels.pixel(pixels.width / 2, pixels.height / 2)
            XCTAssertTrue(centre.isClose(to: RGBA(150, 80, 160), tolerance: 3), "b10's colour at the centre: \(centre)")
        }
    }

    func testTheFolderWatchUpdatesTheListAndThePosition() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (folder, window, view) = try Self.openListed(harness)
            let offsetBefore = view.canvas.offset
            let count = { view.model.folderBrowser?.list.entries.count ?? 0 }

            harness.fixtures.quadrants("photos/b5.png")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { count() == 6 }, "an image added joins the list")
            XCTAssertEqual(view.model.observable.string(DocumentModel.Property.folderPosition), "4 / 6")
            XCTAssertEqual(string(adw_window_title_get_subtitle(window.header.title)), "4 / 6", "and the header says so")

            try FileManager.default.removeItem(at: folder.appendingPathComponent("b1.png"))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { count() == 5 }, "an image removed leaves it")
            XCTAssertEqual(view.model.observable.string(DocumentModel.Property.folderPosition), "3 / 5")

            try FileManager.default.moveItem(at: folder.appendingPathComponent("b2.png"), to: folder.appendingPathComponent("z.png"))
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { view.model.folderBrowser?.list.entries.last?.name == RawPath("z.png") },
                "an image renamed moves to its new place")
            XCTAssertEqual(view.model.observable.string(DocumentModel.Property.folderPosition), "2 / 5")
            harness.fixtures.bytes("photos/more.txt", Array("still not an image".utf8))
            GtkTestEnvironment.pump(for: 0.5)
            XCTAssertEqual(count(), 5, "other files stay out")

            XCTAssertEqual(Self.shownName(window), "b9.png", "the image shown is the same")
            XCTAssertEqual(view.canvas.offset, offsetBefore, "and the view did not move")
        }
    }

    func testZoomedInTheArrowsScrollToTheEdgeBeforeStepping() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (_, _, view) = try Self.openListed(harness, sizes: ["b9.png": (4000, 600)])
            let canvas = view.canvas
            let keys = try XCTUnwrap(canvas.keyController)
            let right = { iro_emit_key_pressed(raw(keys), guint(GDK_KEY_Right), GdkModifierType(0)) }

            XCTAssertEqual(right(), 0, "at best fit the canvas leaves Right to the window (a step)")
            canvas.setScale(1)
            canvas.configureAdjustments(offset: Point(x: 0, y: 0)) // at the left edge
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(canvas.offset.x, 0)
            XCTAssertEqual(right(), 1, "zoomed in, Right scrolls")
            XCTAssertGreaterThan(canvas.offset.x, 0)
            var presses = 0
            while right() != 0, presses < 200 { presses += 1 }
            let zoom = try XCTUnwrap(canvas.zoom)
            XCTAssertEqual(
                canvas.offset.x, zoom.contentSize(at: 1).width - canvas.viewportSize.width, accuracy: 0.5,
                "it stops scrolling at the image's edge, then leaves the key to the window")
            XCTAssertEqual(iro_emit_key_pressed(raw(keys), guint(GDK_KEY_Down), GdkModifierType(0)), 1, "Up and Down still scroll")
        }
    }

    /// A tab opened behind another lists its folder only once it is shown: opening many
    /// files of a large folder starts one listing, not one per tab.
    func testATabInTheBackgroundListsItsFolderWhenShown() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let folder = try Self.folder(harness)
            let window = try XCTUnwrap(harness.open(["b1.png", "b9.png"].map { folder.appendingPathComponent($0) }))
            let shown = try XCTUnwrap(Self.listed(window))
            let behind = try XCTUnwrap(window.views.first { $0 !== shown })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !behind.model.isLoading })
            GtkTestEnvironment.pump(for: 0.2)
            XCTAssertNil(behind.model.folderBrowser, "not listed while in the background")
            adw_tab_view_set_selected_page(window.tabView, try XCTUnwrap(window.pages.first { DocumentWindow.view(of: $0) === behind }))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { behind.model.folderBrowser?.isListed == true }, "listed once shown")
        }
    }

    /// A neighbour decoded ahead that then changes on disk is decoded again: the step
    /// shows the file as it is now.
    func testANeighbourChangedOnDiskIsDecodedAgain() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (folder, window, view) = try Self.openListed(harness)
            let next = RawPath(folder.appendingPathComponent("b10.png").path)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.preloader.isReady(next) })
            harness.fixtures.image("photos/b10.png", width: 200, height: 100) { _, _ in RGBA(10, 200, 10) }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !view.model.preloader.isReady(next) }, "the stale decode goes")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.preloader.isReady(next) }, "and is made again")
            window.actions.activate("next-image")
            XCTAssertEqual(view.document.state, .loaded(width: 200, height: 100))
        }
    }

    func testTheNeighboursAreDecodedAheadAndShownAtOnce() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (folder, window, view) = try Self.openListed(harness)
            let next = RawPath(folder.appendingPathComponent("b10.png").path)
            let previous = RawPath(folder.appendingPathComponent("b2.png").path)
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { view.model.preloader.isReady(next) && view.model.preloader.isReady(previous) })
            XCTAssertGreaterThan(view.model.preloader.bytes, 0)

            window.actions.activate("next-image")
            XCTAssertFalse(view.model.isLoading, "decoded ahead: nothing to wait for")
            XCTAssertEqual(view.document.state, .loaded(width: 320, height: 240))
            XCTAssertEqual(view.model.levels?.width, 320)
            XCTAssertTrue(view.canvas.showsExactRendering, "its view was rendered ahead too: the first frame draws it")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { !view.model.preloader.isReady(previous) }, "b2 is no longer next to the image shown")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    view.model.preloader.isReady(RawPath(folder.appendingPathComponent("b11.png").path))
                })
        }
    }

    /// After a step to an image decoded ahead, more detail (zooming in) and exports come
    /// from the image stepped to, never the one before it; a JPEG of the same size as
    /// the one before shows it, because the levels of one image replace those of the other.
    func testMoreDetailComesFromTheImageSteppedTo() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let red = RGBA(200, 30, 30), blue = RGBA(30, 30, 200)
            try FileManager.default.createDirectory(at: harness.fixtures.url("shots"), withIntermediateDirectories: true)
            harness.fixtures.image("shots/a1.jpg", width: 4000, height: 3000, type: "jpeg") { _, _ in red }
            let second = harness.fixtures.image("shots/a2.jpg", width: 4000, height: 3000, type: "jpeg") { _, _ in blue }
            let window = try XCTUnwrap(harness.open([harness.fixtures.url("shots/a1.jpg")]))
            let view = try XCTUnwrap(Self.listed(window))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.preloader.isReady(RawPath(second.path)) })
            window.actions.activate("next-image")
            XCTAssertFalse(view.model.isLoading, "decoded ahead")
            XCTAssertEqual(view.model.imagePath, RawPath(second.path))
            XCTAssertLessThan(view.model.levels?.detail ?? 1, 1, "decoded with the detail the screen shows")

            window.actions.activate("zoom-reset")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { view.model.levels?.detail == 1 && !view.model.isLoading })
            let level = try XCTUnwrap(view.model.levels?.levels.first)
            let pixels = try XCTUnwrap(gdk_pixbuf_read_pixels(level.pixbuf))
            let colour = RGBA(pixels[0], pixels[1], pixels[2])
            XCTAssertTrue(colour.isClose(to: blue, tolerance: 8), "every pixel of a2.jpg, not a1.jpg: \(colour)")
        }
    }

    /// Page keys, Home and End step before any widget, except one that uses them: a
    /// focused slider (by page, to its ends) or text (its cursor); an impossible step
    /// leaves the key alone too.
    func testPageAndEndKeysStepUnlessTheFocusUsesThem() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let folder = try Self.folder(harness)
            let window = try XCTUnwrap(harness.open([folder.appendingPathComponent("b9.png")]))
            let view = try XCTUnwrap(window.selectedView)
            // Focused while the capsule shows its first seconds; the focus then keeps it.
            XCTAssertEqual(gtk_widget_grab_focus(view.hueControl.scale), 1, "the slider takes the focus")
            XCTAssertNotNil(Self.listed(window))
            let next = Browsing.unlessFocusKeepsIt("win.next-image")
            let last = Browsing.unlessFocusKeepsIt("win.last-image")
            let press = { (action: OpaquePointer) in
                gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, window.window.widget, nil)
            }

            XCTAssertEqual(press(next), 0, "declined: the slider moves by a page")
            XCTAssertEqual(Self.shownName(window), "b9.png")
            gtk_widget_grab_focus(view.canvas.widget)
            XCTAssertEqual(press(next), 1)
            Self.go(window, "last-image")
            XCTAssertEqual(Self.shownName(window), "b11.png")
            XCTAssertEqual(press(last), 0, "already at the end: the key is left for others")
            XCTAssertEqual(press(next), 0)

            let entry = gtk_entry_new()!
            gtk_box_append(cast(gtk_overlay_get_child(window.root)), entry)
            XCTAssertEqual(gtk_widget_grab_focus(entry), 1)
            Self.go(window, "first-image")
            XCTAssertEqual(press(next), 0, "declined: text moves its cursor")
            XCTAssertEqual(Self.shownName(window), "b1.png")
        }
    }

    func testOpenInNewTabKeepsBrowsingHere() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (_, window, _) = try Self.openListed(harness, "b2.png")
            window.actions.activate("open-in-new-tab")
            XCTAssertEqual(window.pageCount, 2)
            XCTAssertEqual(window.views.map(\.document.displayName), ["b2.png", "b2.png"])
            XCTAssertTrue(window.selectedView === window.views[0], "this tab stays selected")
            Self.go(window, "next-image")
            XCTAssertEqual(window.views.map(\.document.displayName), ["b9.png", "b2.png"], "each tab browses on its own")
        }
    }

    /// Run as an unprivileged user by meson-helpers/run-tests (root reads any folder).
    func testAFolderThatCannotBeListedStillShowsItsImage() throws {
        try XCTSkipIf(getuid() == 0, "root can list any folder; run-tests runs this as nobody")
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let folder = try Self.folder(harness)
            XCTAssertEqual(chmod(folder.path, 0o311), 0, "write and search, no read: the folder cannot be listed")
            defer { chmod(folder.path, 0o755) }
            let window = try XCTUnwrap(harness.open([folder.appendingPathComponent("b9.png")]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.folderBrowser?.unavailable != nil })
            XCTAssertEqual(view.visiblePage, "image", "the image opens")
            XCTAssertFalse(window.actions.isEnabled("next-image"))
            let tooltip = string(gtk_widget_get_tooltip_text(window.header.stepButtons.next)) ?? ""
            XCTAssertTrue(tooltip.hasPrefix("This folder cannot be listed"), tooltip)
        }
    }
}
