import CGtk
import Foundation
import GObjectSupport
import IroCore
import Synchronization
import TestSupport
import XCTest

@testable import IroImaging

/// The decoders read what they are given (`ImageSource`), a file on disk or bytes in
/// memory, as the decoder helper holds a request's file (BEHAVIOUR F5): every file of the
/// fuzzing corpus (good, damaged, hostile, in every format) decodes from its bytes exactly
/// as from its path: the same error, or the same pixels.
final class ImageSourceTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    /// What the front door makes of the file at `path` (in this process: no helper is active).
    static func outcome(_ path: RawPath, detail: DecodeDetail) -> String {
        outcome { () throws(LoadError) in try ImageDecoder.decodeSynchronously(path: path, detail: detail) }
    }

    /// One line saying what `decode` gave: the error, or the image and a sum of its pixels.
    static func outcome(_ decode: () throws(LoadError) -> DecodedImage?) -> String {
        do throws(LoadError) {
            guard let image = try decode() else { return "nothing" }
            let pixels = Int(gdk_pixbuf_get_byte_length(image.pixbuf))
            let bytes = UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(image.pixbuf), count: pixels)
            let sum = bytes.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
            return "\(image.formatName) \(image.width)×\(image.height) of \(image.imageWidth)×\(image.imageHeight) "
                + "animated \(image.animation != nil) damage \(image.damage ?? "-") pixels \(sum)"
        } catch {
            return "error \(error)"
        }
    }

    /// A name no file has: only bytes in memory can answer to it.
    static func nowhere(_ name: String) -> RawPath { RawPath("/nonexistent-\(UUID().uuidString)/\(name)") }

    func testEveryCorpusFileDecodesFromBytesAsFromItsPath() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            let real = RawPath(Self.corpus.appendingPathComponent(name).path)
            let descriptor = real.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            XCTAssertGreaterThanOrEqual(descriptor, 0, name)
            let read = ImageBytes(reading: descriptor, limit: 1 << 30)
            close(descriptor)
            guard let bytes = read else {
                XCTFail("\(name) could not be read")
                continue
            }
            let source = ImageSource(bytes: bytes, name: Self.nowhere(name))
            for detail in [DecodeDetail.full, .screen(width: 64, height: 64)] {
                let fromBytes = Self.outcome { () throws(LoadError) in try InProcessDecoder.decode(source, detail: detail) }
                XCTAssertEqual(fromBytes, Self.outcome(real, detail: detail), "\(name) at \(detail)")
            }
        }
    }

    /// A whole PNG of `width` × `height` pixels of one colour, made in memory.
    static func solidPNG(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        let row = [0] + Array([[UInt8]](repeating: rgb, count: width).joined()) // filter 0, then the pixels
        let rows = Array([[UInt8]](repeating: row, count: height).joined())
        return PNGBytes.signature + PNGBytes.header(width: UInt32(width), height: UInt32(height))
            + PNGBytes.chunk("IDAT", PNGBytes.storedZlib(rows)) + PNGBytes.chunk("IEND", [])
    }

    /// The size and first pixel's colour of a decode.
    static func look(_ image: DecodedImage?) -> String {
        guard let image, let pixels = gdk_pixbuf_read_pixels(image.pixbuf) else { return "nothing" }
        return "\(image.width)×\(image.height) \(pixels[0]) \(pixels[1]) \(pixels[2])"
    }

    /// The decoder helper's case: bytes with a name, and no file anywhere. A decoder that
    /// went to the file system for them would find nothing (`.notFound`).
    func testBytesDecodeWithNoFileOnDisk() throws {
        let name = Self.nowhere("made.png")
        XCTAssertNotEqual(name.withCString { access($0, F_OK) }, 0, "no file has this name")
        let source = ImageSource(bytes: ImageBytes(Self.solidPNG(width: 7, height: 5, rgb: [200, 100, 50])), name: name)
        XCTAssertEqual(try InProcessDecoder.readHeader(source), ImageDecoder.Header(formatName: "png", width: 7, height: 5))
        XCTAssertEqual(Self.look(try InProcessDecoder.decode(source)), "7×5 200 100 50")
        XCTAssertEqual(Self.look(try InProcessDecoder.decode(source, detail: .screen(side: 4))), "7×5 200 100 50", "a PNG decodes whole")
        XCTAssertThrowsError(try InProcessDecoder.decode(ImageSource(bytes: ImageBytes([]), name: name))) {
            XCTAssertEqual($0 as? LoadError, .emptyFile)
        }
    }

    /// Two sources with the same name and different bytes, alive at once, decode each to its
    /// own image, one after the other and at the same time (a registry of bytes by name
    /// would hand one of them the other's).
    func testSourcesWithTheSameNameDecodeIndependently() throws {
        let name = Self.nowhere("same.png")
        let red = ImageSource(bytes: ImageBytes(Self.solidPNG(width: 3, height: 2, rgb: [255, 0, 0])), name: name)
        let blue = ImageSource(bytes: ImageBytes(Self.solidPNG(width: 5, height: 4, rgb: [0, 0, 255])), name: name)
        XCTAssertEqual(Self.look(try InProcessDecoder.decode(red)), "3×2 255 0 0")
        XCTAssertEqual(Self.look(try InProcessDecoder.decode(blue)), "5×4 0 0 255")
        XCTAssertEqual(Self.look(try InProcessDecoder.decode(red)), "3×2 255 0 0", "the second source did not replace the first")
        let looks = Mutex([String](repeating: "", count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let seen: String
            do throws(LoadError) { seen = Self.look(try InProcessDecoder.decode(index.isMultiple(of: 2) ? red : blue)) } catch {
                seen = "error \(error)"
            }
            looks.withLock { $0[index] = seen }
        }
        XCTAssertEqual(looks.withLock { $0 }, (0..<8).map { $0.isMultiple(of: 2) ? "3×2 255 0 0" : "5×4 0 0 255" })
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
