import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// A part of a JPEG at full detail (BEHAVIOUR A6): exactly the pixels of the whole decode
/// there, in every EXIF orientation, baseline and progressive; cancellable; JPEG only.
final class JPEGRegionTests: XCTestCase {
    let fixtures = Fixtures()

    /// `bytes` with an EXIF orientation segment after the start-of-image marker.
    func oriented(_ bytes: [UInt8], _ orientation: UInt8) -> [UInt8] {
        Array(bytes[0..<2]) + DecodeTests.exifOrientationSegment(orientation) + Array(bytes[2...])
    }

    func testARegionHasTheWholeDecodesPixelsInEveryOrientation() throws {
        // Odd sizes and a region off the block grid: crop widens it to whole blocks.
        let baseline = fixtures.data(
            of: fixtures.image("baseline.jpg", width: 803, height: 601, type: "jpeg") { x, y in
                RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x * y) & 255))
            })
        let progressive = fixtures.data(of: JPEGDecodingTests.corpus.appendingPathComponent("jpeg-progressive-40x24.jpg"))
        try XCTSkipIf(progressive.isEmpty, "no corpus beside the tests")
        for (name, bytes, wanted) in [
            ("baseline", baseline, PixelRect(x: 130, y: 97, width: 301, height: 203)),
            ("progressive", progressive, PixelRect(x: 5, y: 3, width: 13, height: 9)),
        ] {
            for orientation in UInt8(1)...8 {
                let url = fixtures.bytes("\(name)-\(orientation).jpg", oriented(bytes, orientation))
                let whole = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
                let region = try XCTUnwrap(try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: wanted))
                let label = "\(name), orientation \(orientation): \(region.rect)"
                XCTAssertTrue(region.rect.contains(wanted), "covers what was asked: \(label)")
                XCTAssertLessThan(region.rect.width * region.rect.height, whole.width * whole.height, "only a part: \(label)")
                XCTAssertEqual(Int(gdk_pixbuf_get_width(region.pixbuf)), region.rect.width)
                XCTAssertEqual(Int(gdk_pixbuf_get_height(region.pixbuf)), region.rect.height)
                let same = try XCTUnwrap(
                    gdk_pixbuf_new_subpixbuf(
                        whole.pixbuf, Int32(region.rect.x), Int32(region.rect.y), Int32(region.rect.width), Int32(region.rect.height)))
                defer { g_object_unref(raw(same)) }
                XCTAssertEqual(largestChannelDifference(region.pixbuf, same), 0, "the whole decode's pixels: \(label)")
            }
        }
    }

    /// With less detail (½, ¼, ⅛): the reduced whole decode's pixels, at that scale.
    func testAReducedRegionHasTheReducedWholeDecodesPixels() throws {
        let bytes = fixtures.data(
            of: fixtures.image("reduced.jpg", width: 1203, height: 805, type: "jpeg") { x, y in
                RGBA(UInt8((x * 3) & 255), UInt8(y & 255), UInt8((x ^ y) & 255))
            })
        let wanted = PixelRect(x: 301, y: 203, width: 317, height: 311) // inside both ways up
        for orientation in [UInt8(1), 6] {
            let url = fixtures.bytes("reduced-\(orientation).jpg", oriented(bytes, orientation))
            for reduction in [2, 4, 8] {
                let detail = 1 / Double(reduction)
                let whole = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(detail)))
                let region = try XCTUnwrap(
                    try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: wanted, detail: detail))
                let label = "orientation \(orientation), 1/\(reduction): \(region.rect)"
                XCTAssertEqual(region.scale, detail, label)
                XCTAssertTrue(region.holds(wanted, detail: detail), "holds what was asked: \(label)")
                XCTAssertFalse(region.holds(wanted, detail: detail * 2), "not with more detail: \(label)")
                let same = try XCTUnwrap(
                    gdk_pixbuf_new_subpixbuf(
                        whole.pixbuf, Int32(region.rect.x), Int32(region.rect.y), Int32(region.rect.width), Int32(region.rect.height)))
                defer { g_object_unref(raw(same)) }
                XCTAssertEqual(largestChannelDifference(region.pixbuf, same), 0, "the reduced decode's pixels: \(label)")
            }
        }
    }

    func testARegionReachingPastTheImageIsClippedToIt() throws {
        let url = fixtures.quadrants("q.jpg", width: 200, height: 100, type: "jpeg")
        let region = try XCTUnwrap(
            try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: PixelRect(x: 150, y: 50, width: 500, height: 500))
        )
        XCTAssertEqual(region.rect.maxX, 200)
        XCTAssertEqual(region.rect.maxY, 100)
        XCTAssertNil(
            try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: PixelRect(x: 300, y: 0, width: 10, height: 10)),
            "nothing of the image there")
    }

    func testCancellingStopsBetweenChunksOfRows() throws {
        let url = fixtures.quadrants("tall.jpg", width: 64, height: 64 * JPEGDecoding.rowsPerChunk, type: "jpeg")
        let cancel = CancelAfter(3)
        let all = PixelRect(x: 0, y: 0, width: 64, height: 64 * JPEGDecoding.rowsPerChunk)
        XCTAssertNil(try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: all, isCancelled: cancel.ask))
        XCTAssertEqual(cancel.questions, 4, "asked once per chunk until cancelled, then stopped")
    }

    func testOnlyJPEGHasRegionsAndACutOneIsDamaged() throws {
        let png = fixtures.quadrants("q.png", width: 64, height: 48)
        let part = PixelRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertNil(try ImageDecoder.decodeRegionSynchronously(path: RawPath(png.path), covering: part))
        let whole = fixtures.data(of: fixtures.quadrants("q.jpg", width: 64, height: 48, type: "jpeg"))
        let cut = fixtures.bytes("cut.jpg", Array(whole[0..<(whole.count * 2 / 3)]))
        XCTAssertThrowsError(try ImageDecoder.decodeRegionSynchronously(path: RawPath(cut.path), covering: part)) { error in
            guard case .damaged = error as? LoadError else { return XCTFail("\(error)") }
        }
    }
}
