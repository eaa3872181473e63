import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Transparent pixels sit on a checkerboard of the stylesheet's two colours (BEHAVIOUR C8),
/// in squares of `ImageCanvas.checkerSquare` view pixels; opaque images have none.
final class CheckerboardTests: XCTestCase {
    func testTransparentPixelsShowTheCheckerboardAndOpaqueOnesDoNot() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // Left half fully transparent, right half opaque green.
            let url = harness.fixtures.image("alpha.png", width: 320, height: 240, alpha: true) { x, _ in
                x < 160 ? RGBA(0, 0, 0, 0) : RGBA(0, 200, 0)
            }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let zoom = try XCTUnwrap(view.canvas.zoom)
            XCTAssertEqual(zoom.scale, 1)
            let origin = view.canvas.wholePixelOrigin
            let (left, top) = (Int(origin.x), Int(origin.y))
            let side = Int(ImageCanvas.checkerSquare)

            // Within the transparent half: alternate squares differ, like squares match.
            let first = pixels.pixel(left + side / 2, top + side / 2)
            let across = pixels.pixel(left + side + side / 2, top + side / 2)
            let diagonal = pixels.pixel(left + side + side / 2, top + side + side / 2)
            XCTAssertFalse(first.isClose(to: across, tolerance: 4), "\(first) next to \(across)")
            XCTAssertTrue(first.isClose(to: diagonal, tolerance: 1), "\(first) and \(diagonal)")
            XCTAssertTrue(first.isClose(to: RGBA(0xE4, 0xE4, 0xE4), tolerance: 2), "the stylesheet's light square: \(first)")
            XCTAssertTrue(across.isClose(to: RGBA(0xCB, 0xCB, 0xCB), tolerance: 2), "the stylesheet's dark square: \(across)")
            // The opaque half is the image's own colour; outside the image, the backdrop.
            XCTAssertTrue(pixels.pixel(left + 240, top + 120).isClose(to: RGBA(0, 200, 0)))
            let outside = pixels.pixel(max(0, left - 20), top + 120)
            XCTAssertFalse(outside.isClose(to: first, tolerance: 2) || outside.isClose(to: across, tolerance: 2), "\(outside)")
        }
    }

    func testAnOpaqueImageHasNoCheckerboard() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("opaque.png", width: 320, height: 240) { _, _ in RGBA(10, 20, 200) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            XCTAssertFalse(try XCTUnwrap(view.model.levels).hasAlpha)
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let origin = view.canvas.wholePixelOrigin
            XCTAssertTrue(pixels.pixel(Int(origin.x) + 4, Int(origin.y) + 4).isClose(to: RGBA(10, 20, 200)))
        }
    }

    /// BEHAVIOUR H4: the background preference. Plain: the transparent half is the backdrop
    /// around the image, no checkerboard. Always dark: near-black there and around, in the
    /// light style too. Applied to the view already open.
    func testTheBackgroundPreferenceReplacesTheCheckerboard() throws {
        try onMain {
            let harness = AppHarness()
            defer {
                Preferences.shared.setBackground(.checkerboard)
                harness.close()
            }
            let url = harness.fixtures.image("alpha.png", width: 320, height: 240, alpha: true) { x, _ in
                x < 160 ? RGBA(0, 0, 0, 0) : RGBA(0, 200, 0)
            }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            let origin = view.canvas.wholePixelOrigin
            let (left, top) = (Int(origin.x), Int(origin.y))
            let side = Int(ImageCanvas.checkerSquare)
            @MainActor func shown() throws -> (square: RGBA, next: RGBA, outside: RGBA, opaque: RGBA) {
                let rendered = WidgetRenderer.render(view.canvas.widget)
                let pixels = try XCTUnwrap(rendered)
                return (
                    pixels.pixel(left + side / 2, top + side / 2), pixels.pixel(left + side + side / 2, top + side / 2),
                    pixels.pixel(max(0, left - 20), top + 120), pixels.pixel(left + 240, top + 120)
                )
            }
            let checkered = try shown()
            XCTAssertFalse(checkered.square.isClose(to: checkered.next, tolerance: 4), "the checkerboard first")

            Preferences.shared.setBackground(.style)
            let plain = try shown()
            XCTAssertTrue(plain.square.isClose(to: plain.next, tolerance: 1), "no squares: \(plain.square) \(plain.next)")
            XCTAssertTrue(plain.square.isClose(to: plain.outside, tolerance: 1), "the backdrop: \(plain.square) \(plain.outside)")
            XCTAssertTrue(plain.opaque.isClose(to: RGBA(0, 200, 0)))

            Preferences.shared.setBackground(.dark)
            let dark = try shown()
            XCTAssertTrue(dark.square.isClose(to: RGBA(28, 28, 28), tolerance: 3), "near-black under transparency: \(dark.square)")
            XCTAssertTrue(dark.outside.isClose(to: RGBA(28, 28, 28), tolerance: 3), "near-black around: \(dark.outside)")
            XCTAssertFalse(plain.outside.isClose(to: dark.outside, tolerance: 20), "the light style's backdrop is not dark")
            XCTAssertTrue(dark.opaque.isClose(to: RGBA(0, 200, 0)))
        }
    }
}
