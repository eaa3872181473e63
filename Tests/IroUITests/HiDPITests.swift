import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// On a display with scale factor 2 every device pixel carries image detail: 100 % is one
/// image pixel per device pixel, and a reduced view is a reduction to device pixels, not
/// a half-size rendering enlarged (BEHAVIOUR C9).
///
/// GTK reads the scale factor once, from `GDK_SCALE`: meson-helpers/run-tests runs this
/// class again in its own pass with `GDK_SCALE=2`; in the main pass it is skipped.
final class HiDPITests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["GDK_SCALE"] == "2",
            "needs scale factor 2: meson-helpers/run-tests runs it in its own pass with GDK_SCALE=2")
    }

    /// One-pixel black and white columns: at 100 % each lands on its own device pixel, so
    /// a view rendered at half resolution and enlarged (all grey) cannot pass.
    func testAtOneHundredPercentEveryImagePixelIsADevicePixel() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("columns.png", width: 240, height: 160) { x, y in
                x % 2 == 0 ? RGBA(255, 255, 255) : RGBA(UInt8(y), 0, 0)
            }
            let window = try XCTUnwrap(harness.open([url]))
            let canvas = try XCTUnwrap(window.selectedView?.canvas)
            XCTAssertEqual(gtk_widget_get_scale_factor(canvas.widget), 2)
            let zoom = try XCTUnwrap(canvas.zoom)
            XCTAssertEqual(zoom.percent, 100, "best fit of a small image is 100 %")
            XCTAssertEqual(zoom.contentSize.width, 120, "240 image pixels are 120 points wide")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { canvas.showsExactRendering })
            let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
            let origin = canvas.wholePixelOrigin
            let left = Int(origin.x * 2), top = Int(origin.y * 2)
            var wrong = 0
            for y in 0..<160 {
                for x in 0..<240 {
                    let expected = x % 2 == 0 ? RGBA(255, 255, 255) : RGBA(UInt8(y), 0, 0)
                    if !pixels.pixel(left + x, top + y).isClose(to: expected, tolerance: 1) { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "device pixels that are not their image pixel")
        }
    }

    /// A large image at best fit: the screen shows the image reduced to the view's device
    /// size, close to a high-quality reduction of it; half the resolution, enlarged, loses
    /// the fine bars and is far from it.
    func testBestFitIsAReductionToDevicePixels() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (width, height) = (2400, 1600)
            let url = harness.fixtures.image("bars.png", width: width, height: height) { x, y in
                let bars = UInt8(x / 6 % 2 == 0 ? 230 : 20)
                return RGBA(bars, UInt8(y * 255 / height), UInt8(y / 6 % 2 == 0 ? 200 : 40))
            }
            let window = try XCTUnwrap(harness.open([url]))
            let canvas = try XCTUnwrap(window.selectedView?.canvas)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { canvas.showsExactRendering })
            let zoom = try XCTUnwrap(canvas.zoom)
            XCTAssertEqual(zoom.mode, .bestFit)
            let shown = zoom.contentSize(at: 2 * zoom.scale) // in device pixels
            let deviceWidth = Int(shown.width.rounded()), deviceHeight = Int(shown.height.rounded())
            XCTAssertLessThan(deviceWidth, width, "the image is reduced to fit")

            let image = try XCTUnwrap(canvas.image?.pixbuf)
            let reference = try XCTUnwrap(gdk_pixbuf_scale_simple(image, Int32(deviceWidth), Int32(deviceHeight), GDK_INTERP_HYPER))
            defer { g_object_unref(raw(reference)) }
            let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
            let origin = canvas.wholePixelOrigin
            let left = Int(origin.x * 2), top = Int(origin.y * 2)
            XCTAssertGreaterThanOrEqual(pixels.width, left + deviceWidth)
            XCTAssertGreaterThanOrEqual(pixels.height, top + deviceHeight)
            let stride = Int(gdk_pixbuf_get_rowstride(reference)), channels = Int(gdk_pixbuf_get_n_channels(reference))
            let bytes = try XCTUnwrap(gdk_pixbuf_read_pixels(reference))
            var total = 0
            // Inside the edges: the reductions may round the last row and column differently.
            for y in 1..<(deviceHeight - 1) {
                for x in 1..<(deviceWidth - 1) {
                    let p = bytes + y * stride + x * channels
                    let seen = pixels.pixel(left + x, top + y)
                    total += abs(Int(seen.r) - Int(p[0])) + abs(Int(seen.g) - Int(p[1])) + abs(Int(seen.b) - Int(p[2]))
                }
            }
            let mean = Double(total) / Double(3 * (deviceWidth - 2) * (deviceHeight - 2))
            XCTAssertLessThan(mean, 6, "mean difference per channel from a high-quality reduction to \(deviceWidth)×\(deviceHeight)")
        }
    }
}
