import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// BEHAVIOUR A7: every kind of bad input gets its own error, and never a crash.
/// Each case builds its input and states the error it must produce.
final class BadInputTests: XCTestCase {
    let fixtures = Fixtures()

    enum Expect: Equatable {
        case error(LoadError)
        /// `.damaged` with any detail.
        case damaged
        case tooLarge
        case decodes
    }

    func check(
        _ name: String, _ make: (Fixtures) throws -> String, _ expect: Expect,
        file: StaticString = #filePath, line: UInt = #line
    ) rethrows {
        let path = try make(fixtures)
        let result: Result<DecodedImage?, LoadError>
        do throws(LoadError) { result = .success(try ImageDecoder.decodeSynchronously(path: RawPath(path))) } catch {
            result = .failure(error)
        }
        switch (expect, result) {
        case (.decodes, .success(let image?)): XCTAssertGreaterThan(image.width, 0, name, file: file, line: line)
        case (.error(let wanted), .failure(let got)): XCTAssertEqual(got, wanted, name, file: file, line: line)
        case (.damaged, .failure(.damaged)): break
        case (.tooLarge, .failure(.tooLarge)): break
        default: XCTFail("\(name): expected \(expect), got \(result)", file: file, line: line)
        }
    }

    static func validPNG(_ f: Fixtures) -> [UInt8] { f.data(of: f.quadrants("valid-\(UUID().uuidString).png", width: 64, height: 64)) }
    static func validJPEG(_ f: Fixtures) -> [UInt8] {
        f.data(of: f.quadrants("valid-\(UUID().uuidString).jpg", width: 64, height: 64, type: "jpeg"))
    }

    func testFileSystemClasses() throws {
        check("missing file", { $0.url("missing.png").path }, .error(.notFound))
        check("missing folder in path", { $0.url("no/such/dir/x.png").path }, .error(.notFound))
        check("path through a file", { f in f.bytes("plain.txt", [1]).path + "/x.png" }, .error(.notFound))
        check(
            "folder",
            { f in
                let dir = f.url("photos.png")
                try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                return dir.path
            }, .error(.isFolder))
        check(
            "fifo",
            { f in
                let p = f.url("pipe.png").path
                mkfifo(p, 0o600)
                return p
            }, .error(.notRegularFile))
        check("character device", { _ in "/dev/null" }, .error(.notRegularFile))
        check("empty file", { $0.bytes("empty.png", []).path }, .error(.emptyFile))
        check(
            "broken symlink",
            { f in
                let link = f.url("dangling.png").path
                symlink(f.url("gone.png").path, link)
                return link
            }, .error(.notFound))
        check(
            "symlink to a good image",
            { f in
                let target = f.quadrants("target.png", width: 8, height: 8)
                let link = f.url("link.png").path
                symlink(target.path, link)
                return link
            }, .decodes)
        check(
            "symlink loop",
            { f in
                let a = f.url("loop-a.png").path, b = f.url("loop-b.png").path
                symlink(b, a)
                symlink(a, b)
                return a
            }, .error(.unreadable(detail: String(cString: strerror(ELOOP)))))
    }

    func testPermissionDenied() throws {
        try XCTSkipIf(geteuid() == 0, "root reads any file, so an unreadable file cannot be made; run as a normal user to cover this")
        check(
            "unreadable",
            { f in
                let url = f.quadrants("secret.png", width: 4, height: 4)
                chmod(url.path, 0)
                return url.path
            }, .error(.permissionDenied))
    }

    func testContentClasses() throws {
        check("text named .png", { $0.bytes("notes.png", Array("just some text\n".utf8)).path }, .error(.unsupportedFormat))
        check(
            "random bytes named .jpg",
            { f in
                var g = SystemRandomNumberGenerator()
                return f.bytes("noise.jpg", (0..<5000).map { _ in UInt8.random(in: 32...126, using: &g) }).path
            }, .error(.unsupportedFormat))
        // A PDF is read by its content whatever its name (BEHAVIOUR G1): cut short, it is damaged.
        check("PDF cut short, named .png", { $0.bytes("doc.png", Array("%PDF-1.4\n%âãÏÓ\n1 0 obj\n".utf8)).path }, .damaged)
        check("PNG signature only", { $0.bytes("sig.png", PNGBytes.signature).path }, .damaged)
        check(
            "truncated PNG",
            { f in
                let d = Self.validPNG(f)
                return f.bytes("cut.png", Array(d[0..<(d.count / 2)])).path
            }, .damaged)
        check(
            "PNG missing IEND",
            { f in
                let d = Self.validPNG(f)
                return f.bytes("noend.png", Array(d[0..<(d.count - 12)])).path
            }, .damaged)
        check(
            "PNG with corrupt IHDR CRC",
            { f in
                let d = Self.validPNG(f)
                return f.bytes("crc.png", PNGBytes.signature + PNGBytes.header(width: 64, height: 64, corruptCRC: true) + Array(d[33...]))
                    .path
            }, .damaged)
        check(
            "PNG declaring 0 × 0",
            { f in
                f.bytes("zero.png", PNGBytes.signature + PNGBytes.header(width: 0, height: 0) + PNGBytes.chunk("IEND", [])).path
            }, .damaged)
        check(
            "JPEG marker then garbage", { $0.bytes("head.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200)).path },
            .damaged)
        check(
            "truncated JPEG",
            { f in
                let d = Self.validJPEG(f)
                return f.bytes("cut.jpg", Array(d[0..<(d.count * 2 / 3)])).path
            }, .damaged)
        check(
            "JPEG header only",
            { f in
                let d = Self.validJPEG(f)
                return f.bytes("hdr.jpg", Array(d[0..<200])).path
            }, .damaged)
        check("GIF signature then nothing", { $0.bytes("g.gif", Array("GIF89a".utf8)).path }, .damaged)
    }

    /// Decompression bombs are refused from the header, before any pixel buffer exists.
    func testBombsAreRefusedFromTheHeader() throws {
        check(
            "PNG declaring 100000 × 100000",
            { f in
                f.bytes("bomb.png", PNGBytes.signature + PNGBytes.header(width: 100_000, height: 100_000) + PNGBytes.chunk("IEND", [])).path
            }, .tooLarge)
        check(
            "PNG declaring 30000 × 30000 (each side allowed, too many pixels)",
            { f in
                f.bytes("bomb2.png", PNGBytes.signature + PNGBytes.header(width: 30_000, height: 30_000) + PNGBytes.chunk("IEND", [])).path
            }, .tooLarge)
        check(
            "PNG declaring 2³¹−1 wide",
            { f in
                f.bytes("bomb3.png", PNGBytes.signature + PNGBytes.header(width: 0x7FFF_FFFF, height: 1) + PNGBytes.chunk("IEND", [])).path
            }, .tooLarge)
        XCTAssertThrowsError(try ImageLimits.check(width: 100_000, height: 100_000))
        XCTAssertThrowsError(
            try InProcessDecoder.readHeader(
                ImageSource(path: RawPath(fixtures.bytes("b.png", PNGBytes.signature + PNGBytes.header(width: 60_000, height: 2)).path)))
        ) {
            XCTAssertEqual($0 as? LoadError, .tooLarge(width: 60_000, height: 2))
        }
    }

    func testEveryErrorHasAHumanTitleAndReason() {
        let all: [LoadError] = [
            .notFound, .permissionDenied, .isFolder, .notRegularFile, .emptyFile, .unsupportedFormat,
            .damaged(detail: "x"), .tooLarge(width: 1, height: 2), .unreadable(detail: "y"),
        ]
        XCTAssertEqual(Set(all.map(\.title)).count, all.count, "each class has its own headline")
        for error in all {
            XCTAssertFalse(error.reason.isEmpty)
            XCTAssertTrue(error.reason.hasSuffix(".") || error.reason.hasSuffix(")") || error.reason.hasSuffix("y"), error.reason)
        }
    }
}
