import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// JPEG XL through libjxl (`JXLDecoding`), on files `cjxl` made in the test: size and colours
/// lossy and lossless, in process and in the decoder helper; the codestream's orientation;
/// alpha; an embedded profile converted; reduced for the screen; animation frame by frame;
/// and a size bomb refused by its header.
final class JXLDecodingTests: XCTestCase {
    let fixtures = Fixtures()

    func decode(_ url: URL, detail: DecodeDetail = .full) throws -> DecodedImage {
        try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: detail))
    }

    func assertQuadrants(_ image: DecodedImage, tolerance: Int, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let (width, height) = (image.width, image.height)
        for (x, y) in [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)] {
            let seen = decodedPixel(image, x, y), want = Fixtures.quadrantColor(x: x, y: y, width: width, height: height)
            XCTAssertTrue(
                seen.isClose(to: want, tolerance: tolerance), "\(label) at (\(x), \(y)): \(seen), not \(want)", file: file, line: line)
        }
    }

    func checkLossyAndLossless() throws {
        let png = fixtures.quadrants("quadrants.png", width: 160, height: 96)
        for (options, tolerance) in [(["-d", "1"], 24), (["-d", "0"], 0)] {
            let jxl = try CodecFixtures.jxl(from: png, options: options, name: "quadrants\(options[1]).jxl")
            let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(jxl.path)))
            XCTAssertEqual([header.formatName, "\(header.width)×\(header.height)"], ["jxl", "160×96"])
            let image = try decode(jxl)
            XCTAssertEqual([image.width, image.height], [160, 96])
            assertQuadrants(image, tolerance: tolerance, "cjxl \(options.joined(separator: " "))")
        }
    }

    func testLossyAndLosslessJXLDecodeInProcess() throws { try checkLossyAndLossless() }

    func testLossyAndLosslessJXLDecodeInTheHelper() throws {
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        try checkLossyAndLossless()
    }

    /// cjxl turns a JPEG's EXIF orientation into the codestream's, which libjxl applies: a
    /// 160 × 96 picture stored turned by orientation 6 shows 96 × 160, its top-left (red)
    /// quadrant at the top right.
    func testTheOrientationIsApplied() throws {
        let jpeg = fixtures.quadrants("stored.jpeg", width: 160, height: 96, type: "jpeg")
        let turned = fixtures.bytes(
            "turned.jpeg", ExifFixture.inserting(ExifFixture.tiff(ifd0: [.short(274, 6)]), into: fixtures.data(of: jpeg)))
        for options in [["-j", "1"], ["-j", "0", "-d", "1"]] {
            let jxl = try CodecFixtures.jxl(from: turned, options: options, name: "turned\(options[1]).jxl")
            let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(jxl.path)))
            XCTAssertEqual([header.width, header.height], [96, 160], "the header's size is the picture's upright")
            let image = try decode(jxl)
            XCTAssertEqual([image.width, image.height], [96, 160])
            XCTAssertTrue(
                decodedPixel(image, 72, 40).isClose(to: RGBA(255, 0, 0), tolerance: 30),
                "red at the top right: \(decodedPixel(image, 72, 40))")
            XCTAssertTrue(
                decodedPixel(image, 24, 40).isClose(to: RGBA(0, 0, 255), tolerance: 30),
                "blue at the top left: \(decodedPixel(image, 24, 40))")
        }
    }

    /// Rows whose bytes are not a multiple of four (161 × 3) land at the pixbuf's padded stride.
    func testAnOddWidthKeepsItsRowsStraight() throws {
        let png = fixtures.quadrants("odd.png", width: 161, height: 97)
        let image = try decode(try CodecFixtures.jxl(from: png, options: ["-d", "0"]))
        XCTAssertEqual([image.width, image.height], [161, 97])
        for (x, y) in [(0, 0), (160, 0), (0, 96), (160, 96), (79, 47), (81, 49)] {
            XCTAssertEqual(decodedPixel(image, x, y), Fixtures.quadrantColor(x: x, y: y, width: 161, height: 97), "at (\(x), \(y))")
        }
    }

    func testAlphaIsKept() throws {
        let png = fixtures.image("alpha.png", width: 40, height: 20, alpha: true) { x, _ in
            x < 20 ? RGBA(255, 0, 0, 255) : RGBA(0, 0, 255, 64)
        }
        let image = try decode(try CodecFixtures.jxl(from: png, options: ["-d", "0"]))
        XCTAssertEqual(gdk_pixbuf_get_has_alpha(image.pixbuf), 1)
        XCTAssertEqual(decodedPixel(image, 5, 10), RGBA(255, 0, 0, 255))
        XCTAssertEqual(decodedPixel(image, 35, 10), RGBA(0, 0, 255, 64), "straight alpha, not premultiplied")
    }

    /// A lossless picture keeps its own colour space: its embedded profile (Adobe RGB) is
    /// converted to sRGB as the same PNG's is.
    func testAnEmbeddedProfileIsConverted() throws {
        let path = ColourProfileTests.adobeRGB
        try XCTSkipUnless(FileManager.default.fileExists(atPath: path), "\(path) comes with icc-profiles-free")
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let colour = RGBA(40, 180, 90)
        let png = fixtures.image("adobe.png", width: 16, height: 16) { _, _ in colour }
        try Data(PNGBytes.embedding(profile: profile, in: fixtures.data(of: png))).write(to: png)
        let fromPNG = decodedPixel(try decode(png), 8, 8)
        XCTAssertFalse(fromPNG.isClose(to: colour, tolerance: 10), "the profile moves this colour visibly")
        let fromJXL = decodedPixel(try decode(try CodecFixtures.jxl(from: png, options: ["-d", "0"])), 8, 8)
        XCTAssertTrue(fromJXL.isClose(to: fromPNG, tolerance: 3), "JPEG XL \(fromJXL), PNG \(fromPNG)")
    }

    /// A large picture is decoded whole but leaves the decoder reduced to the screen's worth,
    /// knowing its full size.
    func testItIsReducedForTheScreen() throws {
        let png = fixtures.quadrants("large.png", width: 1600, height: 1200)
        let image = try decode(try CodecFixtures.jxl(from: png, options: ["-d", "1", "-e", "3"]), detail: .screen(width: 400, height: 300))
        XCTAssertEqual([image.width, image.height], [400, 300])
        XCTAssertEqual([image.imageWidth, image.imageHeight], [1600, 1200])
        assertQuadrants(image, tolerance: 24, "reduced")
    }

    /// cjxl makes an animated JPEG XL of a GIF: it plays frame by frame with the GIF's delays.
    func testAnAnimationPlaysFrameByFrame() throws {
        let colours = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255)]
        let gif = fixtures.bytes(
            "three.gif", GIFFixture.make(width: 12, height: 10, frames: colours.map { GIFFixture.Frame($0, delay: 10) }, loops: 0))
        let image = try decode(try CodecFixtures.jxl(from: gif, options: ["-d", "0"]))
        let animation = try XCTUnwrap(image.animation, "three frames play")
        var seen: [RGBA] = []
        for step in 0..<4 {
            let frame = try XCTUnwrap(animation.currentFrame())
            seen.append(decodedPixel(frame, 6, 5))
            XCTAssertEqual(animation.delay, 100, "frame \(step) keeps the GIF's 10 hundredths")
            XCTAssertTrue(animation.advance())
        }
        XCTAssertEqual(seen.map { RGBA($0.r, $0.g, $0.b) }, colours + [colours[0]], "three frames, then the loop again")
    }

    /// A codestream whose header declares 40 000 × 40 000 is refused as too large by its
    /// header alone, in an instant.
    func testASizeBombIsRefusedByItsHeader() throws {
        var bits = BitWriter()
        bits.write(0, bits: 1) // not a small size
        bits.write(2, bits: 2) // height: 18 bits
        bits.write(39_999, bits: 18)
        bits.write(0, bits: 3) // no ratio: a width follows
        bits.write(2, bits: 2)
        bits.write(39_999, bits: 18)
        bits.write(1, bits: 1) // default image metadata
        let bomb = fixtures.bytes("bomb.jxl", [0xFF, 0x0A] + bits.finished + [UInt8](repeating: 0, count: 64))
        let started = Date()
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(bomb.path))) { error in
            guard case LoadError.tooLarge(let width, let height) = error else { return XCTFail("\(error)") }
            XCTAssertEqual([width, height], [40_000, 40_000])
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }
}
