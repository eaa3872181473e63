import CGtk
import Foundation
import IroCore
import Synchronization
import TestSupport
import XCTest

@testable import IroImaging

/// HEIF/HEIC and AVIF decode through libheif (`HEIFDecoding`), in process and in the decoder
/// helper alike: the right size and colours of a picture `heif-enc` made, alpha, monochrome
/// greys exact in either range, and a grid of 10 000 tiles with progress, reduced for the screen.
final class HEIFDecodingTests: XCTestCase {
    let fixtures = Fixtures()

    /// `heif-enc` run on a quadrants PNG; `avif` makes AVIF instead of HEIC.
    func encoded(_ name: String, avif: Bool) throws -> URL {
        let png = fixtures.quadrants("\(name).png", width: 160, height: 96)
        let output = png.deletingPathExtension().appendingPathExtension(avif ? "avif" : "heic")
        try HEIFFixtures.run("heif-enc", (avif ? ["-A"] : []) + ["-q", "90", "-o", output.path, png.path])
        return output
    }

    func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let pixbuf = image.pixbuf
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let p = gdk_pixbuf_read_pixels(pixbuf)! + y * stride + x * channels
        return (0..<channels).map { p[$0] }
    }

    func assertQuadrants(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(url.path)))
        XCTAssertEqual([header.width, header.height], [160, 96], file: file, line: line)
        XCTAssertEqual(header.formatName, url.pathExtension == "avif" ? "avif" : "heif", file: file, line: line)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)), file: file, line: line)
        XCTAssertEqual([image.width, image.height], [160, 96], file: file, line: line)
        for (x, y) in [(40, 24), (120, 24), (40, 72), (120, 72)] {
            let p = pixel(image, x, y)
            let seen = RGBA(p[0], p[1], p[2])
            let want = Fixtures.quadrantColor(x: x, y: y, width: 160, height: 96)
            XCTAssertTrue(
                seen.isClose(to: want, tolerance: 40), "\(url.lastPathComponent) at (\(x), \(y)): \(seen), not \(want)", file: file,
                line: line)
        }
    }

    func testHEICAndAVIFDecodeInProcess() throws {
        try assertQuadrants(try encoded("photo", avif: false))
        try assertQuadrants(try encoded("photo", avif: true))
    }

    func testHEICAndAVIFDecodeInTheHelper() throws {
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        try assertQuadrants(try encoded("sandboxed", avif: false))
        try assertQuadrants(try encoded("sandboxed", avif: true))
    }

    // MARK: Monochrome

    /// Five grey stripes, encoded losslessly as monochrome (4:0:0) AVIF by `avifenc`.
    static let greys: [UInt8] = [0, 64, 128, 192, 255]

    func monochrome(range: String, depth: Int) throws -> URL {
        let png = fixtures.image("greys-\(range)-\(depth).png", width: 50, height: 8) { x, _ in
            let grey = Self.greys[x / 10]
            return RGBA(grey, grey, grey)
        }
        let avif = png.deletingPathExtension().appendingPathExtension("avif")
        try HEIFFixtures.run(
            "avifenc", ["--yuv", "400", "--range", range, "--depth", "\(depth)", "--min", "0", "--max", "0", png.path, avif.path])
        return avif
    }

    /// A monochrome AVIF in video range (black stored as 16, white as 235) shows true black
    /// and white and the greys between, as the full-range one does: gdk-pixbuf's loaders and
    /// libheif's own conversion showed the stored values.
    func testMonochromeAVIFGreysAreExactInEitherRange() throws {
        for (range, depth) in [("limited", 8), ("full", 8), ("limited", 10)] {
            let url = try monochrome(range: range, depth: depth)
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
            let seen = (0..<5).map { pixel(image, $0 * 10 + 5, 4) }
            XCTAssertEqual(seen, Self.greys.map { [$0, $0, $0] }, "\(range) range, \(depth)-bit")
        }
    }

    // MARK: Alpha

    /// A picture with an alpha channel keeps it: the transparent half is transparent, the
    /// opaque half its colour.
    func testAlphaIsKept() throws {
        let png = fixtures.image("alpha.png", width: 64, height: 32, alpha: true) { x, _ in
            x < 32 ? RGBA(30, 200, 30, 255) : RGBA(0, 0, 0, 0)
        }
        for avif in [false, true] {
            let output = png.deletingPathExtension().appendingPathExtension(avif ? "avif" : "heic")
            try HEIFFixtures.run("heif-enc", (avif ? ["-A"] : []) + ["-q", "90", "-o", output.path, png.path])
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(output.path)))
            XCTAssertEqual(gdk_pixbuf_get_has_alpha(image.pixbuf), 1, output.lastPathComponent)
            let opaque = pixel(image, 10, 16), clear = pixel(image, 50, 16)
            XCTAssertEqual(opaque[3], 255, output.lastPathComponent)
            XCTAssertTrue(RGBA(opaque[0], opaque[1], opaque[2]).isClose(to: RGBA(30, 200, 30), tolerance: 30), "\(opaque)")
            XCTAssertEqual(clear[3], 0, output.lastPathComponent)
        }
    }

    // MARK: Grids

    /// A grid whose list of tiles names the grid itself is refused as damaged from its boxes,
    /// before libheif sees it (1.15 crashed on it, ending the helper that tried): at once, in
    /// process and in the helper, and that same helper then decodes the next file.
    func testAGridThatIsItsOwnTileIsRefusedAsDamagedBeforeDecoding() throws {
        let looped = RawPath(try HEIFFixtures.grid(columns: 2, rows: 1, side: 64, in: fixtures.folder, referencingItself: true).path)
        func assertDamaged(_ what: String, _ body: () throws -> Void) {
            let started = ProcessInfo.processInfo.systemUptime
            XCTAssertThrowsError(try body(), what) { error in
                guard case .damaged? = error as? LoadError else { return XCTFail("\(what): \(error), not damaged") }
            }
            XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 0.5, "\(what): refused at once")
        }
        // In process only the header is read: without the check, libheif's crash would end the tests.
        assertDamaged("the header, in process") { _ = try InProcessDecoder.readHeader(ImageSource(path: looped)) }
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        let pool = try XCTUnwrap(DecoderPool.active)
        let good = try encoded("before-the-loop", avif: false)
        try assertQuadrants(good)
        let helpers = pool.helperPIDs
        XCTAssertEqual(helpers.count, 1, "one helper decoded it")
        assertDamaged("a decode in the helper") { _ = try ImageDecoder.decodeSynchronously(path: looped) }
        try assertQuadrants(good)
        XCTAssertEqual(pool.helperPIDs, helpers, "the same helper, still alive, decoded the next file")
    }

    /// 6400 × 6400 in 10 000 tiles of 64: decoded in the helper, with progress moving while the
    /// tiles are read, and reduced to the screen's worth before it leaves the helper.
    func testAGridOfTenThousandTilesDecodesWithProgressReducedForTheScreen() throws {
        let url = try HEIFFixtures.grid(columns: 100, rows: 100, side: 64, in: fixtures.folder)
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        let progress = LoadProgress()
        let seen = Mutex<[Double]>([])
        let watcher = Thread {
            while !Thread.current.isCancelled {
                let now = progress.fraction
                seen.withLock { if $0.last != now { $0.append(now) } }
                usleep(2000)
            }
        }
        watcher.start()
        let image = try XCTUnwrap(
            try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(width: 1920, height: 1080), progress: progress))
        watcher.cancel()
        XCTAssertEqual([image.imageWidth, image.imageHeight], [6400, 6400])
        // 1080 of 6400 is about ⅙: ⅛ would be too few pixels (800), so ¼.
        XCTAssertEqual([image.width, image.height], [1600, 1600])
        // Every tile in its place (libheif reads them on several threads, through Iro's reader).
        var misplaced: [String] = []
        for row in 0..<100 {
            for column in 0..<100 {
                let p = pixel(image, column * 16 + 8, row * 16 + 8)
                let want = column < 50 ? RGBA(220, 30, 30) : RGBA(30, 30, 220)
                if !RGBA(p[0], p[1], p[2]).isClose(to: want, tolerance: 30) { misplaced.append("(\(column), \(row)): \(p)") }
            }
        }
        XCTAssertEqual(misplaced, [], "tiles not as encoded")
        let steps = seen.withLock { $0 }.filter { $0 > 0 && $0 < 0.9 }
        XCTAssertGreaterThan(steps.count, 3, "progress moved through the tiles: \(seen.withLock { $0 })")
    }
}
