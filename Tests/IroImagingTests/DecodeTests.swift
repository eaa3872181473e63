import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Good images decode to the right pixels, sizes and orientation.
final class DecodeTests: XCTestCase {
    let fixtures = Fixtures()

    func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> RGBA {
        let pixbuf = image.pixbuf
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let p = gdk_pixbuf_read_pixels(pixbuf)! + y * stride + x * channels
        return RGBA(p[0], p[1], p[2], channels == 4 ? p[3] : 255)
    }

    func decode(_ url: URL) throws -> DecodedImage {
        let image = try ImageDecoder.decodeSynchronously(path: RawPath(url.path))
        return try XCTUnwrap(image)
    }

    func testPNGDecodesWithExactPixels() throws {
        let url = fixtures.quadrants("q.png", width: 64, height: 48)
        let image = try decode(url)
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
        XCTAssertEqual(image.formatName, "png")
        for (x, y) in [(5, 5), (60, 5), (5, 40), (60, 40), (31, 23), (32, 24)] {
            XCTAssertEqual(pixel(image, x, y), Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48), "at \(x),\(y)")
        }
    }

    func testJPEGDecodesWithinCompressionTolerance() throws {
        let url = fixtures.quadrants("q.jpg", width: 64, height: 48, type: "jpeg")
        let image = try decode(url)
        XCTAssertEqual(image.formatName, "jpeg")
        for (x, y) in [(8, 8), (56, 8), (8, 40), (56, 40)] {
            let expected = Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
            XCTAssertTrue(pixel(image, x, y).isClose(to: expected, tolerance: 12), "at \(x),\(y): \(pixel(image, x, y)) vs \(expected)")
        }
    }

    func testPNGWithAlphaKeepsAlpha() throws {
        let url = fixtures.image("a.png", width: 8, height: 8, alpha: true) { x, _ in x < 4 ? RGBA(255, 0, 0, 255) : RGBA(0, 0, 255, 0) }
        let image = try decode(url)
        XCTAssertEqual(pixel(image, 1, 1).a, 255)
        XCTAssertEqual(pixel(image, 6, 1).a, 0)
    }

    func testPNGNamedJPGIsRecognisedByContent() throws {
        let png = fixtures.quadrants("real.png", width: 20, height: 10)
        let renamed = fixtures.url("actually-a-png.jpg")
        try FileManager.default.copyItem(at: png, to: renamed)
        XCTAssertEqual(try decode(renamed).formatName, "png")
    }

    func testUnicodeAndSpacesInNames() throws {
        let url = fixtures.quadrants("色 の 画像 ✓.png", width: 10, height: 10)
        XCTAssertEqual(try decode(url).width, 10)
    }

    /// BEHAVIOUR A5: a JPEG whose EXIF Orientation is 6 (rotate 90° clockwise) shows upright.
    func testEXIFOrientationIsApplied() throws {
        // Stored 40×20: left half red, right half blue. Rotated clockwise, the left
        // column becomes the top row: 20×40, top red, bottom blue.
        let stored = fixtures.image("stored.jpg", width: 40, height: 20, type: "jpeg") { x, _ in
            x < 20 ? RGBA(255, 0, 0) : RGBA(0, 0, 255)
        }
        let bytes = fixtures.data(of: stored)
        let rotated = fixtures.bytes("rotated.jpg", Array(bytes[0..<2]) + Self.exifOrientationSegment(6) + Array(bytes[2...]))
        let image = try decode(rotated)
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 40)
        XCTAssertTrue(pixel(image, 10, 5).isClose(to: RGBA(255, 0, 0), tolerance: 30), "\(pixel(image, 10, 5))")
        XCTAssertTrue(pixel(image, 10, 35).isClose(to: RGBA(0, 0, 255), tolerance: 30), "\(pixel(image, 10, 35))")
    }

    func testRealCameraJPEGWithOrientation6StandsUpright() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/samples/cups-rotated-exif6.jpg").standardized
        try XCTSkipUnless(FileManager.default.fileExists(atPath: sample.path), "../shared/samples is not beside the repository")
        let image = try decode(sample)
        XCTAssertEqual(image.width, 1600)
        XCTAssertEqual(image.height, 2560)
    }

    /// A progressive JPEG is decoded in one pass by libjpeg (`JPEGDecoding`), not scan by
    /// scan: the same pixels as gdk-pixbuf's incremental loader, and still "damaged" when
    /// cut short.
    func testProgressiveJPEGDecodesInOnePassWithTheSamePixelsAndItsEndChecked() throws {
        let progressive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus/jpeg-progressive-40x24.jpg").standardized
        let bytes = fixtures.data(of: progressive)
        try XCTSkipIf(bytes.isEmpty, "no corpus beside the tests")
        let markers = try XCTUnwrap(JPEGMarkerScanner.scan(ImageSource(path: RawPath(progressive.path))))
        XCTAssertTrue(markers.isProgressive)
        XCTAssertTrue(markers.isComplete)
        let baseline = fixtures.image("baseline.jpg", width: 40, height: 24, type: "jpeg") { _, _ in RGBA(0, 0, 255) }
        XCTAssertFalse(try XCTUnwrap(JPEGMarkerScanner.scan(ImageSource(path: RawPath(baseline.path)))).isProgressive)
        // The frame header comes before the image data: reading until it is enough to tell.
        let head = try XCTUnwrap(JPEGMarkerScanner.scan(ImageSource(path: RawPath(baseline.path)), while: { !$0.hasFrame }))
        XCTAssertTrue(head.hasFrame)
        XCTAssertFalse(head.isProgressive)
        XCTAssertTrue(
            try XCTUnwrap(JPEGMarkerScanner.scan(ImageSource(path: RawPath(progressive.path)), while: { !$0.hasFrame })).isProgressive)

        let image = try decode(progressive)
        XCTAssertEqual([image.width, image.height], [40, 24])
        // What the incremental loader, fed the same bytes, makes of it.
        let loader = try XCTUnwrap(try withGError { gdk_pixbuf_loader_new_with_type("jpeg", $0) })
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        _ = try bytes.withUnsafeBufferPointer { buffer in
            try withGError { gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), $0) }
        }
        _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
        let reference = try XCTUnwrap(gdk_pixbuf_loader_get_pixbuf(loader))
        let length = Int(gdk_pixbuf_get_byte_length(reference))
        XCTAssertEqual(Int(gdk_pixbuf_get_byte_length(image.pixbuf)), length)
        XCTAssertEqual(memcmp(gdk_pixbuf_read_pixels(image.pixbuf), gdk_pixbuf_read_pixels(reference), length), 0, "the same pixels")

        let cut = fixtures.bytes("cut-progressive.jpg", Array(bytes[0..<(bytes.count - 40)]))
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(cut.path))) { error in
            XCTAssertEqual(error as? LoadError, .damaged(detail: "the JPEG data ends early"))
        }
    }

    /// An APP1 segment holding a big-endian TIFF IFD with one Orientation entry.
    static func exifOrientationSegment(_ orientation: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, // "MM", 42, IFD at 8
            0, 1, // one entry
            0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, // Orientation, SHORT, 1
            0, 0, 0, 0,
        ] // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    func testProgressReachesOneAndCancellationStopsEarly() throws {
        let url = fixtures.image("big.png", width: 1500, height: 1500) { x, y in RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255))
        }
        let progress = LoadProgress()
        _ = try ImageDecoder.decodeSynchronously(path: RawPath(url.path), progress: progress)
        XCTAssertEqual(progress.fraction, 1, accuracy: 1e-9)

        var checks = 0
        let cancelled = try ImageDecoder.decodeSynchronously(
            path: RawPath(url.path),
            isCancelled: {
                checks += 1
                return checks > 1
            })
        XCTAssertNil(cancelled, "a cancelled decode returns nothing")
    }

    func testAsyncDecodeRunsOffTheMainThread() async throws {
        let url = fixtures.quadrants("async.png", width: 30, height: 30)
        let image = try await ImageDecoder.decode(path: RawPath(url.path))
        XCTAssertEqual(image?.width, 30)
    }

    func testHeaderGivesDeclaredSizeWithoutDecoding() throws {
        let url = fixtures.quadrants("h.png", width: 123, height: 45)
        XCTAssertEqual(
            try InProcessDecoder.readHeader(ImageSource(path: RawPath(url.path))),
            ImageDecoder.Header(formatName: "png", width: 123, height: 45))
    }

    func testInstalledFormatsIncludeTheCommonOnes() {
        for mime in ["image/png", "image/jpeg", "image/gif", "image/bmp"] {
            XCTAssertTrue(ImageFormats.mimeTypes.contains(mime), mime)
        }
    }
}
