import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// The decoder helper reads files from bytes it was handed (BEHAVIOUR F5): every file of
/// the fuzzing corpus (good, damaged, hostile, in every format) decodes from provided bytes
/// exactly as from its path: the same error, or the same pixels.
final class FileAccessTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    static func outcome(_ path: RawPath, detail: DecodeDetail) -> String {
        do throws(LoadError) {
            guard let image = try ImageDecoder.decodeSynchronously(path: path, detail: detail) else { return "nothing" }
            let pixels = Int(gdk_pixbuf_get_byte_length(image.pixbuf))
            let bytes = UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(image.pixbuf), count: pixels)
            let sum = bytes.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
            return "\(image.formatName) \(image.width)×\(image.height) of \(image.imageWidth)×\(image.imageHeight) "
                + "animated \(image.animation != nil) damage \(image.damage ?? "-") pixels \(sum)"
        } catch {
            return "error \(error)"
        }
    }

    func testEveryCorpusFileDecodesFromBytesAsFromItsPath() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            let real = RawPath(Self.corpus.appendingPathComponent(name).path)
            let descriptor = real.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            XCTAssertGreaterThanOrEqual(descriptor, 0, name)
            guard let contents = FileAccess.Contents(reading: descriptor, limit: 1 << 30) else {
                XCTFail("\(name) could not be read")
                continue
            }
            close(descriptor)
            // A path no file has: only the provided bytes can answer.
            let provided = RawPath("/nonexistent-\(UUID().uuidString)/\(name)")
            FileAccess.provide(contents, as: provided)
            defer { FileAccess.withdraw(provided) }
            for detail in [DecodeDetail.full, .screen(width: 64, height: 64)] {
                XCTAssertEqual(Self.outcome(provided, detail: detail), Self.outcome(real, detail: detail), "\(name) at \(detail)")
            }
        }
    }

    /// Reading a header from bytes stops at the header: the loader is told so once it knows
    /// the size, and makes no pixels. (Asked for 1 × 1 instead, a JPEG loader went on and
    /// decoded every scan of a progressive file, which cost a launch 40 ms.)
    func testTheHeaderProbeStopsTheLoaderAtTheSize() throws {
        let url = Self.corpus.appendingPathComponent("jpeg-progressive-40x24.jpg")
        let bytes = try [UInt8](Data(contentsOf: url))
        func pixelsMade(stopping: Bool) throws -> (size: [Int?], pixels: Bool) {
            let loader = try XCTUnwrap(try withGError { gdk_pixbuf_loader_new_with_type("jpeg", $0) })
            defer {
                _ = gdk_pixbuf_loader_close(loader, nil)
                g_object_unref(raw(loader))
            }
            let size = ReportedSize(stopping: stopping)
            size.follow(loader)
            var offset = 0
            while size.width == nil, offset < bytes.count {
                let count = min(256, bytes.count - offset)
                guard (bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress! + offset, gsize(count), nil) }) != 0
                else { break }
                offset += count
            }
            return ([size.width, size.height], gdk_pixbuf_loader_get_pixbuf(loader) != nil)
        }
        let stopped = try pixelsMade(stopping: true)
        XCTAssertEqual(stopped.size, [40, 24])
        XCTAssertFalse(stopped.pixels, "the loader went past the header")
        // What the test tells apart: a loader only shrunk goes on to make pixels.
        XCTAssertTrue(try pixelsMade(stopping: false).pixels)
    }
}
