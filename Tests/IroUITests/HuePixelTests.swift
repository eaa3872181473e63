import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR D3, D4 in rendered pixels: the slider rotates the hue of what the canvas draws,
/// from the pixels already decoded, per tab.
final class HuePixelTests: XCTestCase {
    func testAtTheCentreTheCanvasShowsTheSourcePixelsUnchanged() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("quadrants.png", width: 400, height: 300)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertEqual(view.canvas.zoom?.scale, 1)
            view.hueControl.value = 0.7
            view.hueControl.value = 0.5 // there and back: exactly the source again
            let pixels = try XCTUnwrap(Self.renderWhenDrawn(view.canvas.widget))
            let originX = (pixels.width - 400) / 2, originY = (pixels.height - 300) / 2
            for (x, y) in [(100, 75), (300, 75), (100, 225), (300, 225), (1, 1), (398, 298)] {
                let expected = Fixtures.quadrantColor(x: x, y: y, width: 400, height: 300)
                XCTAssertEqual(pixels.pixel(originX + x, originY + y), expected, "image (\(x),\(y))")
            }
        }
    }

    /// A third of the way right is +120°. The luminance-preserving SVG/CSS hue matrix GSK
    /// and Iro use is not a true RGB rotation: pure red (1, 0, 0) becomes about
    /// (−0.37, 0.443, −0.36), clamped to (0, 0.443, 0), i.e. a dark green (0, 113, 0),
    /// not (0, 255, 0).
    func testAThirdOfATurnTurnsPureRedGreen() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("red.png", width: 200, height: 150) { _, _ in RGBA(255, 0, 0) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let before = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            XCTAssertEqual(before.pixel(before.width / 2, before.height / 2), RGBA(255, 0, 0))

            view.hueControl.value = 0.5 + 1.0 / 3
            let after = try XCTUnwrap(Self.renderWhenDrawn(view.canvas.widget))
            let centre = after.pixel(after.width / 2, after.height / 2)
            XCTAssertTrue(centre.isClose(to: RGBA(0, 113, 0), tolerance: 3), "red at +120°: \(centre)")
            let model = HueMatrix(degrees: 120).apply(r: 1, g: 0, b: 0)
            XCTAssertEqual(Double(centre.g) / 255, model.g, accuracy: 3.0 / 255, "the display follows HueMatrix")
            XCTAssertEqual(
                view.model.levels?.image.map { Self.firstPixel(of: $0.pixbuf) }, RGBA(255, 0, 0),
                "the document's own pixels stay untouched")
        }
    }

    func testTheRenderedHueFollowsTheSelectedTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let a = harness.fixtures.image("a.png", width: 100, height: 80) { _, _ in RGBA(255, 0, 0) }
            let b = harness.fixtures.image("b.png", width: 100, height: 80) { _, _ in RGBA(255, 0, 0) }
            let window = try XCTUnwrap(harness.open([a, b]))
            let first = try XCTUnwrap(window.selectedView), second = try XCTUnwrap(window.views.last)
            first.hueControl.value = 0.5 + 1.0 / 3

            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            XCTAssertTrue(GtkTestEnvironment.waitUntilDrawn(second.canvas.widget))
            let secondPixels = try XCTUnwrap(WidgetRenderer.render(second.canvas.widget))
            XCTAssertEqual(
                secondPixels.pixel(secondPixels.width / 2, secondPixels.height / 2), RGBA(255, 0, 0), "the other tab is unchanged")

            adw_tab_view_set_selected_page(window.tabView, window.pages[0])
            XCTAssertTrue(GtkTestEnvironment.waitUntilDrawn(first.canvas.widget))
            let firstPixels = try XCTUnwrap(WidgetRenderer.render(first.canvas.widget))
            XCTAssertTrue(firstPixels.pixel(firstPixels.width / 2, firstPixels.height / 2).isClose(to: RGBA(0, 113, 0), tolerance: 3))
        }
    }

    /// A widget queued for drawing renders nothing until its next frame; wait for that.
    @MainActor
    static func renderWhenDrawn(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedPixels? {
        var pixels: RenderedPixels?
        GtkTestEnvironment.pump(timeout: 5) {
            pixels = WidgetRenderer.render(widget)
            return pixels != nil
        }
        return pixels
    }

    @MainActor
    static func firstPixel(of pixbuf: OpaquePointer) -> RGBA? {
        guard let p = gdk_pixbuf_get_pixels(pixbuf) else { return nil }
        return RGBA(p[0], p[1], p[2])
    }
}
