import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// JPEG through libjpeg-turbo directly (BEHAVIOUR A6): the pixels gdk-pixbuf's loader
/// makes of the same file, at every reduction, baseline and progressive; the EXIF
/// orientation read safely; CMYK still decoded; cancellation between chunks of rows.
final class JPEGDecodingTests: XCTestCase {
    let fixtures = Fixtures()

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus")
        .standardized

    /// gdk-pixbuf's incremental loader on `bytes`, asked for `size` (nil: whole).
    static func referenceDecode(_ bytes: [UInt8], size: (Int, Int)? = nil) throws -> OpaquePointer {
        let loader = try XCTUnwrap(try withGError { gdk_pixbuf_loader_new_with_type("jpeg", $0) })
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        if let size { gdk_pixbuf_loader_set_size(loader, Int32(size.0), Int32(size.1)) }
        _ = try bytes.withUnsafeBufferPointer { buffer in
            try withGError { gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), $0) }
        }
        _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
        let pixbuf = try XCTUnwrap(gdk_pixbuf_loader_get_pixbuf(loader))
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }

    func testEveryReductionOfBaselineAndProgressiveJPEGsHasGdkPixbufsPixels() throws {
        // Odd sizes: the reduced size is rounded up, and the last block row is partial.
        let baseline = fixtures.image("baseline.jpg", width: 803, height: 601, type: "jpeg") { x, y in
            RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x * y) & 255))
        }
        let progressive = Self.corpus.appendingPathComponent("jpeg-progressive-40x24.jpg")
        let grey = Self.corpus.appendingPathComponent("jpeg-restart-grey-40x24.jpg")
        for url in [baseline, progressive, grey] {
            let bytes = fixtures.data(of: url)
            try XCTSkipIf(bytes.isEmpty, "no corpus beside the tests")
            let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(url.path)))
            for reduction in DecodeDetail.reductions {
                let image = try XCTUnwrap(
                    try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(1 / Double(reduction))))
                let size = ((header.width + reduction - 1) / reduction, (header.height + reduction - 1) / reduction)
                XCTAssertEqual([image.width, image.height], [size.0, size.1], "\(url.lastPathComponent) at 1/\(reduction)")
                let reference = try Self.referenceDecode(bytes, size: reduction > 1 ? size : nil)
                defer { g_object_unref(UnsafeMutableRawPointer(reference)) }
                XCTAssertEqual(
                    largestChannelDifference(image.pixbuf, reference), 0, "\(url.lastPathComponent) at 1/\(reduction): the same pixels")
            }
        }
    }

    /// gdk-pixbuf's incremental loader cannot read arithmetic coding at all: its one-shot
    /// loader is the reference, at full size.
    func testAnArithmeticCodedJPEGDecodesAtEveryReduction() throws {
        let url = Self.corpus.appendingPathComponent("jpeg-arithmetic-40x24.jpg")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: url.path), "no corpus beside the tests")
        for reduction in DecodeDetail.reductions {
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(1 / Double(reduction))))
            XCTAssertEqual([image.width, image.height], [(40 + reduction - 1) / reduction, (24 + reduction - 1) / reduction])
        }
        let reference = try XCTUnwrap(try url.path.withCString { name in try withGError { gdk_pixbuf_new_from_file(name, $0) } })
        defer { g_object_unref(UnsafeMutableRawPointer(reference)) }
        let whole = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        XCTAssertEqual(largestChannelDifference(whole.pixbuf, reference), 0)
    }

    func testACMYKJPEGWithoutAProfileHasGdkPixbufsColours() throws {
        let rgb = fixtures.quadrants("rgb.jpg", width: 64, height: 48, type: "jpeg")
        let cmyk = fixtures.url("cmyk.jpg")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        convert.arguments = ["convert", rgb.path, "-colorspace", "CMYK", cmyk.path]
        do { try convert.run() } catch { throw XCTSkip("ImageMagick's convert is not installed (imagemagick)") }
        convert.waitUntilExit()
        try XCTSkipUnless(convert.terminationStatus == 0, "convert could not write a CMYK JPEG")
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(cmyk.path)))
        // gdk-pixbuf's loader makes RGBA of CMYK (opaque); Iro makes RGB, by the same formula.
        let reference = try Self.referenceDecode(fixtures.data(of: cmyk))
        defer { g_object_unref(UnsafeMutableRawPointer(reference)) }
        XCTAssertEqual(gdk_pixbuf_get_width(image.pixbuf), gdk_pixbuf_get_width(reference))
        XCTAssertEqual(gdk_pixbuf_get_height(image.pixbuf), gdk_pixbuf_get_height(reference))
        var largest = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let got = ColourProfileTests.pixel(image.pixbuf, x, y), expected = ColourProfileTests.pixel(reference, x, y)
                largest = max(
                    largest, abs(Int(got.r) - Int(expected.r)), abs(Int(got.g) - Int(expected.g)), abs(Int(got.b) - Int(expected.b)))
            }
        }
        XCTAssertLessThanOrEqual(largest, 1, "the plain CMYK formula, as gdk-pixbuf's loader applies it")
    }

    func testCancellingStopsBetweenChunksOfRows() throws {
        let url = fixtures.quadrants("tall.jpg", width: 64, height: 64 * JPEGDecoding.rowsPerChunk, type: "jpeg")
        // Past reading the file (one chunk), into the rows.
        let cancel = CancelAfter(3)
        XCTAssertNil(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), isCancelled: cancel.ask))
        XCTAssertEqual(cancel.questions, 4, "asked once per chunk until cancelled, then stopped")
        let progress = LoadProgress()
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), progress: progress))
        XCTAssertEqual(progress.fraction, 1, accuracy: 1e-9)
    }

    func testAJPEGWhoseDataIsCorruptIsDamagedWithLibjpegsReason() throws {
        let whole = fixtures.data(of: fixtures.quadrants("q.jpg", width: 64, height: 48, type: "jpeg"))
        // Unknown Huffman table in the scan header: libjpeg gives up.
        guard let sos = (0..<(whole.count - 1)).first(where: { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA }) else {
            return XCTFail("no scan")
        }
        var broken = whole
        broken[sos + 6] = 0x77 // the first component's table selectors
        let url = fixtures.bytes("broken.jpg", broken)
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(url.path))) { error in
            guard case LoadError.damaged(let detail) = error else { return XCTFail("\(error)") }
            XCTAssertFalse(detail.isEmpty)
        }
    }

    func testTheOrientationTagIsReadAndBrokenEXIFMeansUpright() {
        func orientation(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { JPEGOrientation.read($0) } }
        let soi: [UInt8] = [0xFF, 0xD8]
        let image: [UInt8] = [0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]
        for value in UInt8(1)...8 {
            XCTAssertEqual(orientation(soi + DecodeTests.exifOrientationSegment(value) + image), Int(value))
        }
        // Little-endian TIFF, behind another APP segment.
        let app0: [UInt8] = [0xFF, 0xE0, 0, 4, 0, 0]
        let little: [UInt8] =
            Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]
        XCTAssertEqual(orientation(soi + app0 + [0xFF, 0xE1, 0, UInt8(little.count + 2)] + little + image), 8)
        XCTAssertEqual(orientation(soi + image), 1, "no EXIF")
        XCTAssertEqual(orientation(soi + DecodeTests.exifOrientationSegment(9) + image), 1, "no such orientation")
        XCTAssertEqual(orientation([]), 1)
        // Every cut and every single-byte change of a valid segment: a value 1–8, never a crash.
        let valid = soi + DecodeTests.exifOrientationSegment(6) + image
        for length in 0..<valid.count { XCTAssertTrue((1...8).contains(orientation(Array(valid[0..<length])))) }
        for index in valid.indices {
            for value: UInt8 in [0, 1, 0x7F, 0xFF] {
                var changed = valid
                changed[index] = value
                XCTAssertTrue((1...8).contains(orientation(changed)))
            }
        }
    }
}
