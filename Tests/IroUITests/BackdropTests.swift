import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// The canvas paints its backdrop itself, around the image and never under it: every
/// pixel of the view is painted once (on the cairo renderer a backdrop under the image
/// is a pass over the whole view in every frame).
final class BackdropTests: XCTestCase {
    func testTheBackdropSurroundsASmallImageAndEveryPixelIsPainted() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("small.png", width: 120, height: 80) { _, _ in RGBA(200, 30, 30) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let origin = view.canvas.wholePixelOrigin
            XCTAssertGreaterThan(origin.x, 20, "the image is centred with room around it")
            // libadwaita's light window colour #fafafa mixed with 5.6 % black (style.css).
            let backdrop = RGBA(236, 236, 236)
            for (x, y) in [(2, 2), (Int(origin.x) - 5, Int(origin.y) + 40), (pixels.width - 3, pixels.height - 3)] {
                XCTAssertTrue(pixels.pixel(x, y).isClose(to: backdrop, tolerance: 2), "backdrop at \(x),\(y): \(pixels.pixel(x, y))")
            }
            XCTAssertTrue(pixels.pixel(Int(origin.x) + 60, Int(origin.y) + 40).isClose(to: RGBA(200, 30, 30), tolerance: 2))
            XCTAssertEqual(Self.unpainted(pixels), 0, "every pixel of the view painted")
            let bands = RenderNodes.colourBounds(in: try XCTUnwrap(RenderNodes.serialized(view.canvas.widget)))
            XCTAssertEqual(bands.count, 4, "above, below, left and right of the image: \(bands)")
        }
    }

    func testNothingIsPaintedUnderAnImageThatCoversTheView() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([LinkViewTests.gradient(harness, "large.png", width: 2400, height: 1800)]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            window.actions.activate("zoom-reset")
            ZoomTests.settle(view)
            let canvas = view.canvas
            XCTAssertTrue(
                ViewGeometry.uncovered(
                    viewport: canvas.viewportSize, origin: canvas.wholePixelOrigin,
                    contentSize: try XCTUnwrap(canvas.zoom).contentSize(at: canvas.displayScale)
                ).isEmpty, "at 100 % the image covers the view")
            let text = try XCTUnwrap(RenderNodes.serialized(canvas.widget))
            XCTAssertEqual(RenderNodes.colourBounds(in: text).count, 0, "no backdrop drawn")
            XCTAssertEqual(Self.unpainted(try XCTUnwrap(WidgetRenderer.render(canvas.widget))), 0, "yet every pixel painted")
        }
    }

    /// Pixels not fully opaque (what nothing painted stays transparent in the render).
    static func unpainted(_ pixels: RenderedPixels) -> Int {
        var count = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.pixel(x, y).a != 255 { count += 1 }
        }
        return count
    }
}
