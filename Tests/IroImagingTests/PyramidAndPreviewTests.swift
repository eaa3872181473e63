import CGtk
import Foundation
import IroCore
@testable import IroImaging
import TestSupport
import XCTest

final class PyramidAndPreviewTests: XCTestCase {
    let fixtures = Fixtures()

    func testPyramidHalvesDownToAboutScreenTile() throws {
        let url = fixtures.quadrants("p.png", width: 2000, height: 1000)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: url.path))
        let pyramid = ImagePyramid(image: image)
        XCTAssertEqual(pyramid.levels.map(\.width), [2000, 1000, 500, 250])
        XCTAssertEqual(pyramid.levels.map(\.scale), [1, 0.5, 0.25, 0.125])
        XCTAssertTrue(pyramid.isComplete)
        XCTAssertEqual(pyramid.level(for: 0.3).scale, 0.5, "the smallest level at least as detailed")
        XCTAssertEqual(pyramid.level(for: 2).scale, 1)
        XCTAssertEqual(pyramid.level(for: 0.01).scale, 0.125)
        XCTAssertEqual(pyramid.level(for: 1, maxPixels: 600_000).width, 1000, "no huge level for main-thread frames")
    }

    func testTrimmedPyramidKeepsOnlySmallLevelsAndTheFullSize() throws {
        let url = fixtures.quadrants("t.png", width: 2000, height: 1000)
        let pyramid = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: url.path)))
        let trimmed = pyramid.trimmed(maxSide: 600)
        XCTAssertFalse(trimmed.isComplete)
        XCTAssertEqual(trimmed.levels.map(\.width), [500, 250])
        XCTAssertEqual(trimmed.size, pyramid.size)
        XCTAssertLessThan(trimmed.byteCount, pyramid.byteCount / 10)
    }

    func testLargeJPEGGetsAQuickPreviewAtScreenSize() throws {
        let url = fixtures.quadrants("big.jpg", width: 4000, height: 3000, type: "jpeg")
        let preview = try XCTUnwrap(ImageDecoder.previewSynchronously(path: url.path, maxSide: 1000))
        XCTAssertFalse(preview.isComplete)
        XCTAssertEqual(preview.width, 4000, "sizes refer to the full image")
        XCTAssertEqual(preview.height, 3000)
        XCTAssertEqual(preview.levels[0].width, 1000)
        XCTAssertEqual(preview.levels[0].scale, 0.25, accuracy: 1e-9)
    }

    func testNoPreviewWhereItWouldCostAsMuchAsTheImage() {
        let png = fixtures.quadrants("big.png", width: 3000, height: 2000)
        XCTAssertNil(ImageDecoder.previewSynchronously(path: png.path, maxSide: 1000), "PNG has no cheap reduced decode")
        let small = fixtures.quadrants("small.jpg", width: 1500, height: 1000, type: "jpeg")
        XCTAssertNil(ImageDecoder.previewSynchronously(path: small.path, maxSide: 1000), "not worth it below 2× the target")
        XCTAssertNil(ImageDecoder.previewSynchronously(path: fixtures.url("missing.jpg").path, maxSide: 1000))
    }

    func testPreviewOfARotatedJPEGStandsUprightWithTheTurnedFullSize() throws {
        let stored = fixtures.image("s.jpg", width: 4000, height: 2000, type: "jpeg") { x, _ in x < 2000 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) }
        let bytes = fixtures.data(of: stored)
        let rotated = fixtures.bytes("r.jpg", Array(bytes[0..<2]) + DecodeTests.exifOrientationSegment(6) + Array(bytes[2...]))
        let preview = try XCTUnwrap(ImageDecoder.previewSynchronously(path: rotated.path, maxSide: 1000))
        XCTAssertEqual(preview.width, 2000)
        XCTAssertEqual(preview.height, 4000)
        XCTAssertEqual(preview.levels[0].width, 500)
        XCTAssertEqual(preview.levels[0].height, 1000)
    }

    /// The exact rendering path: 1:1 at 100 % reproduces the pixels; rotation turns them.
    func testViewRenderingReproducesPixelsAndTurns() throws {
        let url = fixtures.quadrants("r.png", width: 40, height: 30)
        let pyramid = ImagePyramid(image: try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: url.path)))
        let full = try XCTUnwrap(ViewRendering.render(.init(scale: 1, content: PixelRect(x: 0, y: 0, width: 40, height: 30), quarterTurns: 0),
                                                      hue: 0.5, from: pyramid))
        func bgra(_ r: ViewRendering, _ x: Int, _ y: Int) -> RGBA {
            let p = r.hued.data + y * r.hued.stride + x * 4
            return RGBA(p[2], p[1], p[0], p[3])
        }
        XCTAssertEqual(bgra(full, 5, 5), RGBA(255, 0, 0))
        XCTAssertEqual(bgra(full, 35, 25), RGBA(255, 255, 0))
        let turned = try XCTUnwrap(ViewRendering.render(.init(scale: 1, content: PixelRect(x: 0, y: 0, width: 30, height: 40), quarterTurns: 1),
                                                        hue: 0.5, from: pyramid))
        XCTAssertEqual(turned.hued.width, 30)
        XCTAssertEqual(bgra(turned, 25, 5), RGBA(255, 0, 0), "top-left red is now top-right")
        XCTAssertEqual(bgra(turned, 5, 5), RGBA(0, 0, 255), "bottom-left blue is now top-left")
        let recoloured = try XCTUnwrap(full.withHue(0.5 + 1.0 / 3.0))
        XCTAssertTrue(bgra(recoloured, 5, 5).isClose(to: RGBA(0, 113, 0), tolerance: 3), "\(bgra(recoloured, 5, 5))")
        XCTAssertEqual(bgra(full, 5, 5), RGBA(255, 0, 0), "the base pixels are untouched")
    }
}
