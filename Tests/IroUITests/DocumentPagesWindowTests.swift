import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// A document of pages in a tab (BEHAVIOUR G2): the header's page indicator, the page keys'
/// actions going through the pages before the folder, typing a page number, in real windows.
final class DocumentPagesWindowTests: XCTestCase {
    /// What Enter in the entry does: its "activate" signal.
    @MainActor static func pressEnter(_ entry: UnsafeMutablePointer<GtkWidget>) {
        iro_emit_void(raw(entry), "activate")
    }

    /// A folder with a PNG, a PDF of three coloured pages (red, green, blue) and another PNG,
    /// in that order.
    @MainActor static func openPDF(_ harness: AppHarness) throws -> (window: DocumentWindow, view: DocumentView) {
        let folder = harness.fixtures.url("papers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        harness.fixtures.image("papers/a.png", width: 200, height: 150) { _, _ in RGBA(200, 200, 0) }
        DocumentFixtures.writePDF(
            [
                .init(width: 300, height: 420, colour: (1, 0, 0), text: "one"),
                .init(width: 420, height: 300, colour: (0, 1, 0), text: "two"),
                .init(width: 300, height: 300, colour: (0, 0, 1), text: "three"),
            ], to: folder.appendingPathComponent("b.pdf"))
        harness.fixtures.image("papers/c.png", width: 200, height: 150) { _, _ in RGBA(0, 200, 200) }
        let window = try XCTUnwrap(harness.open([folder.appendingPathComponent("b.pdf")]))
        return (window, try XCTUnwrap(FolderBrowsingTests.listed(window)))
    }

    @MainActor static func indicator(_ window: DocumentWindow) -> (number: String, total: String, visible: Bool) {
        let indicator = window.browsing.pageIndicator
        return (
            string(gtk_editable_get_text(gcastOpaque(raw(indicator.entry), gtk_editable_get_type()))) ?? "",
            string(gtk_label_get_text(indicator.total)) ?? "", gtk_widget_get_visible(indicator.widget) != 0
        )
    }

    @MainActor static func colourNear(_ view: DocumentView, _ expected: RGBA) -> Bool {
        GtkTestEnvironment.pump(timeout: 10) {
            guard !view.model.isLoading, let pixels = WidgetRenderer.render(view.canvas.widget) else { return false }
            // A point a fifth of the way down the page, in the middle: its colour, not the white band.
            guard let zoom = view.canvas.zoom else { return false }
            let pageHeight = Double(view.model.levels?.height ?? 0) * zoom.scale
            let y = Int((Double(pixels.height) - pageHeight) / 2 + pageHeight * 0.15)
            return pixels.pixel(pixels.width / 2, max(0, y)).isClose(to: expected, tolerance: 12)
        }
    }

    func testPageKeysGoThroughThePagesThenOnThroughTheFolder() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.openPDF(harness)
            XCTAssertEqual(view.document.pageCount, 3)
            XCTAssertTrue(Self.colourNear(view, RGBA(255, 0, 0)), "page one is red")
            var shown = Self.indicator(window)
            XCTAssertEqual([shown.number, shown.total], ["1", "/ 3"])
            XCTAssertTrue(shown.visible)
            XCTAssertTrue(window.actions.isEnabled("previous-image"), "before page one: the folder's previous file")
            XCTAssertFalse(window.actions.isEnabled("first-image"), "Home stays in the document, on its first page already")

            FolderBrowsingTests.go(window, "next-image")
            XCTAssertEqual(view.document.page, 1)
            XCTAssertEqual(FolderBrowsingTests.shownName(window), "b.pdf", "the same file")
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 255, 0)), "page two is green")
            XCTAssertEqual(view.model.levels.map { [$0.width, $0.height] }, [560, 400], "page two's own size")
            XCTAssertEqual(Self.indicator(window).number, "2")

            FolderBrowsingTests.go(window, "last-image")
            XCTAssertEqual(view.document.page, 2, "End: the last page")
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 0, 255)))
            XCTAssertFalse(window.actions.isEnabled("last-image"))
            FolderBrowsingTests.go(window, "first-image")
            XCTAssertEqual(view.document.page, 0, "Home: the first page")
            FolderBrowsingTests.go(window, "last-image")

            FolderBrowsingTests.go(window, "next-image")
            XCTAssertEqual(FolderBrowsingTests.shownName(window), "c.png", "past the last page: the folder's next file")
            shown = Self.indicator(window)
            XCTAssertFalse(shown.visible, "an image has no pages to show")
            XCTAssertEqual(view.document.pageCount, 1)
            FolderBrowsingTests.go(window, "previous-image")
            XCTAssertEqual(FolderBrowsingTests.shownName(window), "b.pdf")
            XCTAssertEqual(view.document.page, 0, "a document comes back at its first page")
            FolderBrowsingTests.go(window, "previous-image")
            XCTAssertEqual(FolderBrowsingTests.shownName(window), "a.png", "before the first page: the folder's previous file")
        }
    }

    func testTypingAPageNumberGoesToItAndANumberBeyondTheLastIsRefused() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.openPDF(harness)
            let entry = window.browsing.pageIndicator.entry
            let editable = gcastOpaque(raw(entry), gtk_editable_get_type())
            gtk_widget_grab_focus(entry)
            gtk_editable_set_text(editable, "3")
            Self.pressEnter(entry)
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 2)
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 0, 255)), "page three is shown")
            XCTAssertEqual(gtk_widget_has_focus(entry), 0, "the keys go back to the image")

            // What is being typed stays while the tab changes otherwise (a search runs).
            gtk_widget_grab_focus(entry)
            gtk_editable_set_text(editable, "2")
            view.model.search.start("three", path: view.document.path, password: nil, from: 0, count: 3)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !view.model.search.isSearching && view.document.page == 2 })
            XCTAssertEqual(string(gtk_editable_get_text(editable)), "2", "the typed number is not overwritten")
            view.model.search.clear()

            gtk_widget_grab_focus(entry)
            gtk_editable_set_text(editable, "9")
            Self.pressEnter(entry) // refused at once: nothing to wait for
            XCTAssertEqual(view.document.page, 2, "there is no page 9")
            XCTAssertEqual(Self.indicator(window).number, "3", "the page shown is shown again")
        }
    }

    func testTheSidebarShowsEachPagesThumbnailAndAClickGoesToIt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.openPDF(harness)
            let sidebar = window.browsing.pageSidebar
            XCTAssertTrue(sidebar.isRevealed, "shown by itself for a document of several pages")
            XCTAssertTrue(window.actions.state("page-sidebar"))
            // Every row is on screen: each page's thumbnail is made, in its page's colour.
            GtkTestEnvironment.pump(timeout: 20) { (0..<3).allSatisfy { sidebar.thumbnails.texture(of: $0) != nil } }
            let colours = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255)]
            for page in 0..<3 {
                let texture = try XCTUnwrap(sidebar.thumbnails.texture(of: page), "page \(page + 1)'s thumbnail")
                let (pixel, width, height) = ImageClipboardTests.pixel(of: texture, 2, 2)
                XCTAssertTrue(pixel.isClose(to: colours[page], tolerance: 12), "page \(page + 1): \(pixel)")
                XCTAssertLessThanOrEqual(max(width, height), PageThumbnails.side, "drawn small")
            }
            // A click selects the row: the tab goes to that page.
            let selection = try XCTUnwrap(gtk_list_view_get_model(OpaquePointer(sidebar.list)))
            gtk_selection_model_select_item(selection, 2, 1)
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 2)
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 0, 255)))
            // Page Up: the selection follows the page shown.
            FolderBrowsingTests.go(window, "previous-image")
            XCTAssertEqual(gtk_single_selection_get_selected(selection), 1)

            window.actions.activate("page-sidebar")
            XCTAssertFalse(sidebar.isRevealed, "F9 hides it")
            XCTAssertFalse(WindowStateStore.pageSidebarShown, "remembered")
            XCTAssertFalse(harness.app.makeWindow().actions.state("page-sidebar"), "a new window starts without it")
            window.actions.activate("page-sidebar")
            XCTAssertTrue(sidebar.isRevealed, "and shows it again")
            XCTAssertTrue(WindowStateStore.pageSidebarShown)
            FolderBrowsingTests.go(window, "first-image")
            FolderBrowsingTests.go(window, "previous-image")
            XCTAssertEqual(FolderBrowsingTests.shownName(window), "a.png")
            XCTAssertFalse(sidebar.isRevealed, "an image has no pages to show")
            XCTAssertFalse(window.actions.isEnabled("page-sidebar"))
        }
    }

    func testTheNextPageIsDrawnAheadAndShownAtOnce() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.openPDF(harness)
            let path = view.document.path
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { view.model.preloader.isReady(path, page: DocumentPage(1)) },
                "page two is drawn ahead")
            XCTAssertFalse(view.model.preloader.isReady(path, page: DocumentPage(2)), "only the pages next to the one shown")
            window.actions.activate("next-image")
            // No main-loop turn since: the page was there already.
            XCTAssertEqual(view.document.page, 1)
            XCTAssertFalse(view.model.isLoading, "no decode to wait for")
            XCTAssertEqual(view.model.levels.map { [$0.width, $0.height] }, [560, 400], "page two's levels, at once")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    view.model.preloader.isReady(path, page: DocumentPage(2)) && view.model.preloader.isReady(path, page: DocumentPage(0))
                },
                "then the pages on either side of it")
        }
    }

    @MainActor static func typePassword(_ password: String, in view: DocumentView) throws {
        let page = try XCTUnwrap(view.errorPage, "the error page")
        let entry = try XCTUnwrap(WidgetTree.first(gtk_password_entry_get_type(), under: page), "a password entry on it")
        gtk_editable_set_text(gcastOpaque(raw(entry), gtk_editable_get_type()), password)
        pressEnter(entry)
    }

    func testALockedPDFAsksForItsPasswordAndOpensWithIt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let plain = harness.fixtures.url("plain.pdf"), locked = harness.fixtures.url("locked.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(width: 300, height: 420, colour: (1, 0, 0), text: "one"),
                    .init(width: 300, height: 420, colour: (0, 1, 0), text: "two"),
                ],
                to: plain)
            try DocumentFixtures.lockPDF(plain, password: "開けごま", to: locked)
            let window = try XCTUnwrap(harness.open([locked]))
            let view = try XCTUnwrap(window.selectedView)
            GtkTestEnvironment.pump(timeout: 10) { view.model.shown == .error }
            XCTAssertEqual(view.document.state, .failed(.needsPassword(wrong: false)))
            XCTAssertNotNil(WidgetTree.first(gtk_password_entry_get_type(), under: try XCTUnwrap(view.errorPage)))

            try Self.typePassword("open sesame", in: view)
            GtkTestEnvironment.pump(timeout: 10) { view.document.state == .failed(.needsPassword(wrong: true)) }
            XCTAssertEqual(view.document.state, .failed(.needsPassword(wrong: true)), "a wrong password says so")

            try Self.typePassword("開けごま", in: view)
            GtkTestEnvironment.pump(timeout: 10) { view.model.shown == .image && !view.model.isLoading }
            XCTAssertEqual(view.document.pageCount, 2)
            XCTAssertTrue(Self.colourNear(view, RGBA(255, 0, 0)), "page one")
            FolderBrowsingTests.go(window, "next-image")
            XCTAssertEqual(view.document.page, 1)
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 255, 0)), "page two opens with the same password")
        }
    }

    func testCancellingThePasswordLeavesTheErrorPageWithRetry() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let plain = harness.fixtures.url("plain.pdf"), locked = harness.fixtures.url("locked.pdf")
            DocumentFixtures.writePDF([.init(width: 300, height: 420, colour: (1, 0, 0), text: "one")], to: plain)
            try DocumentFixtures.lockPDF(plain, password: "secret", to: locked)
            let window = try XCTUnwrap(harness.open([locked]))
            let view = try XCTUnwrap(window.selectedView)
            GtkTestEnvironment.pump(timeout: 10) { view.model.shown == .error }
            let page = try XCTUnwrap(view.errorPage)
            let cancel = try XCTUnwrap(Self.button(labelled: "Cancel", in: page))
            iro_emit_void(raw(cancel), "clicked")
            XCTAssertNil(WidgetTree.first(gtk_password_entry_get_type(), under: page), "the prompt goes")
            let retry = try XCTUnwrap(Self.button(labelled: "Retry", in: page), "Retry takes its place")
            iro_emit_void(raw(retry), "clicked")
            GtkTestEnvironment.pump(timeout: 10) {
                view.errorPage.map { WidgetTree.first(gtk_password_entry_get_type(), under: $0) != nil } ?? false
            }
            XCTAssertNotNil(view.errorPage.flatMap { WidgetTree.first(gtk_password_entry_get_type(), under: $0) }, "Retry asks again")
        }
    }

    /// The button under `widget` whose label reads `text` (mnemonics taken out).
    @MainActor static func button(labelled text: String, in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        WidgetTree.first(under: widget) { candidate in
            guard isInstance(raw(candidate), of: gtk_button_get_type()),
                let label = WidgetTree.first(gtk_label_get_type(), under: candidate)
            else { return false }
            return string(gtk_label_get_text(cast(label))) == text
        }
    }

    func testClickingALinkToAnotherPageGoesThere() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("links.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(
                        width: 300, height: 420, colour: (1, 0, 0), text: "one",
                        links: [(20, 20, 90, 30, "dest='three'"), (20, 330, 120, 30, "uri='https://example.org/iro'")]),
                    .init(width: 420, height: 300, colour: (0, 1, 0), text: "two"),
                    .init(width: 300, height: 300, colour: (0, 0, 1), text: "three", destination: "three"),
                ], to: url)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(FolderBrowsingTests.listed(window))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.links.count == 2 }, "the page's links are read")
            let zoom = try XCTUnwrap(view.canvas.zoom)
            let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: zoom.scale)
            func onCanvas(_ x: Double, _ y: Double) -> Point {
                Point(x: origin.x + x * 4 / 3 * zoom.scale, y: origin.y + y * 4 / 3 * zoom.scale)
            }
            let onLink = onCanvas(60, 35), beside = onCanvas(200, 35), onWeb = onCanvas(60, 345)
            XCTAssertEqual(view.pages.pointer.links.link(at: onLink)?.target, .page(2))
            XCTAssertNil(view.pages.pointer.links.link(at: beside), "nothing beside it")
            XCTAssertEqual(view.pages.pointer.links.link(at: onWeb)?.target, .uri("https://example.org/iro"))

            iro_emit_int_double_double(raw(view.pages.pointer.links.click), "released", 1, onLink.x, onLink.y)
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 2, "the link went to page three")
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 0, 255)))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.links.isEmpty }, "page three has no links")

            // In continuous pages (BEHAVIOUR G11) too: page one's link, clicked, goes to page three.
            defer { WindowStateStore.continuousPages = false }
            window.actions.activate("first-image")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.page == 0 && !view.model.isLoading })
            window.actions.activate("continuous-pages")
            let pages = view.pages.continuous
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { pages.links.read[0]?.count == 2 }, "page one's links read")
            let stacked = try XCTUnwrap(pages.layout), scale = try XCTUnwrap(pages.zoom).scale
            let frame = stacked.frame(of: 0, scale: scale, width: pages.contentWidth(at: scale))
            let onStackedLink = Point(
                x: frame.origin.x - pages.offset.x + 60 * 4 / 3 * scale, y: frame.origin.y - pages.offset.y + 35 * 4 / 3 * scale)
            XCTAssertEqual(pages.link(at: onStackedLink)?.target, .page(2))
            XCTAssertNil(pages.link(at: Point(x: onStackedLink.x + 200 * scale, y: onStackedLink.y)), "nothing beside it")
            iro_emit_int_double_double(raw(try XCTUnwrap(pages.links.click)), "released", 1, onStackedLink.x, onStackedLink.y)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && pages.currentPage == 2 })
        }
    }

    /// BEHAVIOUR G10: the page's text is read when the pointer comes over it; a drag from a
    /// character selects to the one under the pointer (and does not pan or take the file
    /// out), Copy takes the text selected, another page drops the selection, and select all
    /// asked before the text is read selects it when it comes.
    func testDraggingOverAPagesTextSelectsItAndCopyTakesThatText() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("select.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(width: 400, height: 300, colour: (1, 1, 1), text: "alpha beta gamma"),
                    .init(width: 400, height: 300, colour: (1, 1, 1), text: "other"),
                ], to: url)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(FolderBrowsingTests.listed(window))
            let selection = view.model.selection
            XCTAssertNil(selection.text(of: 0), "nothing read before the pointer comes")
            view.model.readText(ofPage: 0)
            let text = try XCTUnwrap(GtkTestEnvironment.pump(timeout: 10) { selection.text(of: 0) != nil } ? selection.text(of: 0) : nil)
            let characters = text.glyphs.map { Character($0.character) }
            let b = try XCTUnwrap(characters.firstIndex(of: "b")), last = try XCTUnwrap(characters.lastIndex(of: "a"))
            let zoom = try XCTUnwrap(view.canvas.zoom)
            let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: zoom.scale)
            func centre(of glyph: Int) -> Point {
                let box = text.glyphs[glyph].box
                return Point(x: origin.x + (box.x + box.width / 2) * zoom.scale, y: origin.y + (box.y + box.height / 2) * zoom.scale)
            }
            let start = centre(of: b), end = centre(of: last)
            XCTAssertEqual(view.canvas.dragSelects?(start), true, "a drag from the text selects")
            XCTAssertEqual(view.canvas.dragSelects?(Point(x: start.x, y: start.y + 100 * zoom.scale)), false, "one from the page pans")

            let drag = view.pages.pointer.text.drag
            iro_emit_double_double(raw(drag), "drag-begin", start.x, start.y)
            iro_emit_double_double(raw(drag), "drag-update", 1, 0)
            XCTAssertNil(selection.selectedText, "not past the threshold: a click yet")
            iro_emit_double_double(raw(drag), "drag-update", end.x - start.x, end.y - start.y)
            iro_emit_double_double(raw(drag), "drag-end", end.x - start.x, end.y - start.y)
            XCTAssertEqual(selection.selectedText, "beta gamma")
            XCTAssertEqual(selection.areas.count, 1, "one line highlighted")

            window.actions.activate("copy")
            var copied: String?
            XCTAssertTrue(
                ImageClipboardTests.clipboardValue(window, g_type_from_name("gchararray")) {
                    copied = g_value_get_string($0).map { String(cString: $0) }
                })
            XCTAssertEqual(copied, "beta gamma", "the text selected, not the image")

            // A press on the text that is not dragged clears the selection.
            iro_emit_double_double(raw(drag), "drag-begin", start.x, start.y)
            iro_emit_double_double(raw(drag), "drag-end", 0, 0)
            XCTAssertNil(selection.selectedText)

            view.model.showPage(1)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.page == 1 && !view.model.isLoading })
            XCTAssertNil(selection.text(of: 1), "another page: its text is read when wanted")
            window.actions.activate("select-all-text")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { selection.selectedText?.trimmingCharacters(in: .whitespacesAndNewlines) == "other" },
                "select all, asked before the text came, selects it when it comes")
        }
    }

    /// BEHAVIOUR G11: continuous pages stack the document's pages (each drawn, in its own
    /// colour, with its own size), scroll across page boundaries with the page indicator
    /// following, scroll to a page shown from elsewhere, take the zoom commands and the hue,
    /// and are remembered for the next window; turned off, the single page is back.
    func testContinuousPagesStackScrollAcrossPagesAndAreRemembered() throws {
        try onMain {
            let harness = AppHarness()
            defer {
                harness.close()
                WindowStateStore.continuousPages = false // the other tests start with a single page
            }
            let (window, view) = try Self.openPDF(harness)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.hasPages && !view.model.isLoading })
            XCTAssertFalse(view.pages.isContinuous, "a single page until asked")
            window.actions.activate("continuous-pages")
            XCTAssertTrue(view.pages.isContinuous)
            let pages = view.pages.continuous
            XCTAssertTrue(window.zoomTarget === pages, "the zoom commands act on the stacked pages")
            XCTAssertTrue(gtk_widget_is_focus(pages.widget) != 0, "they take the keys (arrows scroll them)")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { pages.renderings[0] != nil && pages.renderings[1] != nil })
            let layout = try XCTUnwrap(pages.layout), zoom = try XCTUnwrap(pages.zoom)
            XCTAssertEqual(layout.pageCount, 3)
            XCTAssertEqual(layout.size(of: 1), Size(width: 560, height: 400), "page two's own size, landscape")
            XCTAssertEqual(zoom.scale, min(zoom.fitWidthTarget(), zoom.naturalScale), accuracy: 1e-9, "fit width, at most 100 %")

            // Drawn: page one red at its top, the backdrop beside the pages.
            let top = try XCTUnwrap(WidgetRenderer.render(pages.widget))
            let frame = layout.frame(of: 0, scale: zoom.scale, width: max(Double(top.width), layout.contentSize(scale: zoom.scale).width))
            let redY = Int(frame.origin.y - pages.offset.y + frame.size.height * 0.15)
            XCTAssertTrue(top.pixel(top.width / 2, redY).isClose(to: RGBA(255, 0, 0), tolerance: 12), "\(top.pixel(top.width / 2, redY))")

            // Scrolled down to page two's top third: it fills most of the view, and is the page.
            let vertical = try XCTUnwrap(gtk_scrollable_get_vadjustment(OpaquePointer(pages.widget)))
            gtk_adjustment_set_value(vertical, layout.top(of: 1, scale: zoom.scale) - 4)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.page == 1 }, "scrolling reached page two")
            XCTAssertEqual(Self.indicator(window).number, "2")

            // Page two's word, dragged over, is selected there (BEHAVIOUR G10), and stays
            // selected as the pages scroll.
            let selection = view.model.selection
            view.model.readText(ofPage: 1)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { selection.text(of: 1) != nil })
            let two = try XCTUnwrap(selection.text(of: 1))
            let characters = two.glyphs.map { Character($0.character) }
            let first = try XCTUnwrap(characters.firstIndex(of: "t")), last = try XCTUnwrap(characters.firstIndex(of: "o"))
            let pageTwo = layout.frame(of: 1, scale: zoom.scale, width: pages.contentWidth(at: zoom.scale))
            @MainActor func inView(_ glyph: Int) -> Point {
                let box = two.glyphs[glyph].box
                return Point(
                    x: pageTwo.origin.x - pages.offset.x + (box.x + box.width / 2) * zoom.scale,
                    y: pageTwo.origin.y - pages.offset.y + (box.y + box.height / 2) * zoom.scale)
            }
            let from = inView(first), to = inView(last)
            XCTAssertEqual(pages.dragSelects?(from), true, "a drag from the text selects, not pans")
            let textDrag = pages.textDrag.drag
            iro_emit_double_double(raw(textDrag), "drag-begin", from.x, from.y)
            iro_emit_double_double(raw(textDrag), "drag-update", to.x - from.x, to.y - from.y)
            iro_emit_double_double(raw(textDrag), "drag-end", to.x - from.x, to.y - from.y)
            XCTAssertEqual(selection.selectedText, "two")
            XCTAssertEqual(selection.page, 1)
            gtk_adjustment_set_value(vertical, gtk_adjustment_get_value(vertical) + 30)
            XCTAssertEqual(selection.selectedText, "two", "kept while the pages scroll")

            // A page shown from elsewhere (End) is scrolled to.
            window.actions.activate("last-image")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 })
            XCTAssertEqual(pages.currentPage, 2)
            let known = try XCTUnwrap(pages.layout) // page three's size is known now
            let lastTop = known.top(of: 2, scale: zoom.scale) - ContinuousLayout.gap
            let maxOffset = known.contentSize(scale: zoom.scale).height - pages.viewportSize.height
            XCTAssertEqual(pages.offset.y, max(0, min(lastTop, maxOffset)), accuracy: 1, "page three's top in view, or the end")

            window.actions.activate("zoom-in")
            XCTAssertGreaterThan(try XCTUnwrap(pages.zoom).scale, zoom.scale, "zoom in grows the pages")
            let beforePinch = try XCTUnwrap(pages.zoom).scale
            let pinch = try XCTUnwrap(pages.pinchGesture)
            iro_emit_pointer(raw(pinch), "begin", nil)
            iro_emit_double(raw(pinch), "scale-changed", 0.5)
            XCTAssertEqual(try XCTUnwrap(pages.zoom).scale, beforePinch / 2, accuracy: 1e-9, "a pinch scales the pages")

            // A search's current match on another page is scrolled into the middle of the view
            // (at 400 % page three's top shows, its middle third with the word does not).
            window.actions.activate("first-image")
            pages.setScale(4)
            let bar = window.browsing.searchBar
            window.actions.activate("find")
            gtk_editable_set_text(gcastOpaque(raw(bar.entry), gtk_editable_get_type()), "three")
            iro_emit_void(raw(bar.entry), "search-changed")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.search.matchCount == 1 && view.document.page == 2 })
            let match = try XCTUnwrap(view.model.search.areas(onPage: 2)?.areas.first)
            let zoomed = try XCTUnwrap(pages.zoom).scale, stacked = try XCTUnwrap(pages.layout)
            let matchTop = stacked.top(of: 2, scale: zoomed) + match.y * zoomed
            XCTAssertTrue(
                matchTop >= pages.offset.y && matchTop + match.height * zoomed <= pages.offset.y + pages.viewportSize.height,
                "the match in view")
            bar.close()
            // Turned a quarter clockwise: page two's 560 × 400 shows 400 wide, drawn turned.
            window.actions.activate("rotate-clockwise")
            XCTAssertEqual(pages.quarterTurns, 1)
            XCTAssertEqual(try XCTUnwrap(pages.layout).size(of: 1), Size(width: 400, height: 560))
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { pages.pagesInView.allSatisfy { pages.renderings[$0]?.request.quarterTurns == 1 } },
                "the pages in view drawn again, turned")
            window.actions.activate("rotate-counterclockwise")
            XCTAssertEqual(pages.quarterTurns, 0)
            view.model.hue = 0.8
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { pages.renderings.values.allSatisfy { $0.hue == 0.8 } }, "the pages take the hue")
            view.model.hue = HueControl.neutral

            XCTAssertTrue(WindowStateStore.continuousPages, "the choice is remembered")
            let second = try XCTUnwrap(harness.open([harness.fixtures.url("papers/b.pdf")], newWindow: true))
            XCTAssertTrue(second.actions.state("continuous-pages"), "a new window starts with it")
            let secondView = try XCTUnwrap(FolderBrowsingTests.listed(second))
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    secondView.pages.isContinuous && gtk_widget_is_focus(secondView.pages.continuous.widget) != 0
                }, "a document opened in it shows its pages stacked, and they have the keys")

            window.actions.activate("continuous-pages")
            XCTAssertFalse(view.pages.isContinuous)
            XCTAssertTrue(window.zoomTarget === view.canvas)
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 0, 255)), "the single page shows page three")
            XCTAssertFalse(WindowStateStore.continuousPages)
        }
    }

    func testSearchHighlightsEveryMatchAndStepsThroughThemAcrossPages() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("words.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(width: 300, height: 420, colour: (1, 1, 1), text: "alpha one"),
                    .init(width: 300, height: 420, colour: (1, 1, 1), text: "beta two"),
                    .init(width: 300, height: 420, colour: (1, 1, 1), text: "alpha three"),
                ], to: url)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(FolderBrowsingTests.listed(window))
            XCTAssertNil(window.browsing.madeSearchBar, "the search bar is made when a search first opens")
            XCTAssertTrue(window.actions.isEnabled("find"))
            window.actions.activate("find")
            let bar = try XCTUnwrap(window.browsing.madeSearchBar)
            XCTAssertTrue(bar.isOpen)
            XCTAssertEqual(gtk_widget_get_parent(bar.bar), gtk_widget_get_parent(window.header.widget), "under the header")
            gtk_editable_set_text(gcastOpaque(raw(bar.entry), gtk_editable_get_type()), "alpha")
            iro_emit_void(raw(bar.entry), "search-changed") // what the entry emits after its pause
            let search = view.model.search
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !search.isSearching && search.matchCount == 2 })
            XCTAssertEqual(search.current?.page, 0)
            XCTAssertEqual(string(gtk_label_get_text(bar.status)), "1 of 2")
            // The current match is drawn over the word: orange over the black text's line.
            let found = try XCTUnwrap(search.areas(onPage: 0)?.areas.first)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { Self.highlightShows(found, in: view) }, "the match is highlighted")

            bar.onStep?(true) // Enter
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 2, "the next match is on page three")
            XCTAssertEqual(string(gtk_label_get_text(bar.status)), "2 of 2")
            bar.onStep?(true)
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 0 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 0, "and round again to the first")
            bar.onStep?(false) // Shift+Enter
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 2, "back to the last")

            bar.close()
            XCTAssertEqual(search.text, "", "closing the bar ends the search")
            XCTAssertNil(search.areas(onPage: 2))
        }
    }

    /// BEHAVIOUR G7: on a page zoomed in, the current match is scrolled into view, each time
    /// another becomes current.
    func testAZoomedPageScrollsToTheCurrentMatch() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("wide.pdf")
            DocumentFixtures.writePDF(
                [.init(width: 700, height: 300, colour: (1, 1, 1), text: "alpha one two three four five six alpha")], to: url)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(FolderBrowsingTests.listed(window))
            view.canvas.setScale(8)
            @MainActor func inView(_ area: TextMatches.Area) -> Bool {
                guard let zoom = view.canvas.zoom else { return false }
                let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: zoom.scale), size = view.canvas.viewportSize
                let left = origin.x + area.x * zoom.scale, top = origin.y + area.y * zoom.scale
                return left >= 0 && top >= 0 && left + area.width * zoom.scale <= size.width
                    && top + area.height * zoom.scale <= size.height
            }
            let bar = window.browsing.searchBar
            window.actions.activate("find")
            gtk_editable_set_text(gcastOpaque(raw(bar.entry), gtk_editable_get_type()), "alpha")
            iro_emit_void(raw(bar.entry), "search-changed")
            let search = view.model.search
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !search.isSearching && search.matchCount == 2 })
            let areas = try XCTUnwrap(search.areas(onPage: 0)?.areas)
            XCTAssertTrue(inView(areas[0]), "the first match scrolled into view")
            XCTAssertFalse(inView(areas[1]), "the other is off the view at 800 %")
            bar.onStep?(true)
            XCTAssertTrue(inView(areas[1]), "the next match scrolled into view")
            XCTAssertFalse(inView(areas[0]))
        }
    }

    /// Whether the canvas shows `area` (page pixels) highlighted: a pixel in it is orange or
    /// yellow, not white or black.
    @MainActor static func highlightShows(_ area: TextMatches.Area, in view: DocumentView) -> Bool {
        guard let zoom = view.canvas.zoom, let pixels = WidgetRenderer.render(view.canvas.widget) else { return false }
        let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: zoom.scale)
        // The area's left edge, a little in: between letters the paper shows through the highlight.
        for dx in stride(from: 1.0, to: area.width, by: 1) {
            let x = Int(origin.x + (area.x + dx) * zoom.scale), y = Int(origin.y + (area.y + area.height * 0.15) * zoom.scale)
            let pixel = pixels.pixel(x, y)
            if pixel.r > 230, pixel.g > 150, pixel.g < 235, pixel.b < 160 { return true }
        }
        return false
    }

    func testSearchingAScanSaysItHasNoText() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("scan.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(width: 300, height: 420, colour: (0.5, 0.5, 0.5), text: ""),
                    .init(width: 300, height: 420, colour: (0.4, 0.4, 0.4), text: ""),
                ],
                to: url)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(FolderBrowsingTests.listed(window))
            let bar = window.browsing.searchBar
            window.actions.activate("find")
            gtk_editable_set_text(gcastOpaque(raw(bar.entry), gtk_editable_get_type()), "anything")
            iro_emit_void(raw(bar.entry), "search-changed")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { !view.model.search.isSearching && view.model.search.searchedPages == 2 })
            XCTAssertEqual(string(gtk_label_get_text(bar.status)), "This document has no text to search: it may be a scan")
        }
    }

    func testTheOutlineIsASecondTabWhoseEntriesGoToTheirPages() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("outlined.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(width: 300, height: 420, colour: (1, 0, 0), text: "one", destination: "one"),
                    .init(width: 300, height: 420, colour: (0, 1, 0), text: "two", destination: "two"),
                    .init(width: 300, height: 420, colour: (0, 0, 1), text: "three", destination: "three"),
                ], outline: [("Start", 0, "one"), ("Last", 0, "three")], to: url)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(FolderBrowsingTests.listed(window))
            let sidebar = window.browsing.pageSidebar
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { sidebar.outline.entries.count == 2 }, "the outline is read")
            XCTAssertEqual(sidebar.showsContents.offered, true, "a Contents tab beside the pages")
            sidebar.showContents()
            iro_emit_uint(raw(sidebar.outline.list), "activate", 1) // a click on "Last"
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 2 && !view.model.isLoading }
            XCTAssertEqual(view.document.page, 2)
            XCTAssertTrue(Self.colourNear(view, RGBA(0, 0, 255)))

            // A window that has shown only images has made no page sidebar.
            let photos = try XCTUnwrap(harness.open([harness.fixtures.quadrants("photo.png")], newWindow: true))
            XCTAssertNil(photos.browsing.madePageSidebar)
            // Nor a search bar, and a window opened on a file has made no start page.
            XCTAssertNil(photos.browsing.madeSearchBar)
            XCTAssertNil(photos.startPageOpenButton)
            // A PDF without an outline has only its pages.
            let (plainWindow, _) = try Self.openPDF(harness)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { plainWindow.browsing.pageSidebar.outline.entries.isEmpty })
            XCTAssertEqual(plainWindow.browsing.pageSidebar.showsContents.offered, false)
        }
    }

    func testFitWidthFillsTheViewWithThePagesWidthFromItsTop() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.openPDF(harness)
            XCTAssertTrue(window.actions.isEnabled("fit-width"))
            window.actions.activate("fit-width")
            let canvas = view.canvas
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { canvas.showsExactRendering })
            let zoom = try XCTUnwrap(canvas.zoom), levels = try XCTUnwrap(view.model.levels)
            XCTAssertEqual(Double(levels.width) * zoom.scale, zoom.viewportSize.width, accuracy: 1, "the page's width fills the view")
            XCTAssertEqual(canvas.offset.y, 0, accuracy: 1, "from the page's top")
            XCTAssertFalse(window.actions.isEnabled("fit-width"), "there already")

            // Fit page: the whole page, enlarged to the view (best fit would stop at 100 %).
            window.actions.activate("fit-page")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { canvas.showsExactRendering && canvas.zoom?.scale != zoom.scale })
            let fitted = try XCTUnwrap(canvas.zoom)
            XCTAssertEqual(
                min(fitted.viewportSize.width / Double(levels.width), fitted.viewportSize.height / Double(levels.height)), fitted.scale,
                accuracy: 1e-6)
        }
    }
}
