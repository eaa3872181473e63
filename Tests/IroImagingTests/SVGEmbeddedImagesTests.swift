import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// The images an SVG embeds are measured from their headers before librsvg sees them: each
/// format's declared size, however the URL is written, SVGs inside SVGs, and a budget for
/// all of them together.
final class SVGEmbeddedImagesTests: XCTestCase {
    let fixtures = Fixtures()

    func assertRefused(_ document: [UInt8], _ expected: LoadError, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SVGEmbeddedImages.check(document), what, file: file, line: line) {
            XCTAssertEqual($0 as? LoadError, expected, what, file: file, line: line)
        }
    }

    func assertAllowed(_ document: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try SVGEmbeddedImages.check(document), what, file: file, line: line)
    }

    /// PNG, JPEG (its frame header behind its other segments), GIF and WebP: the sizes their
    /// headers declare, a real file's and a bomb's.
    func testEachFormatsDeclaredSizeIsRead() throws {
        let jpeg = fixtures.data(of: fixtures.image("photo.jpg", width: 40, height: 24, type: "jpeg") { x, _ in RGBA(UInt8(x), 0, 0) })
        XCTAssertEqual(SVGEmbeddedImages.jpegSize(jpeg).map { [$0.width, $0.height] }, [40, 24])
        let webp = WebPFixture.still(width: 7, height: 5, colour: RGBA(1, 2, 3))
        XCTAssertEqual(SVGEmbeddedImages.webpSize(webp).map { [$0.width, $0.height] }, [7, 5])
        for (image, type) in [(jpeg, "image/jpeg"), (webp, "image/webp"), (SVGFixture.pngDeclaring(width: 64, height: 64), "image/png")] {
            assertAllowed(SVGFixture.embedding(image, type: type), type)
        }
        assertRefused(
            SVGFixture.embedding(SVGFixture.pngDeclaring(width: 30000, height: 30000)), .tooLarge(width: 30000, height: 30000), "PNG")
        guard let frame = jpeg.indices.dropLast().first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
            return XCTFail("a baseline frame header")
        }
        var jpegBomb = jpeg
        jpegBomb.replaceSubrange((frame + 5)..<(frame + 9), with: [0xFF, 0xDC, 0xFF, 0xDC]) // 65500 × 65500
        assertRefused(SVGFixture.embedding(jpegBomb, type: "image/jpeg"), .tooLarge(width: 65500, height: 65500), "JPEG")
        let gifBomb = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0] + [UInt8](repeating: 0, count: 6) + [0x3B]
        assertRefused(SVGFixture.embedding(gifBomb, type: "image/gif"), .tooLarge(width: 65535, height: 65535), "GIF")
    }

    /// Images within the limits each but past them together: 16384² twice, 537 million pixels.
    func testAllTheImagesTogetherHaveTheBudgetOfOne() {
        let large = Array(SVGFixture.embedding(SVGFixture.pngDeclaring(width: 16384, height: 16384)).dropLast(6)) // without "</svg>"
        let image = large.drop { $0 != UInt8(ascii: ">") }.dropFirst()
        assertAllowed(large + Array("</svg>".utf8), "one")
        assertRefused(
            large + image + Array("</svg>".utf8),
            .damaged(detail: "its embedded images declare 536870912 pixels together, more than 268435456"),
            "two")
    }

    /// The bomb however its URL is written: DATA in capitals, lines in its base64, a
    /// character reference in its scheme, percent-encoded rather than base64, in a CSS url(),
    /// in an SVG inside the SVG, in a gzip-compressed SVG.
    func testTheURLIsFoundHoweverItIsWritten() throws {
        let bomb = SVGFixture.pngDeclaring(width: 30000, height: 30000)
        let tooLarge = LoadError.tooLarge(width: 30000, height: 30000)
        let base64 = Data(bomb).base64EncodedString()
        func svg(_ body: String) -> [UInt8] {
            Array(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\">\(body)</svg>"
                    .utf8)
        }
        assertRefused(svg("<image width=\"10\" height=\"10\" href=\"DATA:image/png;BASE64,\(base64)\"/>"), tooLarge, "capitals")
        let wrapped = stride(from: 0, to: base64.count, by: 16).map { String(base64.dropFirst($0).prefix(16)) }.joined(separator: "\n  ")
        assertRefused(svg("<image width=\"10\" height=\"10\" xlink:href='data:image/png;base64,\n  \(wrapped)'/>"), tooLarge, "wrapped")
        assertRefused(svg("<image width=\"10\" height=\"10\" href=\"&#100;ata:image/png;base64,\(base64)\"/>"), tooLarge, "a reference")
        let escaped = bomb.map { String(format: "%%%02X", $0) }.joined()
        assertRefused(svg("<image width=\"10\" height=\"10\" href=\"data:image/png,\(escaped)\"/>"), tooLarge, "percent-encoded")
        assertRefused(svg("<rect width=\"10\" height=\"10\" style=\"fill:url(data:image/png;base64,\(base64))\"/>"), tooLarge, "CSS")
        let inner = SVGFixture.embedding(bomb, side: 5)
        assertRefused(SVGFixture.embedding(inner, type: "image/svg+xml"), tooLarge, "in an SVG inside")
        let huge = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30000\" height=\"30000\"/>".utf8)
        assertRefused(SVGFixture.embedding(huge, type: "image/svg+xml"), tooLarge, "an SVG inside, itself too large")
        var nested = SVGFixture.embedding(SVGFixture.pngDeclaring(width: 8, height: 8))
        for _ in 0...SVGEmbeddedImages.maxDepth { nested = SVGFixture.embedding(nested, type: "image/svg+xml") }
        assertRefused(nested, .damaged(detail: "its embedded SVG documents nest more than 4 deep"), "nested too deep")
        let plain = fixtures.bytes("bomb.svg", SVGFixture.embedding(bomb))
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", "-f", plain.path]
        do { try gzip.run() } catch { throw XCTSkip("gzip is not installed") }
        gzip.waitUntilExit()
        assertRefused(fixtures.data(of: fixtures.url("bomb.svg.gz")), tooLarge, "gzip-compressed")
    }
}
