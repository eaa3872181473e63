import CGtk
import CPixels
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// A view rendering's reduction (`PixelBuffer.reduced`, over `iro_reduce_to_argb32`) and
/// its quarter turns (`PixelBuffer.turned`).
final class ReductionTests: XCTestCase {
    let fixtures = Fixtures()

    /// A pixbuf of `width` × `height` with pixel (x, y)'s channels from `pixel`.
    private func pixbuf(width: Int, height: Int, alpha: Bool, _ pixel: (Int, Int) -> [UInt8]) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let channels = alpha ? 4 : 3
        for y in 0..<height {
            for x in 0..<width {
                for (c, value) in pixel(x, y).enumerated() { pixels[y * stride + x * channels + c] = value }
            }
        }
        return pixbuf
    }

    /// Pixel (x, y) of `buffer` as R, G, B, A (premultiplied, as stored).
    private func rgba(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        let p = buffer.data + y * buffer.stride + x * 4
        return [p[2], p[1], p[0], p[3]]
    }

    private func reduce(_ source: OpaquePointer, by factor: Double, offset: (Double, Double) = (0, 0), width: Int, height: Int)
        throws -> PixelBuffer
    {
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        return try XCTUnwrap(PixelBuffer.reduced(source, by: factor, offset: offset, width: width, height: height))
    }

    func testAnAreaOfOneColourStaysThatColourExactly() throws {
        // A reduction by 2/3: most pixels average parts of two or three source pixels.
        let opaque = try reduce(
            pixbuf(width: 90, height: 60, alpha: false) { _, _ in [201, 17, 99] }, by: 2.0 / 3.0, width: 60, height: 40)
        let translucent = try reduce(
            pixbuf(width: 90, height: 60, alpha: true) { _, _ in [200, 100, 50, 128] }, by: 0.7, width: 63, height: 42)
        for y in 0..<40 {
            for x in 0..<60 { XCTAssertEqual(rgba(opaque, x, y), [201, 17, 99, 255], "(\(x), \(y))") }
        }
        // 200 × 128 / 255 = 100.4, 100 × 128 / 255 = 50.2, 50 × 128 / 255 = 25.1.
        XCTAssertEqual(rgba(translucent, 31, 20), [100, 50, 25, 128])
        XCTAssertEqual(rgba(translucent, 62, 41), [100, 50, 25, 128])
    }

    func testEachPixelIsTheMeanOfTheAreaItCovers() throws {
        // Columns alternate 0 and 200, rows add 0 or 40 to green: at ½ each pixel is a 2 × 2
        // block's mean; at ¾ pixel 0 covers source 0 and a third of source 1 across.
        let half = try reduce(
            pixbuf(width: 8, height: 4, alpha: false) { x, y in [x % 2 == 0 ? 0 : 200, UInt8(10 + 40 * (y % 2)), 7] }, by: 0.5,
            width: 4, height: 2)
        XCTAssertEqual(rgba(half, 0, 0), [100, 30, 7, 255])
        XCTAssertEqual(rgba(half, 3, 1), [100, 30, 7, 255])
        let threeQuarters = try reduce(
            pixbuf(width: 8, height: 1, alpha: false) { x, _ in [x % 2 == 0 ? 0 : 240, 0, 0] }, by: 0.75, width: 6, height: 1)
        // Pixel 0: source [0, 4/3): (1 × 0 + 1/3 × 240) / (4/3) = 60. Pixel 1: [4/3, 8/3): 2/3 of 240 and 2/3 of 0 = 120.
        XCTAssertEqual(rgba(threeQuarters, 0, 0)[0], 60)
        XCTAssertEqual(rgba(threeQuarters, 1, 0)[0], 120)
    }

    func testTransparentPixelsAddNoColour() throws {
        // Opaque red beside fully transparent green: the mean is half-transparent red.
        let reduced = try reduce(
            pixbuf(width: 2, height: 2, alpha: true) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 255, 0, 0] }, by: 0.5, width: 1, height: 1)
        XCTAssertEqual(rgba(reduced, 0, 0), [128, 0, 0, 128], "premultiplied: colour never above its alpha")
    }

    func testAnOffsetPicksTheAreaAndEdgesRepeat() throws {
        // A horizontal ramp; at ½ with the corner at content pixel (2, 0), destination pixel 0
        // covers source columns 4 and 5. Past the right edge the last column repeats.
        let ramp = pixbuf(width: 16, height: 2, alpha: false) { x, _ in [UInt8(x * 10), 0, 0] }
        let reduced = try reduce(ramp, by: 0.5, offset: (2, 0), width: 8, height: 1)
        XCTAssertEqual(rgba(reduced, 0, 0)[0], 45)
        XCTAssertEqual(rgba(reduced, 5, 0)[0], 145, "columns 14 and 15")
        XCTAssertEqual(rgba(reduced, 7, 0)[0], 150, "past the edge: column 15")
    }

    func testBandsMeetWithoutASeam() throws {
        // Rows reduced in bands (one a core) equal the rows reduced at once.
        let source = pixbuf(width: 300, height: 211, alpha: true) { x, y in
            [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x * y) & 0xFF), UInt8((x + y) & 0xFF)]
        }
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        let factor = 0.61, width = 183, height = 128
        let whole = try XCTUnwrap(PixelBuffer(width: width, height: height))
        let made = iro_reduce_to_argb32(
            gdk_pixbuf_read_pixels(source), gdk_pixbuf_get_rowstride(source), 300, 211, 4, 0, 0, factor, whole.data, Int32(whole.stride),
            Int32(width), 0, Int32(height))
        XCTAssertEqual(made, 1)
        let banded = try XCTUnwrap(PixelBuffer.reduced(source, by: factor, offset: (0, 0), width: width, height: height))
        XCTAssertTrue(memcmp(whole.data, banded.data, whole.stride * height) == 0)
    }

    func testALargeReductionAveragesEverySourcePixel() throws {
        // 40 × 40 of a checkerboard to 1 × 1 (the general path, beyond three taps): grey.
        let reduced = try reduce(
            pixbuf(width: 40, height: 40, alpha: false) { x, y in (x + y) % 2 == 0 ? [0, 0, 0] : [200, 200, 200] }, by: 1.0 / 40,
            width: 1, height: 1)
        XCTAssertEqual(rgba(reduced, 0, 0), [100, 100, 100, 255])
    }

    func testArgumentsOutOfRangeWriteNothing() throws {
        let source = pixbuf(width: 4, height: 4, alpha: false) { _, _ in [1, 2, 3] }
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        XCTAssertNil(PixelBuffer.reduced(source, by: 1.5, offset: (0, 0), width: 4, height: 4), "not a reduction")
        XCTAssertNil(PixelBuffer.reduced(source, by: 0.5, offset: (.nan, 0), width: 2, height: 2))
        XCTAssertNil(PixelBuffer.reduced(source, by: 0, offset: (0, 0), width: 2, height: 2))
    }

    /// A level with less detail than the view needs (a screen-sized decode, before more
    /// arrives) is enlarged smoothly up to 100 %; past 100 % pixels stay crisp.
    func testALevelShortOfDetailIsSmoothedUpTo100PercentAndCrispPastIt() throws {
        // Stripes 16 pixels wide, decoded at ¼: a level of 4-pixel stripes, all it has.
        let url = fixtures.image("stripes.jpg", width: 128, height: 32, type: "jpeg") { x, _ in
            (x / 16) % 2 == 0 ? RGBA(0, 0, 0) : RGBA(255, 255, 255)
        }
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 32)))
        let pyramid = ImagePyramid(image: image)
        XCTAssertEqual(pyramid.levels.last?.scale ?? 0, 0.25, accuracy: 1e-9, "only the ¼ level")
        func greys(at scale: Double) throws -> Int {
            let content = PixelRect(x: 0, y: 0, width: Int(128 * scale), height: Int(32 * scale))
            let rendering = try XCTUnwrap(
                ViewRendering.render(.init(scale: scale, content: content, quarterTurns: 0), hue: 0.5, from: pyramid))
            let row = rendering.hued.data + (content.height / 2) * rendering.hued.stride
            return (0..<content.width).filter { (64...191).contains(row[$0 * 4 + 1]) }.count
        }
        XCTAssertGreaterThan(try greys(at: 1), 8, "at 100 % the stripes' edges are smoothed")
        XCTAssertEqual(try greys(at: 2), 0, "at 200 % each pixel of the level is a crisp block")
    }

    func testQuarterTurnsMoveEachCorner() throws {
        // 3 × 2 with a distinct value in each pixel's blue byte: turned clockwise it is 2 × 3
        // with the bottom-left pixel at the top left.
        let buffer = try XCTUnwrap(PixelBuffer(width: 3, height: 2))
        for i in 0..<6 { (buffer.data + i * 4).initialize(repeating: UInt8(i + 1), count: 4) }
        let clockwise = try XCTUnwrap(buffer.turned(1)), upsideDown = try XCTUnwrap(buffer.turned(2))
        let anticlockwise = try XCTUnwrap(buffer.turned(3))
        func values(_ b: PixelBuffer) -> [UInt8] { (0..<(b.width * b.height)).map { b.data[$0 * 4] } }
        XCTAssertEqual([clockwise.width, clockwise.height], [2, 3])
        XCTAssertEqual(values(clockwise), [4, 1, 5, 2, 6, 3])
        XCTAssertEqual(values(upsideDown), [6, 5, 4, 3, 2, 1])
        XCTAssertEqual(values(anticlockwise), [3, 6, 2, 5, 1, 4])
    }
}
