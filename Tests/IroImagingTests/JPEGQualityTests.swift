import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// The quality a JPEG was saved with, read back from its quantisation tables (`JPEGQuality`):
/// exactly what cjpeg and gdk-pixbuf were asked for, 8-bit and 16-bit tables alike; nil or
/// an answer, never a crash, for damaged files.
final class JPEGQualityTests: XCTestCase {
    let fixtures = Fixtures()

    func testCjpegsQualityIsReadBack() throws {
        for quality in [1, 5, 10, 23, 25, 50, 63, 75, 85, 90, 95, 98, 99, 100] {
            let jpeg = try JPEGLosslessEditTests.jpeg(fixtures, width: 32, height: 24, sample: "2x2", options: ["-quality", "\(quality)"])
            XCTAssertEqual(JPEGQuality.estimate(ofJPEG: jpeg), quality, "cjpeg -quality \(quality)")
            // Below 24 some steps pass 255: cjpeg, not forcing baseline tables, stores 16-bit ones.
            let wide = jpeg.withUnsafeBufferPointer { JPEGHeader.read($0)?.tables[0]?.isWide }
            XCTAssertEqual(wide, quality < 24, "quality \(quality)")
        }
    }

    /// Forced baseline tables clamp the steps at 255; the estimate compares them clamped too.
    func testBaselineTablesAndGreyFilesAreReadToo() throws {
        for quality in [3, 10, 40, 80] {
            let baseline = try JPEGLosslessEditTests.jpeg(
                fixtures, width: 32, height: 24, options: ["-quality", "\(quality)", "-baseline"])
            XCTAssertEqual(JPEGQuality.estimate(ofJPEG: baseline), quality, "cjpeg -baseline -quality \(quality)")
            let grey = try JPEGLosslessEditTests.jpeg(fixtures, width: 32, height: 24, grey: true, options: ["-quality", "\(quality)"])
            XCTAssertEqual(JPEGQuality.estimate(ofJPEG: grey), quality, "grey, quality \(quality)")
        }
    }

    /// gdk-pixbuf's JPEG saver (what Iro's export writes with) at the quality the fixtures use.
    func testGdkPixbufsQualityIsReadBack() {
        let url = fixtures.quadrants("saved.jpg", width: 40, height: 30, type: "jpeg")
        XCTAssertEqual(JPEGQuality.estimate(ofJPEG: fixtures.data(of: url)), 95)
    }

    func testDamagedFilesGiveNilOrAnAnswerNeverACrash() throws {
        XCTAssertNil(JPEGQuality.estimate(ofJPEG: []))
        XCTAssertNil(JPEGQuality.estimate(ofJPEG: [0xFF, 0xD8]))
        XCTAssertNil(JPEGQuality.estimate(ofJPEG: Array("not a JPEG at all".utf8)))
        // A DQT segment longer than the file, and one whose table is cut short.
        XCTAssertNil(JPEGQuality.estimate(ofJPEG: [0xFF, 0xD8, 0xFF, 0xDB, 0x01, 0x00, 0x00, 1, 2, 3]))
        XCTAssertNil(JPEGQuality.estimate(ofJPEG: [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x10, 0x00] + [UInt8](repeating: 9, count: 14)))
        let valid = try JPEGLosslessEditTests.jpeg(fixtures, width: 16, height: 16, options: ["-quality", "70"])
        let scan = try XCTUnwrap((0..<(valid.count - 1)).first { valid[$0] == 0xFF && valid[$0 + 1] == 0xDA })
        for length in 0...(scan + 4) {
            let estimate = JPEGQuality.estimate(ofJPEG: Array(valid[0..<length]))
            XCTAssertTrue(estimate == nil || (1...100).contains(estimate ?? 0), "cut at \(length): \(String(describing: estimate))")
        }
        for index in 0..<scan {
            for value: UInt8 in [0, 0xFF] {
                var changed = valid
                changed[index] = value
                let estimate = JPEGQuality.estimate(ofJPEG: changed)
                XCTAssertTrue(estimate == nil || (1...100).contains(estimate ?? 0), "byte \(index) = \(value)")
            }
        }
    }
}
