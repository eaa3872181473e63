import CGtk
import CWebP
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Saving an edit (BEHAVIOUR D7) without a display: the edited pixels, checked one by one
/// against the edit model, and the files they are encoded to.
final class EditedPixelsTests: XCTestCase {
    static let width = 7, height = 5

    /// Every pixel different (and some fully transparent ones with a colour, which a lossless
    /// encoding must keep too).
    static func colour(_ x: Int, _ y: Int, alpha: Bool) -> RGBA {
        RGBA(
            UInt8((x * 11 + 5) % 256), UInt8((y * 13 + 7) % 256), UInt8((x * 7 + y * 3) % 256), alpha ? UInt8((x * 50 + y * 90) % 256) : 255
        )
    }

    static func source(alpha: Bool, width: Int = width, height: Int = height) -> OpaquePointer {
        ExportTests.pixbuf(width: width, height: height, alpha: alpha) { colour($0, $1, alpha: alpha) }
    }

    static let allTransforms = (0..<4).flatMap { turns in [false, true].map { ImageTransform(quarterTurns: turns, mirrored: $0) } }

    // MARK: Pixels

    func testEveryPixelLandsWhereTheTransformSays() throws {
        for alpha in [false, true] {
            let source = Self.source(alpha: alpha)
            defer { g_object_unref(raw(source)) }
            for transform in Self.allTransforms {
                let turned = transform.apply(to: (Self.width, Self.height))
                let crops = [
                    nil, PixelRect(x: 1, y: 2, width: turned.width - 2, height: turned.height - 3),
                    PixelRect(x: 0, y: 0, width: 1, height: 1),
                ]
                for crop in crops {
                    try assertEdited(ImageEdit(transform: transform, crop: crop), source: source, alpha: alpha)
                }
            }
        }
    }

    /// The directions spelled out, not taken from the model: a 3 × 2 picture
    /// a b c / d e f.
    func testTurnsAndFlipsGoTheWayTheySay() throws {
        let source = ExportTests.pixbuf(width: 3, height: 2, alpha: false) { x, y in RGBA(UInt8(x), UInt8(y), 0) }
        defer { g_object_unref(raw(source)) }
        func letters(_ transform: ImageTransform) throws -> [String] {
            let edited = try EditedPixels.apply(ImageEdit(transform: transform), to: source)
            defer { g_object_unref(raw(edited)) }
            let width = Int(gdk_pixbuf_get_width(edited)), height = Int(gdk_pixbuf_get_height(edited))
            return (0..<height).map { y in
                String(
                    (0..<width).map { x in
                        let p = ExportTests.pixel(edited, x, y)
                        return Array("abcdef")[Int(p.g) * 3 + Int(p.r)]
                    })
            }
        }
        XCTAssertEqual(try letters(.identity), ["abc", "def"])
        XCTAssertEqual(try letters(.turnRight), ["da", "eb", "fc"])
        XCTAssertEqual(try letters(.turnLeft), ["cf", "be", "ad"])
        XCTAssertEqual(try letters(.flipHorizontal), ["cba", "fed"])
        XCTAssertEqual(try letters(.flipVertical), ["def", "abc"])
        XCTAssertEqual(try letters(ImageTransform(quarterTurns: 2)), ["fed", "cba"])
    }

    /// One edit made of two (turn, crop, then flip, turn and crop again) gives the same
    /// pixels as the two applied one after the other.
    func testACombinedEditIsTheTwoInTurn() throws {
        for alpha in [false, true] {
            let source = Self.source(alpha: alpha, width: 9, height: 6)
            defer { g_object_unref(raw(source)) }
            let first = ImageEdit(transform: .turnRight, crop: PixelRect(x: 1, y: 2, width: 4, height: 5))
            for second in [
                ImageEdit(transform: .flipHorizontal), ImageEdit(transform: .turnLeft, crop: PixelRect(x: 1, y: 1, width: 3, height: 2)),
                ImageEdit(transform: ImageTransform(quarterTurns: 1, mirrored: true), crop: PixelRect(x: 0, y: 1, width: 5, height: 2)),
            ] {
                let once = try EditedPixels.apply(first, to: source)
                defer { g_object_unref(raw(once)) }
                let twice = try EditedPixels.apply(second, to: once)
                defer { g_object_unref(raw(twice)) }
                let combined = first.then(second, width: 9, height: 6)
                let together = try EditedPixels.apply(combined, to: source)
                defer { g_object_unref(raw(together)) }
                XCTAssertEqual(ExportTests.bytes(of: together), ExportTests.bytes(of: twice), "\(combined)")
                try assertEdited(combined, source: source, alpha: alpha)
            }
        }
    }

    /// The hue recolours the cut, turned result exactly as the display's tables do.
    func testTheHueRecoloursTheResult() throws {
        for alpha in [false, true] {
            let source = Self.source(alpha: alpha)
            defer { g_object_unref(raw(source)) }
            let shape = ImageEdit(transform: .turnLeft, crop: PixelRect(x: 1, y: 1, width: 3, height: 4))
            var recoloured = shape
            recoloured.hue = 0.8
            let plain = try EditedPixels.apply(shape, to: source)
            defer { g_object_unref(raw(plain)) }
            let edited = try EditedPixels.apply(recoloured, to: source)
            defer { g_object_unref(raw(edited)) }
            var expected = ExportTests.bytes(of: plain)
            expected.withUnsafeMutableBufferPointer {
                HueMatrix(sliderValue: 0.8).apply(to: $0.baseAddress!, count: 12, layout: alpha ? .rgba : .rgb)
            }
            XCTAssertEqual(ExportTests.bytes(of: edited), expected)
            XCTAssertNotEqual(expected, ExportTests.bytes(of: plain))
        }
    }

    func testTheSourceIsLeftAsItWas() throws {
        let source = Self.source(alpha: true)
        defer { g_object_unref(raw(source)) }
        let before = ExportTests.bytes(of: source)
        let edited = try EditedPixels.apply(ImageEdit(transform: .turnRight, hue: 0.3), to: source)
        g_object_unref(raw(edited))
        XCTAssertEqual(ExportTests.bytes(of: source), before)
    }

    /// A crop the model should never make (outside the turned picture, empty) is refused
    /// with a reason, not read out of bounds.
    func testACropOutsideThePictureIsAnError() {
        let source = Self.source(alpha: false)
        defer { g_object_unref(raw(source)) }
        let crops = [
            PixelRect(x: -1, y: 0, width: 3, height: 3), PixelRect(x: 5, y: 0, width: 3, height: 3),
            PixelRect(x: 0, y: 0, width: 0, height: 3), PixelRect(x: 2, y: 4, width: 1, height: 2),
            PixelRect(x: Int.max - 1, y: 0, width: 1, height: 1),
        ]
        for crop in crops {
            XCTAssertThrowsError(try EditedPixels.apply(ImageEdit(crop: crop), to: source), "\(crop)") { error in
                guard case .writeFailed(let detail) = error as? ExportError else { return XCTFail("\(error)") }
                XCTAssertTrue(detail.contains("crop"), detail)
            }
        }
        // The whole 7 × 5 picture, once turned: 5 × 7, so 7 × 5 no longer fits.
        let unturned = ImageEdit(transform: .turnRight, crop: PixelRect(x: 0, y: 0, width: 7, height: 5))
        XCTAssertThrowsError(try EditedPixels.apply(unturned, to: source))
    }

    // MARK: Files

    func testPNGAndWebPDecodeBackExactly() throws {
        for alpha in [false, true] {
            let source = Self.source(alpha: alpha, width: 23, height: 17)
            defer { g_object_unref(raw(source)) }
            let png = try EditEncoding.encode(source, as: .png)
            XCTAssertEqual(Array(png.prefix(4)), [0x89] + Array("PNG".utf8))
            let decoded = try Self.decode(png, type: "png")
            defer { g_object_unref(raw(decoded)) }
            XCTAssertEqual(ExportTests.bytes(of: decoded), ExportTests.bytes(of: source), "PNG, alpha \(alpha)")

            let webp = try EditEncoding.encode(source, as: .webpLossless)
            XCTAssertEqual(Array(webp[8..<16]), Array("WEBPVP8L".utf8), "a lossless bitstream")
            var width: Int32 = 0, height: Int32 = 0
            let rgba = try XCTUnwrap(WebPDecodeRGBA(webp, webp.count, &width, &height))
            defer { WebPFree(rgba) }
            XCTAssertEqual([width, height], [23, 17])
            for y in 0..<17 {
                for x in 0..<23 {
                    let p = rgba + (y * 23 + x) * 4
                    let got = RGBA(p[0], p[1], p[2], p[3])
                    XCTAssertEqual(got, Self.colour(x, y, alpha: alpha), "WebP (\(x), \(y)), alpha \(alpha)")
                }
            }
        }
    }

    func testJPEGIsCloseAtItsQualityAndCarriesAnSRGBProfile() throws {
        let source = ExportTests.pixbuf(width: 64, height: 48, alpha: false) { x, y in
            Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
        }
        defer { g_object_unref(raw(source)) }
        let good = try EditEncoding.encode(source, as: .jpeg(quality: 95))
        let poor = try EditEncoding.encode(source, as: .jpeg(quality: 5))
        XCTAssertEqual(Array(good.prefix(2)), [0xFF, 0xD8])
        XCTAssertLessThan(poor.count, good.count, "the quality is the one asked for")
        let decoded = try Self.decode(good, type: "jpeg")
        defer { g_object_unref(raw(decoded)) }
        for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
            let expected = Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
            XCTAssertTrue(ExportTests.pixel(decoded, x, y).isClose(to: expected, tolerance: 6), "(\(x), \(y))")
        }
        XCTAssertEqual(ColourProfile.attached(to: decoded), ColourProfile.sRGBProfile)
        // Out of range is clamped, not refused.
        XCTAssertNoThrow(try EditEncoding.encode(source, as: .jpeg(quality: 0)))
        XCTAssertNoThrow(try EditEncoding.encode(source, as: .jpeg(quality: 1000)))
        XCTAssertNoThrow(try EditEncoding.encode(source, as: .jpeg(quality: nil)))
    }

    func testAnRGBAPictureSavesAsJPEG() throws {
        let source = Self.source(alpha: true, width: 16, height: 16)
        defer { g_object_unref(raw(source)) }
        let decoded = try Self.decode(try EditEncoding.encode(source, as: .jpeg(quality: 90)), type: "jpeg")
        defer { g_object_unref(raw(decoded)) }
        XCTAssertEqual(gdk_pixbuf_get_width(decoded), 16)
    }

    // MARK: Helpers

    /// Checks every pixel of `edit` applied to `source` against `ImageTransform.apply`.
    func assertEdited(_ edit: ImageEdit, source: OpaquePointer, alpha: Bool, line: UInt = #line) throws {
        let width = Int(gdk_pixbuf_get_width(source)), height = Int(gdk_pixbuf_get_height(source))
        let edited = try EditedPixels.apply(edit, to: source)
        defer { g_object_unref(raw(edited)) }
        let size = edit.outputSize(width: width, height: height)
        XCTAssertEqual(Int(gdk_pixbuf_get_width(edited)), size.width, "\(edit)", line: line)
        XCTAssertEqual(Int(gdk_pixbuf_get_height(edited)), size.height, "\(edit)", line: line)
        XCTAssertEqual(gdk_pixbuf_get_has_alpha(edited) != 0, alpha, line: line)
        let crop = edit.cropRect(width: width, height: height)
        var checked = 0
        for y in 0..<height {
            for x in 0..<width {
                let to = edit.transform.apply(x: x, y: y, width: width, height: height)
                guard crop.contains(PixelRect(x: to.x, y: to.y, width: 1, height: 1)) else { continue }
                let got = ExportTests.pixel(edited, to.x - crop.x, to.y - crop.y)
                guard got == ExportTests.pixel(source, x, y) else {
                    return XCTFail("\(edit): (\(x), \(y)) should be at \(to) of the turned picture", line: line)
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, size.width * size.height, "every pixel of the result comes from one of the source", line: line)
    }

    /// Encoded bytes decoded by gdk-pixbuf (+1).
    static func decode(_ bytes: [UInt8], type: String) throws -> OpaquePointer {
        let loader = try XCTUnwrap(try withGError { gdk_pixbuf_loader_new_with_type(type, $0) })
        defer { g_object_unref(raw(loader)) }
        _ = try withGError { gdk_pixbuf_loader_write(loader, bytes, gsize(bytes.count), $0) }
        _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
        let pixbuf = try XCTUnwrap(gdk_pixbuf_loader_get_pixbuf(loader))
        g_object_ref(raw(pixbuf))
        return pixbuf
    }
}
