import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Still WebP through libwebp directly (BEHAVIOUR A6): gdk-pixbuf's pixels at full detail,
/// scaled by libwebp to the detail asked for, cut files refused, cancellable.
final class WebPDecodingTests: XCTestCase {
    let fixtures = Fixtures()

    func photo(_ name: String, width: Int, height: Int, alpha: Bool) -> URL {
        fixtures.image(name, width: width, height: height, type: "webp", alpha: alpha) { x, y in
            RGBA(UInt8((x * 255) / width), UInt8((y * 255) / height), UInt8((x ^ y) & 255), alpha ? UInt8((x + y) & 255) : 255)
        }
    }

    func reference(_ url: URL) throws -> OpaquePointer {
        try XCTUnwrap(try url.path.withCString { name in try withGError { gdk_pixbuf_new_from_file(name, $0) } })
    }

    func testAtFullDetailThePixelsAreGdkPixbufsWithAndWithoutAlpha() throws {
        for alpha in [false, true] {
            let url = photo("photo-\(alpha).webp", width: 301, height: 199, alpha: alpha)
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
            XCTAssertEqual([image.width, image.height], [301, 199])
            XCTAssertEqual(gdk_pixbuf_get_has_alpha(image.pixbuf) != 0, alpha)
            let expected = try reference(url)
            defer { g_object_unref(UnsafeMutableRawPointer(expected)) }
            XCTAssertEqual(largestChannelDifference(image.pixbuf, expected), 0, "alpha \(alpha): the same pixels")
        }
    }

    func testTheDetailAskedForIsMadeByLibwebpsScaling() throws {
        let url = photo("big.webp", width: 1600, height: 1000, alpha: false)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 400)))
        XCTAssertEqual([image.width, image.height, image.imageWidth, image.imageHeight], [400, 250, 1600, 1000])
        // Area-averaged: close to a good reduction of every pixel.
        let full = try reference(url)
        defer { g_object_unref(UnsafeMutableRawPointer(full)) }
        let reduced = try XCTUnwrap(gdk_pixbuf_scale_simple(full, 400, 250, GDK_INTERP_HYPER))
        defer { g_object_unref(UnsafeMutableRawPointer(reduced)) }
        var total = 0
        for y in 0..<250 {
            for x in 0..<400 {
                let a = gdk_pixbuf_read_pixels(image.pixbuf)! + y * Int(gdk_pixbuf_get_rowstride(image.pixbuf)) + x * 3
                let b = gdk_pixbuf_read_pixels(reduced)! + y * Int(gdk_pixbuf_get_rowstride(reduced)) + x * 3
                total += (0..<3).reduce(0) { $0 + abs(Int(a[$1]) - Int(b[$1])) }
            }
        }
        XCTAssertLessThan(Double(total) / Double(400 * 250 * 3), 4, "mean difference per channel")
    }

    func testALosslessStillKeepsItsExactColourAndAlpha() throws {
        let url = fixtures.bytes("still.webp", WebPFixture.still(width: 7, height: 5, colour: RGBA(10, 200, 30, 128)))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        XCTAssertEqual([image.width, image.height], [7, 5])
        let p = gdk_pixbuf_read_pixels(image.pixbuf)! + 2 * Int(gdk_pixbuf_get_rowstride(image.pixbuf)) + 3 * 4
        XCTAssertEqual([p[0], p[1], p[2], p[3]], [10, 200, 30, 128])
    }

    func testAFileCutShortIsDamagedEvenWhenItsHeaderAgrees() throws {
        var bytes = fixtures.data(of: photo("whole.webp", width: 640, height: 480, alpha: false))
        bytes.removeLast(bytes.count / 3)
        // Make RIFF's and VP8's lengths agree with the cut, so only the decoder can tell.
        let riff = bytes.count - 8
        bytes.replaceSubrange(4..<8, with: [UInt8(riff & 0xFF), UInt8((riff >> 8) & 0xFF), UInt8((riff >> 16) & 0xFF), 0])
        let url = fixtures.bytes("cut.webp", bytes)
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(url.path))) { error in
            guard case LoadError.damaged = error else { return XCTFail("\(error)") }
        }
    }

    func testCancellingStopsBetweenChunks() throws {
        let url = fixtures.image("noise.webp", width: 1200, height: 900, type: "webp") { x, y in
            let n = UInt8(truncatingIfNeeded: (x &* 7919) ^ (y &* 104_729) ^ (x &* y))
            return RGBA(n, n &* 3, n &* 7)
        }
        XCTAssertGreaterThan(fixtures.data(of: url).count, PixbufLoad.chunkSize / 2, "several chunks")
        let cancel = CancelAfter(3)
        XCTAssertNil(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), isCancelled: cancel.ask))
        XCTAssertEqual(cancel.questions, 4, "asked once per chunk until cancelled, then stopped")
    }

    /// An animation plays through libwebp's animation decoder: the frames in order with
    /// the file's durations, as many loops as the file says, then the last frame stays.
    func testAnAnimationPlaysItsFramesLoopsAndStops() throws {
        let (red, green, blue) = (RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255))
        let frames = [WebPFixture.Frame(red, milliseconds: 100), .init(green, milliseconds: 150), .init(blue, milliseconds: 5)]
        let url = fixtures.bytes("anim.webp", WebPFixture.make(width: 30, height: 20, frames: frames, loops: 2))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        let animation = try XCTUnwrap(image.animation)
        XCTAssertEqual([animation.width, animation.height], [30, 20])
        func colour() throws -> RGBA {
            let frame = try XCTUnwrap(animation.currentFrame())
            let p = try XCTUnwrap(gdk_pixbuf_read_pixels(frame.pixbuf))
            return RGBA(p[0], p[1], p[2], p[3])
        }
        XCTAssertEqual(try colour(), red)
        var seen: [(RGBA, Int?)] = [(try colour(), animation.delay)]
        while animation.advance() { seen.append((try colour(), animation.delay)) }
        XCTAssertEqual(seen.map(\.0), [red, green, blue, red, green, blue], "two loops")
        XCTAssertEqual(seen.map(\.1), [100, 150, 20, 100, 150, nil], "the file's durations (20 ms at least), none once over")
        XCTAssertEqual(try colour(), blue, "the last frame stays")
    }

    /// A canvas of 16383 × 16383 with two frames of one pixel: libwebp would keep the canvas
    /// twice (2 GB) and Iro copy it, so it is refused as too large from its header, at once, in
    /// a decode too, and the memory hardly moves.
    func testAnAnimationOnAHugeCanvasIsRefusedAsTooLarge() throws {
        let frames = [WebPFixture.Frame(RGBA(255, 0, 0), milliseconds: 100), .init(RGBA(0, 0, 255), milliseconds: 100)]
        let url = fixtures.bytes("huge-canvas.webp", WebPFixture.make(width: 16383, height: 16383, frames: frames, frameSize: (1, 1)))
        XCTAssertLessThan(fixtures.data(of: url).count, 200)
        let source = ImageSource(path: RawPath(url.path))
        XCTAssertThrowsError(try InProcessDecoder.readHeader(source)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge(width: 16383, height: 16383))
        }
        let header = ImageDecoder.Header(formatName: "webp", width: 16383, height: 16383)
        let started = ProcessInfo.processInfo.systemUptime
        let growth = try PeakMemory.growth {
            XCTAssertThrowsError(try InProcessDecoder.decode(source, header: header)) {
                XCTAssertEqual($0 as? LoadError, .tooLarge(width: 16383, height: 16383))
            }
        }
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 0.5, "refused at once")
        XCTAssertLessThan(growth, 250 << 20, "the peak rose by \(growth >> 20) MB")
        // A canvas within the bound, of the same one-pixel frames, plays.
        let small = fixtures.bytes("small-canvas.webp", WebPFixture.make(width: 64, height: 48, frames: frames, frameSize: (1, 1)))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(small.path)))
        XCTAssertEqual([image.width, image.height], [64, 48])
        XCTAssertNotNil(image.animation)
    }
}
