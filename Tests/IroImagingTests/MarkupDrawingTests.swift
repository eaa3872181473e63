import CGtk
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Markup drawn with cairo (BEHAVIOUR I): into an image's own pixels for a saved copy, and
/// onto a surface at the view's scale. No display: cairo image surfaces only.
final class MarkupDrawingTests: XCTestCase {
    static let white = RGBA(255, 255, 255)

    static func stroke(
        _ tool: MarkupStrokeTool, _ points: [MarkupPoint], colour: MarkupColour = .red, width: Double = 6
    ) throws -> MarkupItem {
        .stroke(try XCTUnwrap(MarkupStroke(id: 0, tool: tool, colour: colour, width: width, points: points)))
    }

    static func layer(_ items: [MarkupItem]) -> MarkupLayer {
        var layer = MarkupLayer()
        for item in items { layer.add(item) }
        return layer
    }

    /// `layer` flattened onto a pixbuf of `colour(x, y)`.
    func flattened(
        _ layer: MarkupLayer, width: Int = 200, height: Int = 100, alpha: Bool = false, _ colour: (Int, Int) -> RGBA = { _, _ in white }
    ) throws -> OpaquePointer {
        let source = ExportTests.pixbuf(width: width, height: height, alpha: alpha, colour)
        defer { g_object_unref(raw(source)) }
        let before = ExportTests.bytes(of: source)
        let result = try MarkupDrawing.flatten(layer, onto: source)
        XCTAssertEqual(ExportTests.bytes(of: source), before, "the source is left as it was")
        XCTAssertEqual(gdk_pixbuf_get_width(result), Int32(width))
        XCTAssertEqual(gdk_pixbuf_get_height(result), Int32(height))
        XCTAssertEqual(gdk_pixbuf_get_has_alpha(result) != 0, alpha)
        return result
    }

    func testARedPenStrokeIsDrawnIntoThePixels() throws {
        let layer = Self.layer([try Self.stroke(.pen, [MarkupPoint(x: 20, y: 50), MarkupPoint(x: 180, y: 50)])])
        let result = try flattened(layer)
        defer { g_object_unref(raw(result)) }
        let red = RGBA(0xE0, 0x1B, 0x24)
        for x in stride(from: 20, through: 179, by: 8) {
            XCTAssertTrue(ExportTests.pixel(result, x, 49).isClose(to: red), "(\(x), 49): \(ExportTests.pixel(result, x, 49))")
            XCTAssertTrue(ExportTests.pixel(result, x, 50).isClose(to: red))
        }
        for (x, y) in [(100, 10), (100, 45), (100, 55), (10, 50), (190, 50), (0, 0), (199, 99)] {
            XCTAssertEqual(ExportTests.pixel(result, x, y), Self.white, "(\(x), \(y)) is far from the stroke")
        }
    }

    func testAnImageWithAlphaKeepsItsTransparencyAroundTheInk() throws {
        let layer = Self.layer([try Self.stroke(.pen, [MarkupPoint(x: 5, y: 25), MarkupPoint(x: 45, y: 25)], colour: .blue)])
        let result = try flattened(layer, width: 50, height: 50, alpha: true) { _, _ in RGBA(0, 0, 0, 0) }
        defer { g_object_unref(raw(result)) }
        XCTAssertTrue(ExportTests.pixel(result, 25, 25).isClose(to: RGBA(0x35, 0x84, 0xE4, 255)))
        XCTAssertEqual(ExportTests.pixel(result, 25, 5).a, 0)
    }

    /// Dark "text" under a yellow highlighter stays dark; white under it turns pale yellow,
    /// not yellow: the ink is translucent.
    func testTheHighlighterLetsWhatIsUnderItShowThrough() throws {
        let layer = Self.layer([
            try Self.stroke(.highlighter, [MarkupPoint(x: 10, y: 50), MarkupPoint(x: 190, y: 50)], colour: .yellow, width: 30)
        ])
        let result = try flattened(layer) { x, y in
            // Letters: dark bars every 10 px, as text on a page.
            (x / 5) % 2 == 0 && (40...60).contains(y) ? RGBA(20, 20, 20) : Self.white
        }
        defer { g_object_unref(raw(result)) }
        let dark = ExportTests.pixel(result, 101, 50), paper = ExportTests.pixel(result, 106, 50)
        XCTAssertLessThan(Int(dark.r) + Int(dark.g) + Int(dark.b), 3 * 110, "the text stays dark: \(dark)")
        XCTAssertGreaterThan(paper.b, 150, "white is tinted, not covered: \(paper)")
        XCTAssertLessThan(paper.b, 230, "but it is tinted: \(paper)")
        XCTAssertGreaterThan(paper.r, 240)
        XCTAssertEqual(ExportTests.pixel(result, 100, 90), Self.white)
    }

    /// A highlighter drawn after the pen still goes under it: the pen's ink is not dulled.
    func testTheHighlighterIsDrawnUnderThePen() throws {
        let layer = Self.layer([
            try Self.stroke(.pen, [MarkupPoint(x: 100, y: 0), MarkupPoint(x: 100, y: 100)], colour: .black, width: 10),
            try Self.stroke(.highlighter, [MarkupPoint(x: 0, y: 50), MarkupPoint(x: 200, y: 50)], colour: .yellow, width: 30),
        ])
        let result = try flattened(layer)
        defer { g_object_unref(raw(result)) }
        XCTAssertEqual(ExportTests.pixel(result, 100, 50), RGBA(0, 0, 0))
        XCTAssertNotEqual(ExportTests.pixel(result, 50, 50), Self.white)
    }

    /// How many pixels of column `x` the ink covers (alpha past half) on a transparent surface.
    func coverage(_ items: [MarkupItem], scale: Double, column x: Int, size: Int = 200) -> Int {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        MarkupDrawing.draw(Self.layer(items), on: cr!, scale: scale)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        return (0..<size).filter { data[$0 * stride + x * 4 + 3] > 127 }.count
    }

    func testScaleTwoDoublesTheWidths() throws {
        let line = try Self.stroke(.pen, [MarkupPoint(x: 10, y: 40), MarkupPoint(x: 90, y: 40)], width: 10)
        XCTAssertEqual(coverage([line], scale: 1, column: 50), 10)
        XCTAssertEqual(coverage([line], scale: 2, column: 100), 20)
        let box = MarkupShape(id: 0, kind: .rectangle, from: Point(x: 10, y: 10), to: Point(x: 90, y: 90), colour: .red, width: 4)
        XCTAssertEqual(coverage([.shape(box)], scale: 1, column: 50), 8, "two edges of 4")
        XCTAssertEqual(coverage([.shape(box)], scale: 2, column: 100), 16)
    }

    func testPressureVariesTheWidth() throws {
        let points = (0...10).map { MarkupPoint(x: Double(10 + 18 * $0), y: 100, pressure: Double($0) / 10) }
        let stroke = try Self.stroke(.pen, points, width: 40)
        let light = coverage([stroke], scale: 1, column: 20), firm = coverage([stroke], scale: 1, column: 180)
        XCTAssertGreaterThan(light, 6)
        XCTAssertLessThan(light, 16)
        XCTAssertGreaterThan(firm, 34)
        XCTAssertLessThanOrEqual(firm, 41)
    }

    func testShapesTextAndNotesAreDrawn() throws {
        let layer = Self.layer([
            .shape(MarkupShape(id: 0, kind: .rectangle, from: Point(x: 10, y: 10), to: Point(x: 60, y: 60), colour: .green, width: 4)),
            .shape(MarkupShape(id: 0, kind: .ellipse, from: Point(x: 70, y: 10), to: Point(x: 130, y: 60), colour: .blue, width: 4)),
            .shape(MarkupShape(id: 0, kind: .ellipse, from: Point(x: 70, y: 80), to: Point(x: 130, y: 80), colour: .blue, width: 4)),
            .shape(MarkupShape(id: 0, kind: .arrow, from: Point(x: 140, y: 90), to: Point(x: 190, y: 90), colour: .black, width: 2)),
            .text(MarkupText(id: 0, origin: Point(x: 10, y: 70), text: "Hi 日本", colour: .black, size: 20)),
            .note(MarkupNote(id: 0, origin: Point(x: 140, y: 5), text: "", colour: .yellow, size: 4)),
            .note(MarkupNote(id: 0, origin: Point(x: 140, y: 40), text: "x", colour: .orange, size: 10, collapsed: true)),
        ])
        let result = try flattened(layer, width: 200, height: 100)
        defer { g_object_unref(raw(result)) }
        func pixel(_ x: Int, _ y: Int) -> RGBA { ExportTests.pixel(result, x, y) }
        XCTAssertTrue(pixel(35, 10).isClose(to: RGBA(0x2E, 0xC2, 0x7E)), "the rectangle's edge")
        XCTAssertEqual(pixel(35, 35), Self.white, "and not its inside")
        XCTAssertTrue(pixel(100, 10).isClose(to: RGBA(0x35, 0x84, 0xE4)), "the ellipse's top")
        XCTAssertTrue(pixel(130, 35).isClose(to: RGBA(0x35, 0x84, 0xE4), tolerance: 40), "its right")
        XCTAssertEqual(pixel(100, 35), Self.white, "its inside")
        XCTAssertEqual(pixel(72, 12), Self.white, "not its bounding box's corner")
        XCTAssertTrue(pixel(100, 80).isClose(to: RGBA(0x35, 0x84, 0xE4)), "a flat ellipse is a line")
        XCTAssertEqual(pixel(180, 90), RGBA(0, 0, 0), "the arrow's head")
        XCTAssertLessThan(pixel(180, 94).r, 100, "is wider than its line")
        XCTAssertEqual(pixel(150, 95), Self.white, "beside the line")
        let text = (10..<65).flatMap { x in (70..<95).map { pixel(x, $0) } }
        XCTAssertGreaterThan(text.filter { $0.r < 100 }.count, 40, "the text's letters")
        XCTAssertTrue(pixel(150, 15).isClose(to: RGBA(0xF6, 0xD3, 0x2D)), "the open note")
        XCTAssertTrue(pixel(142, 42).isClose(to: RGBA(0xFF, 0x78, 0x00)), "the collapsed note")
        XCTAssertEqual(pixel(165, 45), Self.white, "which is small")
    }

    func testAnEmptyLayerGivesThePixelsAsTheyWere() throws {
        let colour = { (x: Int, y: Int) in RGBA(UInt8(x * 20), UInt8(y * 30), UInt8((x * y) % 256)) }
        let source = ExportTests.pixbuf(width: 9, height: 7, alpha: false, colour)
        defer { g_object_unref(raw(source)) }
        let result = try flattened(MarkupLayer(), width: 9, height: 7, colour)
        defer { g_object_unref(raw(result)) }
        XCTAssertEqual(ExportTests.bytes(of: result), ExportTests.bytes(of: source))
    }
}
