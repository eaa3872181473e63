import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// JPEG 2000 through OpenJPEG (`JPEG2000Decoding`), on files `opj_compress` made in the test:
/// a JP2 file and a bare codestream, in process and in the decoder helper; a reduced decode
/// through the wavelet's resolutions; a size bomb refused by its header.
final class JPEG2000DecodingTests: XCTestCase {
    let fixtures = Fixtures()

    func decode(_ url: URL, detail: DecodeDetail = .full) throws -> DecodedImage {
        try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: detail))
    }

    func assertQuadrants(_ image: DecodedImage, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let (width, height) = (image.width, image.height)
        for (x, y) in [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)] {
            let seen = decodedPixel(image, x, y), want = Fixtures.quadrantColor(x: x, y: y, width: width, height: height)
            XCTAssertTrue(seen.isClose(to: want, tolerance: 8), "\(label) at (\(x), \(y)): \(seen), not \(want)", file: file, line: line)
        }
    }

    func checkBothKinds() throws {
        let png = fixtures.quadrants("quadrants.png", width: 160, height: 96)
        for codestream in [false, true] {
            let file = try CodecFixtures.jpeg2000(from: png, codestream: codestream)
            let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(file.path)))
            XCTAssertEqual([header.formatName, "\(header.width)×\(header.height)"], ["jpeg2000", "160×96"])
            let image = try decode(file)
            XCTAssertEqual([image.width, image.height], [160, 96])
            assertQuadrants(image, file.lastPathComponent)
        }
    }

    func testJP2AndCodestreamDecodeInProcess() throws { try checkBothKinds() }

    func testJP2AndCodestreamDecodeInTheHelper() throws {
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        try checkBothKinds()
    }

    /// A screen's worth of a large picture is decoded two wavelet resolutions down: a quarter
    /// of each side, knowing its full size.
    func testAReducedDecodeDropsResolutions() throws {
        let png = fixtures.quadrants("large.png", width: 1600, height: 1200)
        let image = try decode(try CodecFixtures.jpeg2000(from: png), detail: .screen(width: 400, height: 300))
        XCTAssertEqual([image.width, image.height], [400, 300])
        XCTAssertEqual([image.imageWidth, image.imageHeight], [1600, 1200])
        assertQuadrants(image, "reduced")
    }

    /// A codestream whose SIZ segment declares 40 000 × 40 000 is refused as too large at once.
    func testASizeBombIsRefusedByItsHeader() throws {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
        // SOC, then SIZ: length, capabilities, the grid's size and offsets, a tile's size and
        // offsets, one 8-bit component unsubsampled.
        let siz =
            be16(41) + be16(0) + be32(40_000) + be32(40_000) + be32(0) + be32(0) + be32(40_000) + be32(40_000) + be32(0) + be32(0)
            + be16(1) + [7, 1, 1]
        let bomb = fixtures.bytes("bomb.j2k", [0xFF, 0x4F, 0xFF, 0x51] + siz + [0xFF, 0xD9])
        let started = Date()
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(bomb.path))) { error in
            guard case LoadError.tooLarge(let width, let height) = error else { return XCTFail("\(error)") }
            XCTAssertEqual([width, height], [40_000, 40_000])
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }
}
