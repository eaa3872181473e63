import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Each format's integrity check on its own, through the hooks the decoder calls (the
/// bad-input corpus checks the same files through the whole decoder).
final class IntegrityCheckTests: XCTestCase {
    let fixtures = Fixtures()

    func testEachFormatGetsItsOwnCheck() {
        XCTAssertTrue(IntegrityChecks.forFormat("png", height: 10) is PNGIntegrity)
        XCTAssertTrue(IntegrityChecks.forFormat("jpeg", height: 10) is JPEGIntegrity)
        for format in ["bmp", "pnm", "webp", "ani", "ico"] {
            XCTAssertEqual((IntegrityChecks.forFormat(format, height: 10) as? DeclaredLength)?.format, format)
        }
        XCTAssertNil(IntegrityChecks.forFormat("gif", height: 10), "gdk-pixbuf's GIF loader refuses what is missing itself")
    }

    /// Feeds `bytes` in chunks of `chunk` to a fresh check for `format`; its final verdict.
    func verdict(_ format: String, _ bytes: [UInt8], height: Int, chunk: Int = 7) -> String? {
        guard let check = IntegrityChecks.forFormat(format, height: height) else { return "no check" }
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            bytes[start..<min(bytes.count, start + chunk)].withUnsafeBufferPointer { check.feed($0) }
        }
        return check.problemAfterDecoding()
    }

    func testJPEGMustReachItsEnd() throws {
        let url = fixtures.quadrants("q.jpg", width: 64, height: 48, type: "jpeg")
        let bytes = [UInt8](try Data(contentsOf: url))
        XCTAssertNil(verdict("jpeg", bytes, height: 48))
        XCTAssertEqual(verdict("jpeg", Array(bytes.dropLast(100)), height: 48), "the JPEG data ends early")
        XCTAssertNil(verdict("jpeg", bytes + Array("appended by a phone".utf8), height: 48), "data after the end is ignored")
    }

    func testPNGNeedsItsTrailerAndEveryRow() throws {
        let url = fixtures.quadrants("q.png", width: 64, height: 48)
        let bytes = [UInt8](try Data(contentsOf: url))
        XCTAssertEqual(verdict("png", Array(bytes.dropLast(1)), height: 48), "the PNG data ends early")

        // The whole file through a real loader the check follows: every row is reported.
        let check = try XCTUnwrap(IntegrityChecks.forFormat("png", height: 48))
        let loader = try XCTUnwrap(gdk_pixbuf_loader_new_with_type("png", nil))
        defer { g_object_unref(raw(loader)) }
        check.follow(loader)
        bytes.withUnsafeBufferPointer { buffer in
            _ = gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), nil)
            check.feed(buffer)
        }
        _ = gdk_pixbuf_loader_close(loader, nil)
        XCTAssertNil(check.problemAfterDecoding())

        // Rows no loader reported (a check that followed nothing) are missing, from the first.
        XCTAssertEqual(verdict("png", bytes, height: 48), "the PNG image data stops before row 1 of 48")
    }

    func testDeclaredLengthIsJudgedBeforeDecoding() throws {
        // A BMP header declaring 100 × 100 at 24 bits: 54 + 300 × 100 bytes of pixels.
        var header = Array("BM".utf8) + [UInt8](repeating: 0, count: 52)
        func put32(_ value: Int, at index: Int) { for i in 0..<4 { header[index + i] = UInt8((value >> (8 * i)) & 0xFF) } }
        put32(54, at: 10)
        put32(40, at: 14)
        put32(100, at: 18)
        put32(100, at: 22)
        header[26] = 1
        header[28] = 24
        let short = fixtures.bytes("short.bmp", header + [UInt8](repeating: 0, count: 100))
        let check = try XCTUnwrap(IntegrityChecks.forFormat("bmp", height: 100))
        XCTAssertEqual(
            check.problemBeforeDecoding(source: ImageSource(path: RawPath(short.path)), fileSize: 154),
            "the BMP data ends early: 154 of at least 30054 bytes")
        let whole = fixtures.bytes("whole.bmp", header + [UInt8](repeating: 0, count: 30_000))
        XCTAssertNil(check.problemBeforeDecoding(source: ImageSource(path: RawPath(whole.path)), fileSize: 30_054))
    }
}
