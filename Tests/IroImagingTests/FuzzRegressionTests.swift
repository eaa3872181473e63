import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Inputs the fuzzer (Fuzz/, docs/FUZZING.md) found, kept as tests once fixed. Each
/// reproducer is also in Fuzz/corpus/ (prefix "regress-"), so the fuzzer starts from it.
final class FuzzRegressionTests: XCTestCase {
    let fixtures = Fixtures()

    /// A JPEG 1 pixel wide and 18758 tall. Its quick first decode was 1 × 48, and that
    /// level's scale came from the width alone (1 / 1 = 1 instead of 48 / 18758), so a
    /// rendering of it asked gdk_pixbuf_scale for a 195× bilinear reduction: 15 s of CPU
    /// for a 96-pixel result (libFuzzer timeout, 2026-11-22), and a wrongly placed picture.
    /// Reduced decodes take their scale from the longer side the same way.
    func testThinJPEGReducedLevelHasTheScaleOfItsLongerSide() throws {
        let url = fixtures.image("thin.jpg", width: 1, height: 18758, type: "jpeg") { _, y in RGBA(UInt8(y & 0xFF), 0, 0) }
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 48)))
        let pyramid = ImagePyramid(image: image)
        XCTAssertEqual(pyramid.levels[0].width, 1)
        XCTAssertEqual(pyramid.levels[0].height, 2345, "⌈18758 / 8⌉")
        XCTAssertEqual(pyramid.levels[0].scale, 2345.0 / 18758.0, accuracy: 1e-9)

        // The rendering the canvas would ask for at best fit (96 px tall): drawn from the
        // smallest level by a factor of at most 2.
        let request = ViewRendering.Request(scale: 96.0 / 18758.0, content: PixelRect(x: 0, y: 0, width: 1, height: 96), quarterTurns: 0)
        XCTAssertGreaterThanOrEqual(pyramid.level(for: request.scale).scale, request.scale)
        XCTAssertLessThanOrEqual(pyramid.level(for: request.scale).scale, 2 * request.scale + 1e-9)
        let rendering = try XCTUnwrap(ViewRendering.render(request, hue: 0.5, from: pyramid))
        XCTAssertEqual(rendering.request, request)
    }

    /// Wide images keep working the same way (the scale comes from the width there).
    func testWideReducedLevelScale() throws {
        let url = fixtures.image("wide.jpg", width: 4000, height: 30, type: "jpeg") { x, _ in RGBA(0, UInt8(x & 0xFF), 0) }
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .screen(side: 1000)))
        let level = ImagePyramid(image: image).levels[0]
        XCTAssertEqual(level.width, 1000)
        XCTAssertEqual(level.height, 8, "⌈30 / 4⌉")
        XCTAssertEqual(level.scale, 0.25, accuracy: 1e-9)
    }

    /// Every committed seed and reproducer goes through the same front door as the
    /// fuzzer without crashing (what `iro-fuzz Fuzz/corpus` does, inside the suite).
    func testCommittedCorpusDecodesOrFailsCleanly() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }.sorted()
        try XCTSkipIf(names.isEmpty, "no corpus at \(corpus.path)")
        var decoded = 0
        for name in names {
            let path = corpus.appendingPathComponent(name).path
            do throws(LoadError) {
                if let image = try ImageDecoder.decodeSynchronously(path: RawPath(path)) {
                    decoded += 1
                    XCTAssertTrue(ImageLimits.allows(width: image.width, height: image.height), name)
                    let pyramid = ImagePyramid(image: image)
                    let scale = min(1, 64 / Double(max(image.width, image.height)))
                    let content = PixelRect(
                        x: 0, y: 0, width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
                    XCTAssertNotNil(
                        ViewRendering.render(.init(scale: scale, content: content, quarterTurns: 1), hue: 0.3, from: pyramid), name)
                }
            } catch {
                XCTAssertFalse(error.title.isEmpty)
                XCTAssertTrue(
                    name.hasPrefix("bad-") || name.hasPrefix("regress-")
                        || [
                            "text.txt", "pdf-header.pdf", "one-byte.bin",
                            "icns-png-16.icns", "qtif-png-16.qtif", "xbm-8x2.xbm",
                        ].contains(name), "\(name): \(error)")
            }
        }
        XCTAssertGreaterThan(decoded, 40, "most seeds are valid images")
    }
}
