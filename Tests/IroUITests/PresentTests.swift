import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Presenting (BEHAVIOUR F3) on Xvfb's one monitor: the action is insensitive and says why;
/// a presentation made by hand on that monitor follows the main window's view (the
/// end-to-end test, on two monitors, covers the rest).
final class PresentTests: XCTestCase {
    func testWithOneMonitorTheActionIsInsensitiveAndSaysWhy() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png"])))
            XCTAssertEqual(window.presenting.monitors.count, 1, "Xvfb has one")
            XCTAssertFalse(window.actions.isEnabled("present"))
            XCTAssertEqual(window.whyDisabled("present"), "Connect a second monitor to present on it")
            window.presenting.start()
            XCTAssertFalse(window.presenting.isActive)
        }
    }

    func testThePresentationFollowsZoomTurnHueAndTheSelectedTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = [LinkViewTests.gradient(harness, "a.png"), harness.fixtures.quadrants("b.png", width: 300, height: 200)]
            let window = try XCTUnwrap(harness.open(urls))
            LinkViewTests.select(window.views[0], in: window)
            let monitor = try XCTUnwrap(window.presenting.monitors.first)
            let presentation = PresentationWindow(on: monitor.handle)
            window.presenting.presentation = presentation
            defer { window.presenting.stop() }
            presentation.show()
            presentation.follow(window.activeCanvas)
            let shown = presentation.canvas
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { shown.zoom != nil && shown.viewportSize.width > 0 })
            XCTAssertTrue(shown.pyramid === window.views[0].model.levels, "the same levels: nothing decoded again")
            XCTAssertTrue(shown.hidesPointer)

            window.actions.activate("zoom-200")
            let main = try XCTUnwrap(window.activeCanvas), zoom = try XCTUnwrap(main.zoom)
            let expected = try XCTUnwrap(
                PresentedRegion.view(
                    showing: zoom, scale: main.displayScale, offset: main.offset, in: shown.viewportSize, pixelsPerPoint: 1))
            let scale = try XCTUnwrap(shown.zoom?.scale)
            XCTAssertEqual(scale, expected.model.scale, accuracy: 1e-9, "the region the main view shows, scaled")
            window.actions.activate("rotate-clockwise")
            XCTAssertEqual(shown.quarterTurns, 1)
            window.views[0].hueControl.value = 0.8
            XCTAssertEqual(shown.hue, 0.8)

            LinkViewTests.select(window.views[1], in: window)
            XCTAssertTrue(shown.pyramid === window.views[1].model.levels, "the selected tab's image")
            XCTAssertEqual(shown.quarterTurns, 0)
        }
    }

    /// The presentation paints every pixel itself, the image first: with nothing drawn
    /// before it in a frame, the cairo renderer copies the image straight into the frame.
    /// Black where the main view's region holds no image; no window background.
    /// On X11 it keeps cairo's shared memory for frames while it lasts.
    func testThePresentationDrawsTheImageFirstAndBlackAroundIt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // Taller than the view is wide: room beside it in the main view, so in the presentation too.
            let url = harness.fixtures.image("tall.png", width: 600, height: 900) { _, _ in RGBA(30, 160, 60) }
            let window = try XCTUnwrap(harness.open([url]))
            let presentation = PresentationWindow(on: try XCTUnwrap(window.presenting.monitors.first).handle)
            window.presenting.presentation = presentation
            defer { window.presenting.stop() }
            presentation.show()
            presentation.follow(window.activeCanvas)
            let shown = presentation.canvas
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { shown.showsExactRendering })
            XCTAssertNotNil(presentation.framePool, "Xvfb is X11 with shared memory")

            let text = try XCTUnwrap(RenderNodes.serialized(presentation.window.widget))
            let image = try XCTUnwrap(text.range(of: "cairo {") ?? text.range(of: "texture {"))
            let firstColour = try XCTUnwrap(text.range(of: "color {"), "the bars")
            XCTAssertLessThan(image.lowerBound, firstColour.lowerBound, "the image is the first thing drawn")
            XCTAssertFalse(RenderNodes.colourBounds(in: text).isEmpty, "black where the main view shows no image")

            let pixels = try XCTUnwrap(WidgetRenderer.render(presentation.window.widget))
            XCTAssertEqual(BackdropTests.unpainted(pixels), 0, "every pixel painted")
            XCTAssertEqual(pixels.pixel(3, pixels.height / 2), RGBA(0, 0, 0))
            XCTAssertEqual(pixels.pixel(pixels.width - 3, pixels.height / 2), RGBA(0, 0, 0))
            XCTAssertTrue(pixels.pixel(pixels.width / 2, pixels.height / 2).isClose(to: RGBA(30, 160, 60), tolerance: 2))

            window.presenting.stop()
            XCTAssertNil(presentation.framePool, "the memory goes with the presentation")
        }
    }

    func testClosingTheMainWindowClosesItsPresentation() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png"])))
            let presentation = PresentationWindow(on: try XCTUnwrap(window.presenting.monitors.first).handle)
            window.presenting.presentation = presentation
            presentation.show()
            let reference = ObjectRef(retaining: raw(presentation.window))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { gtk_widget_get_mapped(presentation.window.widget) != 0 })
            window.close()
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(gtk_widget_get_visible(presentation.window.widget), 0, "the presentation went with its window")
            _ = reference
        }
    }

    func testPresentingADocumentShowsThePresenterItsNextPageAndTimeAndBlanksOnB() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try DocumentPagesWindowTests.openPDF(harness)
            let monitor = try XCTUnwrap(window.presenting.monitors.first)
            let presentation = PresentationWindow(on: monitor.handle)
            window.presenting.presentation = presentation
            defer { window.presenting.stop() }
            presentation.show()
            window.presenting.activeCanvasChanged()
            let panel = window.presenting.panel
            XCTAssertTrue(gtk_widget_get_visible(panel.widget) != 0, "the presenter's panel shows")
            XCTAssertEqual(string(gtk_label_get_text(panel.position)), "Page 1 of 3")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { gtk_picture_get_paintable(OpaquePointer(panel.next)) != nil },
                "the next page is drawn")
            // A column beside the page, not over it: the canvas ends where the panel begins.
            var canvasBounds = graphene_rect_t(), panelBounds = graphene_rect_t()
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 5) {
                    gtk_widget_compute_bounds(view.canvas.widget, window.window.widget, &canvasBounds) != 0
                        && gtk_widget_compute_bounds(panel.widget, window.window.widget, &panelBounds) != 0
                        && panelBounds.size.width > 0 && panelBounds.origin.x > 0
                        && canvasBounds.origin.x + canvasBounds.size.width <= panelBounds.origin.x + 0.5
                }, "canvas \(canvasBounds), panel \(panelBounds)")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 5) { presentation.canvas.pyramid === view.model.levels }, "the page is presented")

            // Space: the next page, on both.
            window.actions.activate("next-page")
            GtkTestEnvironment.pump(timeout: 10) { view.document.page == 1 && !view.model.isLoading }
            XCTAssertEqual(string(gtk_label_get_text(panel.position)), "Page 2 of 3")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { presentation.canvas.pyramid === view.model.levels }, "page two presented")

            // B: black, and back.
            XCTAssertTrue(window.actions.isEnabled("blank-presentation"))
            window.actions.activate("blank-presentation")
            XCTAssertTrue(presentation.isBlank)
            XCTAssertTrue(gtk_widget_get_visible(panel.blanked.widget) != 0, "the presenter is told")
            window.actions.activate("blank-presentation")
            XCTAssertFalse(presentation.isBlank)

            XCTAssertEqual(PresenterPanel.clockText(seconds: 245), "4:05")
            XCTAssertEqual(PresenterPanel.clockText(seconds: 3723), "1:02:03")
            XCTAssertLessThan(panel.elapsed, 60, "the clock started with the presentation")
            window.presenting.stop()
            XCTAssertTrue(gtk_widget_get_visible(panel.widget) == 0, "gone with the presentation")
            XCTAssertFalse(window.actions.isEnabled("blank-presentation"))
        }
    }
}
