import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR I in a real window: markup mode's bar and tools, strokes drawn in the image's
/// pixels whatever the zoom, the eraser, undo, redo and clear with Undo, and the question
/// before unsaved markup is lost.
final class MarkupModeTests: XCTestCase {
    @MainActor static func open(_ harness: AppHarness) throws -> (DocumentWindow, DocumentView) {
        let folder = harness.fixtures.url("markup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = harness.fixtures.image("\(folder.lastPathComponent)/white.png", width: 400, height: 300) { _, _ in RGBA(255, 255, 255) }
        let window = try XCTUnwrap(harness.open([url]))
        return (window, try XCTUnwrap(window.selectedView))
    }

    func testMarkupModeShowsItsBarAndPicksTools() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            XCTAssertTrue(window.actions.isEnabled("markup"))
            XCTAssertFalse(window.actions.isEnabled("markup-pen"), "tools only in markup mode")
            XCTAssertFalse(view.markupControls.hasBar, "a tab makes its markup bar only when markup mode first shows")
            window.actions.activate("markup")
            XCTAssertTrue(view.model.markup.isOn)
            XCTAssertTrue(view.markupControls.hasBar)
            XCTAssertTrue(window.actions.isEnabled("markup-eraser"))
            window.actions.activate("markup-highlighter")
            XCTAssertEqual(view.model.markup.tool, .highlighter)
            let button = try XCTUnwrap(view.markupControls.bar.toolButtons[.highlighter])
            XCTAssertNotEqual(gtk_toggle_button_get_active(cast(button)), 0, "the bar shows the tool")
            window.actions.activate("markup")
            XCTAssertFalse(view.model.markup.isOn)
        }
    }

    /// Drags `path` (image pixels) with the tool chosen, as the pointer would, through the view.
    @MainActor static func drag(_ view: DocumentView, _ path: [Point]) throws {
        let canvas = view.canvas
        let points = try path.map { try XCTUnwrap(canvas.viewPoint(of: $0)) }
        XCTAssertTrue(canvas.markupDragBegan(at: points[0]))
        for point in points.dropFirst() { canvas.markupDragMoved(to: point) }
        canvas.markupDragEnded()
    }

    /// The colour on screen at the image's pixel `point`.
    @MainActor static func pixel(_ view: DocumentView, at point: Point) throws -> RGBA {
        XCTAssertTrue(GtkTestEnvironment.waitUntilDrawn(view.canvas.widget))
        let shown = try XCTUnwrap(view.canvas.viewPoint(of: point))
        let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
        return pixels.pixel(Int(shown.x), Int(shown.y))
    }

    static func isRed(_ colour: RGBA) -> Bool { colour.r > 180 && colour.g < 90 && colour.b < 90 }

    func testAPenStrokeStaysOnTheSameImagePixelsWhenTheViewZoomsAndTurns() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            window.actions.activate("markup")
            window.actions.activate("markup-colour(0)")
            XCTAssertEqual(view.model.markup.colour, .red)
            try Self.drag(view, [Point(x: 80, y: 150), Point(x: 200, y: 150), Point(x: 320, y: 150)])
            XCTAssertEqual(view.model.markupLayer.items.count, 1, "one stroke")
            XCTAssertTrue(Self.isRed(try Self.pixel(view, at: Point(x: 200, y: 150))), "ink on the stroke")
            XCTAssertFalse(Self.isRed(try Self.pixel(view, at: Point(x: 200, y: 100))), "none beside it")

            window.actions.activate("zoom-200")
            GtkTestEnvironment.pump(timeout: 5) { view.canvas.showsExactRendering }
            XCTAssertTrue(Self.isRed(try Self.pixel(view, at: Point(x: 250, y: 150))), "still on the image's pixels at 200 %")
            window.actions.activate("best-fit")
            window.actions.activate("rotate-clockwise")
            GtkTestEnvironment.pump(timeout: 5) { view.canvas.showsExactRendering }
            let turned = try Self.pixel(view, at: Point(x: 150, y: 150))
            XCTAssertTrue(
                Self.isRed(turned),
                "and turned with it: \(turned) at \(String(describing: view.canvas.viewPoint(of: Point(x: 150, y: 150))))")
        }
    }

    func testTheEraserUndoRedoAndClearWithUndo() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            window.actions.activate("markup")
            try Self.drag(view, [Point(x: 50, y: 50), Point(x: 350, y: 50)])
            try Self.drag(view, [Point(x: 50, y: 250), Point(x: 350, y: 250)])
            XCTAssertEqual(view.model.markupLayer.items.count, 2)
            XCTAssertTrue(window.actions.isEnabled("markup-undo"))

            window.actions.activate("markup-eraser")
            try Self.drag(view, [Point(x: 200, y: 20), Point(x: 200, y: 80)])
            XCTAssertEqual(view.model.markupLayer.items.count, 1, "the eraser took the stroke it crossed")
            XCTAssertFalse(Self.isRed(try Self.pixel(view, at: Point(x: 200, y: 50))))

            window.actions.activate("markup-undo")
            XCTAssertEqual(view.model.markupLayer.items.count, 2, "undo brings it back")
            window.actions.activate("markup-redo")
            XCTAssertEqual(view.model.markupLayer.items.count, 1, "redo erases it again")

            window.actions.activate("markup-clear")
            XCTAssertTrue(view.model.markupLayer.isEmpty)
            XCTAssertEqual(window.toasts.last?.title, "Markup cleared")
            try XCTUnwrap(window.toasts.last?.undo)()
            XCTAssertEqual(view.model.markupLayer.items.count, 1, "the toast's Undo")
        }
    }

    /// The presentation's canvas draws the tab's markup, unless the presenter hides it there.
    func testThePresentationShowsTheMarkupUnlessHidden() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            let presentation = ImageCanvas()
            presentation.isPresentation = true
            let other: UnsafeMutablePointer<GtkWindow> = cast(gtk_window_new())
            defer { gtk_window_destroy(other) }
            gtk_window_set_default_size(other, 400, 300)
            gtk_window_set_child(other, presentation.widget)
            presentation.draw(view.model)
            gtk_window_present(other)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { presentation.zoom != nil })
            window.actions.activate("markup")
            try Self.drag(view, [Point(x: 80, y: 150), Point(x: 320, y: 150)])
            @MainActor func shown() throws -> RGBA {
                XCTAssertTrue(GtkTestEnvironment.waitUntilDrawn(presentation.widget))
                let at = try XCTUnwrap(presentation.viewPoint(of: Point(x: 200, y: 150)))
                return try XCTUnwrap(WidgetRenderer.render(presentation.widget)).pixel(Int(at.x), Int(at.y))
            }
            XCTAssertTrue(Self.isRed(try shown()), "the stroke on the presentation")
            window.actions.activate("markup-on-presentation")
            XCTAssertTrue(view.model.markup.hiddenOnPresentation)
            XCTAssertFalse(Self.isRed(try shown()), "hidden there")
            XCTAssertTrue(Self.isRed(try Self.pixel(view, at: Point(x: 200, y: 150))), "kept in the window")
        }
    }

    func testSaveMarkupWritesAPackageThatReopensWithIt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            window.actions.activate("markup")
            try Self.drag(view, [Point(x: 80, y: 150), Point(x: 320, y: 150)])
            view.model.changeMarkup { $0.add(.note(MarkupNote(id: 0, origin: Point(x: 20, y: 20), text: "付箋 note"))) }
            let package = RawPath(harness.fixtures.url("marked.notesdoc").path)
            let image = try XCTUnwrap(view.model.imagePath)
            var failure: ExportError??
            Task {
                failure = await SaveMarkup.write(package: package, image: image, layer: view.model.markupLayer, width: 400, height: 300)
            }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { failure != nil })
            XCTAssertEqual(failure, .some(nil))
            XCTAssertEqual(
                harness.fixtures.data(of: URL(fileURLWithPath: package.appending(NotePackage.imageFileName).displayString)),
                harness.fixtures.data(of: URL(fileURLWithPath: image.displayString)), "the image's own bytes")

            let reopened = try XCTUnwrap(harness.open([URL(fileURLWithPath: package.displayString)]))
            let tab = try XCTUnwrap(reopened.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { tab.model.markupLayer.items.count == 2 }, "the markup is back")
            XCTAssertEqual(tab.model.markupLayer.items, view.model.markupLayer.items)
            XCTAssertTrue(tab.model.note?.text.contains("付箋 note") == true, "the notes' text in Text.txt")
        }
    }

    func testSaveCopyDrawsTheMarkupAtFullResolution() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            window.actions.activate("markup")
            try Self.drag(view, [Point(x: 80, y: 150), Point(x: 320, y: 150)])
            let destination = RawPath(harness.fixtures.url("flat.png").path)
            var failure: ExportError??
            let held = view.model.levels?.image.map(PixbufSnapshot.init(sharing:))
            let layer = view.model.markupLayer
            Task { failure = await MarkupCopy.write(held: held, orDecoding: nil, hue: 0.5, layer: layer, format: .png, to: destination) }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { failure != nil })
            XCTAssertEqual(failure, .some(nil))
            let written = try XCTUnwrap(try withGError { gdk_pixbuf_new_from_file(destination.displayString, $0) })
            defer { g_object_unref(raw(written)) }
            let pixels = RenderedPixels(pixbuf: written)
            XCTAssertEqual([pixels.width, pixels.height], [400, 300], "the image's own size")
            XCTAssertTrue(Self.isRed(pixels.pixel(200, 150)), "the stroke, \(pixels.pixel(200, 150))")
            XCTAssertEqual(pixels.pixel(200, 100), RGBA(255, 255, 255), "the image around it")
        }
    }

    /// A PDF's page marked: Save Markup (a package holds one image) is not offered, and the
    /// copy is a PDF with the stroke on that page only.
    func testAPDFPagesMarkupIsCopiedIntoAPDF() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let pdf = harness.fixtures.url("paper.pdf")
            let page = DocumentFixtures.PDFPage(width: 300, height: 225, colour: (1, 1, 1), text: "Paper")
            DocumentFixtures.writePDF([page, page], to: pdf)
            let window = try XCTUnwrap(harness.open([pdf]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.levels != nil && view.model.document.pageCount == 2 })
            view.model.showPage(1)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.model.document.page == 1 && view.model.canMarkUp })
            window.actions.activate("markup")
            try Self.drag(view, [Point(x: 80, y: 150), Point(x: 320, y: 150)])
            XCTAssertEqual(view.model.markup.document.markedPages, [1])
            XCTAssertFalse(window.actions.isEnabled("save-markup"), "a note package holds one image, not a document's pages")
            XCTAssertTrue(window.actions.isEnabled("save-copy"))

            let destination = RawPath(harness.fixtures.url("marked.pdf").path)
            var failure: ExportError??
            let markup = view.model.markup.document
            Task { failure = await MarkupCopy.writePDF(of: RawPath(pdf.path), password: nil, markup: markup, to: destination) }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { failure != nil })
            XCTAssertEqual(failure, .some(nil))
            for (index, marked) in [(0, false), (1, true)] {
                let copy = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: destination, page: DocumentPage(index)))
                XCTAssertEqual(copy.pageCount, 2)
                let pixels = RenderedPixels(pixbuf: copy.pixbuf)
                let reds = (0..<pixels.width).filter { x in (0..<pixels.height).contains { Self.isRed(pixels.pixel(x, $0)) } }.count
                XCTAssertEqual(reds > 50, marked, "page \(index + 1): \(reds) columns with ink")
            }
        }
    }

    func testClosingATabWithUnsavedMarkupAsks() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            window.open(RawPath(harness.fixtures.quadrants("other.png").path))
            GtkTestEnvironment.pump(timeout: 10) { window.views.count == 2 && window.views.allSatisfy { !$0.model.isLoading } }
            adw_tab_view_set_selected_page(window.tabView, window.page(of: view))
            window.actions.activate("markup")
            try Self.drag(view, [Point(x: 80, y: 150), Point(x: 320, y: 150)])
            window.actions.activate("close-tab")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { EditModeTests.answer("cancel") == "Save Changes to “white.png”?" })
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(window.views.count, 2, "kept")
            window.actions.activate("close-tab")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { EditModeTests.answer("discard") != nil })
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 15) { window.views.count == 1 }, "Discard closes it")
        }
    }

    func testANewWhiteboardIsABlankPageWithMarkupOn() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, _) = try Self.open(harness)
            window.actions.activate("new-whiteboard")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.views.count == 2 && window.selectedModel?.levels != nil })
            let model = try XCTUnwrap(window.selectedModel)
            XCTAssertEqual(
                model.levels.map { [$0.width, $0.height] }, [1920, 1080], "the presentation's size, or 1920 × 1080 without one")
            XCTAssertTrue(model.markup.isOn, "ready to draw")
            XCTAssertEqual(model.document.displayName, "Whiteboard 1.png")
            XCTAssertTrue(
                model.document.path.displayString.hasPrefix(String(cString: g_get_user_cache_dir())),
                "in the cache, not beside the user's files")
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertEqual(try Self.pixel(view, at: Point(x: 960, y: 540)), RGBA(255, 255, 255), "white")
        }
    }

    /// A stylus's pressure goes into each point of the stroke (a mouse's events carry none).
    func testAStylusPressureIsKeptPerPoint() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness)
            window.actions.activate("markup")
            let canvas = view.canvas
            let from = try XCTUnwrap(canvas.viewPoint(of: Point(x: 50, y: 150)))
            let to = try XCTUnwrap(canvas.viewPoint(of: Point(x: 350, y: 150)))
            XCTAssertTrue(canvas.markupDragBegan(at: from, pressure: 0.2))
            canvas.markupDragMoved(to: to, pressure: 0.9)
            canvas.markupDragEnded()
            guard case .stroke(let stroke)? = view.model.markupLayer.items.first else { return XCTFail("a stroke") }
            XCTAssertEqual(stroke.points.map(\.pressure), [0.2, 0.9])
            XCTAssertLessThan(stroke.width(at: 0), stroke.width(at: 1), "lighter is thinner")
        }
    }
}
