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

    /// An SVG whose image is a PNG declaring 30000 × 30000 (librsvg decoded it whole, 6 GB
    /// and 30 s, even to measure the document at 1 × 1) is refused at once with its memory
    /// hardly moved: reading its header says the embedded PNG is too large, and so does
    /// drawing it with the header known. The same drawing with a small PNG is drawn.
    func testAnEmbeddedImageDeclaringAHugeSizeIsRefused() throws {
        let url = fixtures.bytes("bomb.svg", SVGFixture.embedding(SVGFixture.pngDeclaring(width: 30000, height: 30000), side: 100))
        let source = ImageSource(path: RawPath(url.path))
        let started = ProcessInfo.processInfo.systemUptime
        let growth = try PeakMemory.growth {
            XCTAssertThrowsError(try InProcessDecoder.readHeader(source)) {
                XCTAssertEqual($0 as? LoadError, .tooLarge(width: 30000, height: 30000))
            }
            let header = ImageDecoder.Header(formatName: "svg", width: 100, height: 100)
            XCTAssertThrowsError(try InProcessDecoder.decode(source, header: header)) {
                XCTAssertEqual($0 as? LoadError, .tooLarge(width: 30000, height: 30000))
            }
        }
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 1, "refused at once")
        XCTAssertLessThan(growth, 64 << 20, "the peak rose by \(growth >> 20) MB")
        let dot = fixtures.data(of: fixtures.image("blue.png", width: 4, height: 4) { _, _ in RGBA(0, 0, 255) })
        let drawing = fixtures.bytes("drawing.svg", SVGFixture.embedding(dot))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(drawing.path)))
        XCTAssertEqual([image.width, image.height], [40, 40])
        XCTAssertEqual(pixel(image.pixbuf, 20, 20), [0, 0, 255, 255], "the embedded PNG, drawn")
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

    /// The part shown, drawn at the zoom's scale (past 100 % too): the same pixels as the
    /// whole document drawn at that scale, where they overlap.
    func testAPartIsTheWholeDrawingsPixelsAtAnyScale() throws {
        let url = fixtures.bytes("part.svg", Array(Self.drawing.utf8))
        let wanted = PixelRect(x: 150, y: 60, width: 101, height: 77)
        for scale in [0.5, 1, 3] {
            let region = try XCTUnwrap(try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: wanted, detail: scale))
            XCTAssertEqual(region.scale, scale)
            XCTAssertTrue(region.holds(wanted, detail: scale), "\(scale): \(region.rect)")
            XCTAssertEqual(region.maxScale, .infinity, "a vector image has detail at any scale")
            // The whole document at this scale, drawn the way a whole decode draws it.
            let whole = try XCTUnwrap(
                try SVGRendering.region(
                    PixbufLoad(
                        source: ImageSource(path: RawPath(url.path)),
                        header: InProcessDecoder.readHeader(ImageSource(path: RawPath(url.path))),
                        fileSize: FileCheck.regularFileSize(at: RawPath(url.path)), progress: nil),
                    covering: PixelRect(x: 0, y: 0, width: 400, height: 200), scale: scale, isCancelled: { false }))
            XCTAssertEqual(whole.rect, PixelRect(x: 0, y: 0, width: Int(400 * scale), height: Int(200 * scale)))
            let same = try XCTUnwrap(
                gdk_pixbuf_new_subpixbuf(
                    whole.pixbuf, Int32(region.rect.x), Int32(region.rect.y), Int32(region.rect.width), Int32(region.rect.height)))
            defer { g_object_unref(UnsafeMutableRawPointer(same)) }
            // cairo's antialiasing of the diagonal's edge differs a little when drawn from
            // another origin: a few pixels by up to 16, the rest the same.
            XCTAssertLessThanOrEqual(largestChannelDifference(region.pixbuf, same), 16, "at \(scale)")
            var differing = 0
            for y in 0..<region.rect.height {
                for x in 0..<region.rect.width
                where zip(pixel(region.pixbuf, x, y), pixel(same, x, y)).contains(where: { abs($0 - $1) > 1 }) {
                    differing += 1
                }
            }
            XCTAssertLessThan(differing, region.rect.width * region.rect.height / 50, "at \(scale): \(differing) pixels differ")
        }
    }
}
