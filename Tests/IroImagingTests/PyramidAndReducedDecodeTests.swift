import CGLibShims
import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

final class PyramidAndReducedDecodeTests: XCTestCase {
    let fixtures = Fixtures()

    func testPyramidHalvesDownToAboutScreenTile() throws {
        let url = fixtures.quadrants("p.png", width: 2000, height: 1000)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        let pyramid = ImagePyramid(image: image)
        XCTAssertEqual(pyramid.levels.map(\.width), [2000, 1000, 500, 250])
        XCTAssertEqual(pyramid.levels.map(\.scale), [1, 0.5, 0.25, 0.125])
        XCTAssertTrue(pyramid.isComplete)
        XCTAssertEqual(pyramid.level(for: 0.3).scale, 0.5, "the smallest level at least as detailed")
        XCTAssertEqual(pyramid.level(for: 2).scale, 1)
        XCTAssertEqual(pyramid.level(for: 0.01).scale, 0.125)
        XCTAssertEqual(pyramid.level(for: 1, maxPixels: 600_000).width, 1000, "no huge level for main-thread frames")
    }

    /// IroImaging makes its textures without linking GTK (CGLibShims): they are GDK's, over
    /// the right pixels, in a level and in a view rendering.
    func testTexturesHoldTheLevelsAndTheRenderingsPixels() throws {
        XCTAssertEqual(Int(IRO_MEMORY_B8G8R8A8_PREMULTIPLIED), Int(GDK_MEMORY_B8G8R8A8_PREMULTIPLIED.rawValue))
        let url = fixtures.quadrants("t.png", width: 40, height: 20)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        let pyramid = ImagePyramid(image: image)
        let request = ViewRendering.Request(scale: 1, content: PixelRect(x: 0, y: 0, width: 40, height: 20), quarterTurns: 0)
        let rendering = try XCTUnwrap(ViewRendering.render(request, hue: 0.5, from: pyramid))
        for texture in [pyramid.levels[0].texture, rendering.texture] {
            XCTAssertEqual([gdk_texture_get_width(texture), gdk_texture_get_height(texture)], [40, 20])
            var bytes = [UInt8](repeating: 0, count: 40 * 20 * 4)
            bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, 40 * 4) }
            let pixels = RenderedPixels(width: 40, height: 20, bytes: bytes)
            for (x, y) in [(5, 5), (35, 5), (5, 15), (35, 15)] {
                XCTAssertEqual(
                    pixels.pixel(x, y), Fixtures.quadrantColor(x: x, y: y, width: 40, height: 20),
                    "(\(x), \(y)) of \(texture == rendering.texture ? "the rendering" : "the level")")
            }
        }
    }

    func testTrimmedPyramidKeepsOnlySmallLevelsAndTheFullSize() throws {
        let url = fixtures.quadrants("t.png", width: 2000, height: 1000)
        let pyramid = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path))))
        let trimmed = pyramid.trimmed(maxSide: 600)
        XCTAssertFalse(trimmed.isComplete)
        XCTAssertEqual(trimmed.levels.map(\.width), [500, 250])
        XCTAssertEqual(trimmed.size, pyramid.size)
        XCTAssertLessThan(trimmed.byteCount, pyramid.byteCount / 10)
    }

    func testLargeJPEGDecodesWithTheDetailAScreenShows() throws {
        let url = fixtures.quadrants("big.jpg", width: 4000, height: 3000, type: "jpeg")
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 1000)))
        XCTAssertEqual(image.width, 1000, "libjpeg at ¼: 4000 / 4 still fills 1000")
        XCTAssertEqual(image.height, 750)
        XCTAssertFalse(image.isFullResolution)
        XCTAssertEqual(image.scale, 0.25, accuracy: 1e-9)
        let pyramid = ImagePyramid(image: image)
        XCTAssertEqual(pyramid.width, 4000, "sizes refer to the full image")
        XCTAssertEqual(pyramid.height, 3000)
        XCTAssertEqual(pyramid.detail, 0.25, accuracy: 1e-9)
        XCTAssertEqual(pyramid.levels.map(\.width), [1000, 500, 250])
        XCTAssertFalse(pyramid.needsMoreDetail(at: 0.25))
        XCTAssertTrue(pyramid.needsMoreDetail(at: 0.3), "zoomed past the detail held")
        XCTAssertEqual(Self.colour(of: image, atX: 100, y: 100), RGBA(255, 0, 0), "quadrants survive the reduction")
        XCTAssertEqual(Self.colour(of: image, atX: 900, y: 700), RGBA(255, 255, 0))

        let more = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(0.3)))
        XCTAssertEqual(more.width, 2000, "½ is the least that shows 30 %")
        let full = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(0.8)))
        XCTAssertTrue(full.isFullResolution)
        XCTAssertFalse(ImagePyramid(image: full).needsMoreDetail(at: 8))
    }

    /// More detail for the same image keeps the smaller levels already made, and fills a gap.
    func testMoreDetailReusesTheSmallerLevels() throws {
        let url = fixtures.quadrants("big.jpg", width: 4000, height: 3000, type: "jpeg")
        let reduced = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(0.5))))
        let full = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path))), reusing: reduced)
        XCTAssertEqual(full.levels.map(\.width), [4000, 2000, 1000, 500, 250])
        XCTAssertTrue(full.levels[1] === reduced.levels[0], "the ½ level is the one decoded before")
        XCTAssertTrue(full.levels.last === reduced.levels.last)

        let trimmed = reduced.trimmed(maxSide: 1000) // what a background tab keeps: 1000, 500, 250
        let refilled = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path))), reusing: trimmed)
        XCTAssertEqual(refilled.levels.map(\.width), [4000, 2000, 1000, 500, 250], "the missing ½ level is made again")
        XCTAssertTrue(refilled.levels[2] === trimmed.levels[0])

        let other = fixtures.quadrants("other.png", width: 400, height: 300)
        let unrelated = ImagePyramid(
            image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(other.path))), reusing: reduced)
        XCTAssertEqual(unrelated.levels.map(\.width), [400, 200], "its own levels, none of another size")
    }

    func testOnlyJPEGIsReducedAndOnlyWhenWorthIt() throws {
        let png = fixtures.quadrants("big.png", width: 3000, height: 2000)
        XCTAssertEqual(
            try ImageDecoder.decodeSynchronously(path: RawPath(png.path), detail: .screen(side: 1000))?.width, 3000,
            "PNG has no cheaper reduced decode")
        let small = fixtures.quadrants("small.jpg", width: 1500, height: 1000, type: "jpeg")
        XCTAssertEqual(
            try ImageDecoder.decodeSynchronously(path: RawPath(small.path), detail: .screen(side: 1000))?.width, 1500,
            "½ would not fill the screen")
    }

    func testReducedRotatedJPEGStandsUprightWithTheTurnedFullSize() throws {
        let stored = fixtures.image("s.jpg", width: 4000, height: 2000, type: "jpeg") { x, _ in x < 2000 ? RGBA(255, 0, 0) : RGBA(0, 0, 255)
        }
        let bytes = fixtures.data(of: stored)
        let rotated = fixtures.bytes("r.jpg", Array(bytes[0..<2]) + DecodeTests.exifOrientationSegment(6) + Array(bytes[2...]))
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(rotated.path), detail: .screen(side: 1000)))
        XCTAssertEqual(image.imageWidth, 2000)
        XCTAssertEqual(image.imageHeight, 4000)
        XCTAssertEqual(image.width, 500)
        XCTAssertEqual(image.height, 1000)
        XCTAssertEqual(Self.colour(of: image, atX: 250, y: 100), RGBA(255, 0, 0), "the left half is now on top")
    }

    /// A reduced decode goes through the same checks as a full one: a cut-short JPEG is damaged.
    func testReducedDecodeStillRefusesATruncatedJPEG() throws {
        let whole = fixtures.quadrants("whole.jpg", width: 4000, height: 3000, type: "jpeg")
        let bytes = fixtures.data(of: whole)
        let cut = fixtures.bytes("cut.jpg", Array(bytes[0..<(bytes.count * 2 / 3)]))
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(cut.path), detail: .screen(side: 1000))) { error in
            guard case LoadError.damaged = error else { return XCTFail("\(error)") }
        }
    }

    static func colour(of image: DecodedImage, atX x: Int, y: Int) -> RGBA {
        let pixbuf = image.pixbuf
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        let p = pixels + y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * Int(gdk_pixbuf_get_n_channels(pixbuf))
        // JPEG is lossy: round to the nearest of 0 and 255.
        func snap(_ v: UInt8) -> UInt8 { v >= 128 ? 255 : 0 }
        return RGBA(snap(p[0]), snap(p[1]), snap(p[2]))
    }

    /// The exact rendering path: 1:1 at 100 % reproduces the pixels; rotation turns them.
    func testViewRenderingReproducesPixelsAndTurns() throws {
        let url = fixtures.quadrants("r.png", width: 40, height: 30)
        let pyramid = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path))))
        let full = try XCTUnwrap(
            ViewRendering.render(
                .init(scale: 1, content: PixelRect(x: 0, y: 0, width: 40, height: 30), quarterTurns: 0),
                hue: 0.5, from: pyramid))
        func bgra(_ r: ViewRendering, _ x: Int, _ y: Int) -> RGBA {
            let p = r.hued.data + y * r.hued.stride + x * 4
            return RGBA(p[2], p[1], p[0], p[3])
        }
        XCTAssertEqual(bgra(full, 5, 5), RGBA(255, 0, 0))
        XCTAssertEqual(bgra(full, 35, 25), RGBA(255, 255, 0))
        // A region at 100 % (taken from the level without scaling): its own pixels, in place.
        let corner = try XCTUnwrap(
            ViewRendering.render(
                .init(scale: 1, content: PixelRect(x: 19, y: 14, width: 21, height: 16), quarterTurns: 0),
                hue: 0.5, from: pyramid))
        XCTAssertEqual(corner.hued.width, 21)
        XCTAssertEqual(bgra(corner, 0, 0), RGBA(255, 0, 0), "image pixel (19, 14): the red quadrant's last")
        XCTAssertEqual(bgra(corner, 1, 1), RGBA(255, 255, 0), "image pixel (20, 15): the yellow quadrant's first")
        let turned = try XCTUnwrap(
            ViewRendering.render(
                .init(scale: 1, content: PixelRect(x: 0, y: 0, width: 30, height: 40), quarterTurns: 1),
                hue: 0.5, from: pyramid))
        XCTAssertEqual(turned.hued.width, 30)
        XCTAssertEqual(bgra(turned, 25, 5), RGBA(255, 0, 0), "top-left red is now top-right")
        XCTAssertEqual(bgra(turned, 5, 5), RGBA(0, 0, 255), "bottom-left blue is now top-left")
        let recoloured = try XCTUnwrap(full.withHue(0.5 + 1.0 / 3.0))
        XCTAssertTrue(bgra(recoloured, 5, 5).isClose(to: RGBA(0, 113, 0), tolerance: 3), "\(bgra(recoloured, 5, 5))")
        XCTAssertEqual(bgra(full, 5, 5), RGBA(255, 0, 0), "the base pixels are untouched")
    }
}
