import CGLib
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// BEHAVIOUR D7's saving, as the decoder helper does it: a JPEG turned and cut without
/// recompression with its metadata stood up, a PNG cut exactly, a colour change recompressed
/// at the original's quality, and no old picture left in the markers.
final class EditedFileTests: XCTestCase {
    let fixtures = Fixtures()

    func decode(_ bytes: [UInt8]) throws -> OpaquePointer {
        let url = fixtures.bytes("decoded-\(UUID().uuidString)", bytes)
        return try XCTUnwrap(try withGError { gdk_pixbuf_new_from_file(url.path, $0) })
    }

    func testAJPEGStoredOnItsSideIsTurnedWithoutRecompressionAndStoodUp() throws {
        try XCTSkipUnless(JPEGLosslessEdit.isAvailable, "libturbojpeg is not installed")
        let original = try MetadataCarryOverTests.cameraOriginal(fixtures) // 64 × 48 stored, orientation 6: 48 × 64 shown
        let url = fixtures.bytes("camera.jpg", original)
        let edit = ImageEdit(transform: .turnRight, crop: PixelRect(x: 0, y: 0, width: 48, height: 32))
        let saved = try EditedFile.make(ImageSource(path: RawPath(url.path)), edit: edit, format: .jpeg(quality: nil))

        let probe = try GExiv2Probe(saved)
        XCTAssertEqual(probe.tag("Exif.Image.Orientation"), "1", "stood up: the pixels are turned now")
        XCTAssertEqual(probe.tag("Exif.Photo.PixelXDimension"), "48")
        XCTAssertEqual(probe.tag("Exif.Photo.PixelYDimension"), "32")
        XCTAssertNil(probe.thumbnail, "no thumbnail of the old picture")
        XCTAssertEqual(probe.tag("Exif.Image.Make"), "Canon", "the camera's data kept")
        XCTAssertEqual(probe.tag("Iptc.Application2.Byline"), "A. Lovelace")

        // Shown: 48 × 64, turned right: 64 × 48, of which the top 48 × 32. The stored picture
        // (orientation 6, then a right turn) is turned a half: so the result is the stored
        // picture upside down, cut. Each block is the original's, decoded the same way.
        let stored = try decode(original), result = try decode(saved)
        defer {
            g_object_unref(raw(stored))
            g_object_unref(raw(result))
        }
        XCTAssertEqual([Int(gdk_pixbuf_get_width(result)), Int(gdk_pixbuf_get_height(result))], [48, 32])
        let flipped = try XCTUnwrap(gdk_pixbuf_rotate_simple(stored, GDK_PIXBUF_ROTATE_UPSIDEDOWN))
        defer { g_object_unref(raw(flipped)) }
        let a = RenderedPixels(pixbuf: result), b = RenderedPixels(pixbuf: flipped)
        var worst = 0
        for y in 0..<32 {
            for x in 0..<48 {
                let p = a.pixel(x, y), q = b.pixel(x, y)
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            }
        }
        // Lossless: the same coefficients, decoded by the same IDCT; only the chroma
        // upsampling at block edges may differ by a step or two where neighbours changed.
        XCTAssertLessThanOrEqual(worst, 2, "the original's blocks, not a recompression (a recompression at 92 differs by 10 and more)")
    }

    func testAPNGIsCutExactly() throws {
        let url = fixtures.quadrants("q.png", width: 40, height: 30)
        let edit = ImageEdit(transform: .flipVertical, crop: PixelRect(x: 5, y: 10, width: 30, height: 20))
        let saved = try EditedFile.make(ImageSource(path: RawPath(url.path)), edit: edit, format: .png)
        XCTAssertTrue(saved.starts(with: [0x89, 0x50, 0x4E, 0x47]), "still a PNG")
        let result = try decode(saved)
        defer { g_object_unref(raw(result)) }
        let pixels = RenderedPixels(pixbuf: result)
        XCTAssertEqual([pixels.width, pixels.height], [30, 20])
        for y in 0..<20 {
            for x in 0..<30 {
                // Flipped top to bottom, then cut: row y of the result is row 29 − (y + 10) of the original.
                let expected = Fixtures.quadrantColor(x: x + 5, y: 29 - (y + 10), width: 40, height: 30)
                XCTAssertEqual(pixels.pixel(x, y), expected, "pixel \(x),\(y)")
            }
        }
    }

    func testAColourChangeRecompressesAtTheOriginalsQuality() throws {
        // Saved at 95 (the fixture's quality), not Iro's default of 92.
        let url = fixtures.image("q95.jpg", width: 64, height: 48, type: "jpeg") { x, y in
            Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
        }
        let saved = try EditedFile.make(ImageSource(path: RawPath(url.path)), edit: ImageEdit(hue: 0.75), format: .jpeg(quality: nil))
        XCTAssertEqual(JPEGQuality.estimate(ofJPEG: saved), 95, "the quality it was saved with")
        let result = try decode(saved)
        defer { g_object_unref(raw(result)) }
        let red = RenderedPixels(pixbuf: result).pixel(8, 8) // the top-left quadrant, turned by a quarter of the wheel
        XCTAssertFalse(red.isClose(to: Fixtures.quadrantColor(x: 8, y: 8, width: 64, height: 48)), "recoloured")
    }

    func testMarkersHoldingOtherPicturesAreDropped() {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let app1 = segment(0xE1, Array("Exif\0\0".utf8))
        let mpf = segment(0xE2, Array("MPF\0".utf8) + [1, 2, 3])
        let icc = segment(0xE2, Array("ICC_PROFILE\0".utf8))
        let photoshop = segment(0xED, Array("Photoshop 3.0\0".utf8) + [0x38, 0x42, 0x49, 0x4D, 0x04, 0x0C])
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9]
        let jpeg = [0xFF, 0xD8] + app1 + mpf + icc + photoshop + scan
        XCTAssertEqual(JPEGSegments.withoutOldPictures(jpeg), [0xFF, 0xD8] + app1 + icc + scan)
        // Anything that does not parse stays as it was.
        let cut = Array(jpeg[0..<12])
        XCTAssertEqual(JPEGSegments.withoutOldPictures(cut), cut)
        XCTAssertEqual(JPEGSegments.withoutOldPictures([1, 2, 3]), [1, 2, 3])
    }
}
