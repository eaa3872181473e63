import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// SVG drawn by librsvg at the detail the view needs (BEHAVIOUR A6), with the document's
/// own size still the image's size.
final class SVGRenderingTests: XCTestCase {
    let fixtures = Fixtures()

    /// Four coloured quarters and a diagonal, 400 × 200.
    static let drawing = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
        <rect width="200" height="100" fill="#ff0000"/><rect x="200" width="200" height="100" fill="#00ff00"/>
        <rect y="100" width="200" height="100" fill="#0000ff"/><rect x="200" y="100" width="200" height="100" fill="#ffff00" fill-opacity="0.5"/>
        <line x1="0" y1="0" x2="400" y2="200" stroke="#000" stroke-width="3"/></svg>
        """

    func pixel(_ pixbuf: OpaquePointer, _ x: Int, _ y: Int) -> [Int] {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let p = gdk_pixbuf_read_pixels(pixbuf)! + y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * channels
        return (0..<channels).map { Int(p[$0]) }
    }

    func testAtFullDetailTheDrawingIsGdkPixbufsOwn() throws {
        let url = fixtures.bytes("quarters.svg", Array(Self.drawing.utf8))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        XCTAssertEqual([image.width, image.height, image.imageWidth, image.imageHeight], [400, 200, 400, 200])
        let reference = try XCTUnwrap(try url.path.withCString { name in try withGError { gdk_pixbuf_new_from_file(name, $0) } })
        defer { g_object_unref(UnsafeMutableRawPointer(reference)) }
        var largest = 0
        for y in stride(from: 0, to: 200, by: 3) {
            for x in stride(from: 0, to: 400, by: 3) {
                let ours = pixel(image.pixbuf, x, y), theirs = pixel(reference, x, y)
                // A colour under alpha 0.5 goes through premultiplied pixels: ±1 of rounding.
                largest = max(largest, zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        XCTAssertLessThanOrEqual(largest, 1, "the same drawing")
        XCTAssertEqual(pixel(image.pixbuf, 350, 120), [255, 255, 0, 128], "straight alpha, as pixbufs hold it")
    }

    func testTheScreensDetailIsDrawnAtThatSizeAndMoreDetailOnRequest() throws {
        let url = fixtures.bytes("quarters.svg", Array(Self.drawing.utf8))
        let small = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 100)))
        XCTAssertEqual([small.width, small.height], [100, 50], "drawn at the screen's size")
        XCTAssertEqual([small.imageWidth, small.imageHeight], [400, 200], "100 % is still the document's size")
        XCTAssertEqual(small.scale, 0.25, accuracy: 1e-9)
        XCTAssertEqual(pixel(small.pixbuf, 10, 40), [0, 0, 255, 255], "sharp colours, not a reduction of a blur")
        let zoomed = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(0.6)))
        XCTAssertEqual([zoomed.width, zoomed.height], [240, 120], "any scale, not only halves")
        XCTAssertEqual(
            try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(3))?.width, 400, "at most the document's size")
    }

    func testAGzippedSVGDrawsToo() throws {
        let plain = fixtures.bytes("quarters.svg", Array(Self.drawing.utf8))
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", "-f", plain.path]
        do { try gzip.run() } catch { throw XCTSkip("gzip is not installed") }
        gzip.waitUntilExit()
        let compressed = fixtures.url("quarters.svgz")
        try FileManager.default.moveItem(at: fixtures.url("quarters.svg.gz"), to: compressed)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(compressed.path), detail: .screen(side: 200)))
        XCTAssertEqual([image.width, image.height, image.imageWidth], [200, 100, 400])
    }

    func testAHugeDocumentWithinTheLimitsIsDrawnAtTheScreensSizeOnly() throws {
        // 20 000 × 10 000 (200 MP, 800 MB at full size), a few hundred bytes on disk.
        let huge = Self.drawing.replacingOccurrences(
            of: "width=\"400\" height=\"200\">", with: "width=\"20000\" height=\"10000\" viewBox=\"0 0 400 200\">")
        let url = fixtures.bytes("huge.svg", Array(huge.utf8))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 1920)))
        XCTAssertEqual([image.width, image.height, image.imageWidth, image.imageHeight], [1920, 960, 20000, 10000])
    }
}
