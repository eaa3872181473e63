import CGLib
import IroCore
import XCTest

@testable import IroImaging

/// Markup's text is laid out by Pango (CPango, loaded on first use): lines and wrapping make
/// it taller, and it draws ink where it is placed.
final class MarkupTextDrawingTests: XCTestCase {
    func testPangoLaysTextOutInLinesAndWrapsIt() throws {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 200))
        defer { cairo_surface_destroy(surface) }
        let cr = try XCTUnwrap(cairo_create(surface))
        defer { cairo_destroy(cr) }
        func height(_ text: String, wrap: Double? = nil) throws -> Double {
            let layout = try XCTUnwrap(MarkupTextDrawing.layout(text, on: cr, size: 20, wrapWidth: wrap), "pangocairo is loaded")
            defer { layout.free() }
            return layout.height
        }
        let one = try height("東京 Tokyo")
        XCTAssertGreaterThan(one, 15, "a line at 20 px")
        XCTAssertGreaterThan(try height("東京\nTokyo"), one * 1.8, "two lines")
        XCTAssertGreaterThan(try height("a few words that wrap", wrap: 60), one * 2.5, "wrapped at 60 px")

        cairo_set_source_rgb(cr, 0, 0, 0)
        MarkupTextDrawing.draw("東京", lines: ["東京"], on: cr, at: Point(x: 10, y: 10), size: 40, wrapWidth: nil)
        cairo_surface_flush(surface)
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface)), stride = Int(cairo_image_surface_get_stride(surface))
        let inked = (10..<60).reduce(0) { count, y in count + (10..<100).filter { data[y * stride + $0 * 4 + 3] > 128 }.count }
        XCTAssertGreaterThan(inked, 100, "the text drawn where it was placed")
    }
}
