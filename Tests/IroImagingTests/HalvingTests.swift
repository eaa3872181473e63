import CGtk
import XCTest

@testable import IroImaging

/// The pyramid's halving (`ImagePyramid.halved`, over `iro_halve_pixels`).
final class HalvingTests: XCTestCase {
    /// A pixbuf of `width` × `height` whose pixel bytes are `bytes` (row after row, no padding).
    private func pixbuf(width: Int, height: Int, alpha: Bool, _ bytes: [UInt8]) -> OpaquePointer {
        let channels = alpha ? 4 : 3
        precondition(bytes.count == width * height * channels)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<(width * channels) { pixels[y * stride + x] = bytes[y * width * channels + x] }
        }
        return pixbuf
    }

    /// The pixels of `pixbuf`, row after row without padding.
    private func bytes(of pixbuf: OpaquePointer) -> [UInt8] {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<height).flatMap { y in (0..<(width * channels)).map { pixels[y * stride + $0] } }
    }

    private func halved(_ source: OpaquePointer) throws -> OpaquePointer {
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        return try XCTUnwrap(ImagePyramid.halved(source))
    }

    func testEachPixelIsTheRoundedMeanOfItsBlock() throws {
        // 4 × 2: two blocks, the second with a sum that rounds up.
        let source = pixbuf(
            width: 4, height: 2, alpha: false,
            [0, 10, 200, 4, 20, 200] + [1, 1, 1, 2, 2, 2] + [8, 30, 100, 12, 40, 100] + [1, 2, 3, 3, 2, 1])
        let half = try halved(source)
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        XCTAssertEqual(gdk_pixbuf_get_width(half), 2)
        XCTAssertEqual(gdk_pixbuf_get_height(half), 1)
        XCTAssertEqual(bytes(of: half), [6, 25, 150] + [2, 2, 2])
    }

    func testAnOddLastColumnAndRowAreLeftOut() throws {
        // 3 × 3 of 90, with a last column and row of 255 that must not show.
        let values: [UInt8] = (0..<9).flatMap { index -> [UInt8] in
            let (x, y) = (index % 3, index / 3)
            return Array(repeating: x == 2 || y == 2 ? 255 : 90, count: 3)
        }
        let half = try halved(pixbuf(width: 3, height: 3, alpha: false, values))
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        XCTAssertEqual(bytes(of: half), [90, 90, 90])
    }

    func testAOnePixelWideImageStaysOneWide() throws {
        let half = try halved(pixbuf(width: 1, height: 4, alpha: false, [10, 10, 10, 20, 20, 20, 100, 0, 0, 200, 0, 0]))
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        XCTAssertEqual(gdk_pixbuf_get_width(half), 1)
        XCTAssertEqual(gdk_pixbuf_get_height(half), 2)
        XCTAssertEqual(bytes(of: half), [15, 15, 15, 150, 0, 0])
    }

    func testTransparentPixelsAddNoColour() throws {
        // Opaque blue beside transparent red: blue at half coverage, no purple fringe.
        let half = try halved(
            pixbuf(width: 2, height: 2, alpha: true, [0, 0, 255, 255, 255, 0, 0, 0, 0, 0, 255, 255, 255, 0, 0, 0]))
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        XCTAssertEqual(bytes(of: half), [0, 0, 255, 128])
    }

    func testColoursAreWeightedByTheirAlpha() throws {
        // White at alpha 192 and black at alpha 64: 3 parts white to 1 part black.
        let half = try halved(
            pixbuf(width: 2, height: 2, alpha: true, [255, 255, 255, 192, 0, 0, 0, 64, 255, 255, 255, 192, 0, 0, 0, 64]))
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        XCTAssertEqual(bytes(of: half), [191, 191, 191, 128])
    }

    func testAFullyTransparentBlockIsTransparentBlack() throws {
        let half = try halved(pixbuf(width: 2, height: 2, alpha: true, [9, 9, 9, 0, 200, 0, 0, 0, 1, 2, 3, 0, 4, 5, 6, 0]))
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        XCTAssertEqual(bytes(of: half), [0, 0, 0, 0])
    }

    /// A large image with row padding, against the mean computed here.
    func testALargePaddedImageMatchesTheMean() throws {
        let (width, height) = (1001, 67) // odd: gdk-pixbuf pads RGB rows to 4 bytes
        var values = [UInt8](repeating: 0, count: width * height * 3)
        var seed: UInt32 = 12345
        for index in values.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            values[index] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        let half = try halved(pixbuf(width: width, height: height, alpha: false, values))
        defer { g_object_unref(UnsafeMutableRawPointer(half)) }
        let got = bytes(of: half)
        XCTAssertEqual(got.count, 500 * 33 * 3)
        for y in 0..<33 {
            for x in 0..<500 {
                for c in 0..<3 {
                    func at(_ dx: Int, _ dy: Int) -> Int { Int(values[((2 * y + dy) * width + 2 * x + dx) * 3 + c]) }
                    let expected = (at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) / 4
                    guard Int(got[(y * 500 + x) * 3 + c]) == expected else {
                        return XCTFail("pixel (\(x), \(y)) channel \(c): \(got[(y * 500 + x) * 3 + c]) instead of \(expected)")
                    }
                }
            }
        }
    }
}
