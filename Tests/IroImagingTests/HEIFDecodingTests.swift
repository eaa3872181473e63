import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// HEIF/HEIC and AVIF open through Debian's gdk-pixbuf loaders (heif-gdk-pixbuf,
/// libavif-gdk-pixbuf), in process and in the decoder helper alike: the right size and
/// colours of a picture `heif-enc` made.
final class HEIFDecodingTests: XCTestCase {
    let fixtures = Fixtures()

    /// `heif-enc` (libheif-examples) run on a quadrants PNG; `avif` makes AVIF instead of HEIC.
    func encoded(_ name: String, avif: Bool) throws -> URL {
        let encoder = "/usr/bin/heif-enc"
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: encoder), "heif-enc is missing (meson-helpers/install-deps.sh installs it)")
        let png = fixtures.quadrants("\(name).png", width: 160, height: 96)
        let output = png.deletingPathExtension().appendingPathExtension(avif ? "avif" : "heic")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: encoder)
        process.arguments = (avif ? ["-A"] : []) + ["-q", "90", "-o", output.path, png.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "heif-enc made \(output.lastPathComponent)")
        return output
    }

    func assertQuadrants(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(url.path)))
        XCTAssertEqual([header.width, header.height], [160, 96], file: file, line: line)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)), file: file, line: line)
        XCTAssertEqual([image.width, image.height], [160, 96], file: file, line: line)
        let pixbuf = image.pixbuf
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for (x, y) in [(40, 24), (120, 24), (40, 72), (120, 72)] {
            let p = gdk_pixbuf_read_pixels(pixbuf)! + y * stride + x * channels
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
}
