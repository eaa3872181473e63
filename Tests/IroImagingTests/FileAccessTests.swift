import CGtk
import Foundation
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
}
