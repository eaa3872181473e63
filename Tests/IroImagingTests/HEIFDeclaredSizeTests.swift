import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// The size a HEIF or AVIF file declares, read from its boxes before any decoder runs: a grid
/// bomb is refused at once, a real file's size is read right, broken boxes are no harm.
final class HEIFDeclaredSizeTests: XCTestCase {
    let fixtures = Fixtures()

    // MARK: Boxes made here (ISO base media format)

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] { be32(8 + content.count) + Array(type.utf8) + content }
    /// A full box: version 0 and no flags before the content.
    static func fullBox(_ type: String, _ content: [UInt8], version: UInt8 = 0) -> [UInt8] { box(type, [version, 0, 0, 0] + content) }
    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", be32(width) + be32(height)) }

    /// A HEIC whose primary item is a grid of `tiles` HEVC tiles, declaring `width` × `height`
    /// for the grid and `tile` a side for each tile; no image data. `derived`: `dimg` references
    /// (an item, the items it is made from), in an `iref` of that `version` (1: 32-bit items).
    static func grid(width: Int, height: Int, tiles: Int, tile: Int, derived: [(Int, [Int])] = [], version: UInt8 = 0) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        let hdlr = fullBox("hdlr", be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", be16(1))
        let entries =
            [fullBox("infe", be16(1) + be16(0) + Array("grid".utf8) + [0], version: 2)]
            + (0..<tiles).map { fullBox("infe", be16(2 + $0) + be16(0) + Array("hvc1".utf8) + [0], version: 2) }
        let iinf = fullBox("iinf", be16(entries.count) + entries.flatMap { $0 })
        let ipco = box("ipco", ispe(tile, tile) + ispe(width, height))
        // Item 1 (the grid) has property 2; every tile has property 1.
        let associations = [be16(1) + [1, 2]] + (0..<tiles).map { be16(2 + $0) + [1, 1] }
        let ipma = fullBox("ipma", be32(associations.count) + associations.flatMap { $0 })
        let item = version == 0 ? be16 : be32
        let references = derived.map { box("dimg", item($0.0) + be16($0.1.count) + $0.1.flatMap(item)) }
        let iref = derived.isEmpty ? [] : fullBox("iref", references.flatMap { $0 }, version: version)
        let meta = fullBox("meta", hdlr + pitm + iinf + iref + box("iprp", ipco + ipma))
        return ftyp + meta + box("mdat", [])
    }

    func file(_ name: String, _ bytes: [UInt8]) -> RawPath { RawPath(fixtures.bytes(name, bytes).path) }

    // MARK: Tests

    /// 32767 × 32767 in 16 384 tiles: refused as too large from the header, in the helper too,
    /// within a second (the loader used to decode tiles for seconds first).
    func testAGridBombIsRefusedByItsDeclaredSizeBeforeAnyDecoding() throws {
        let bomb = file("bomb.heic", Self.grid(width: 32767, height: 32767, tiles: 16_384, tile: 256))
        XCTAssertThrowsError(try InProcessDecoder.readHeader(ImageSource(path: bomb))) {
            XCTAssertEqual($0 as? LoadError, .tooLarge(width: 32767, height: 32767))
        }
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        let started = ProcessInfo.processInfo.systemUptime
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: bomb)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge(width: 32767, height: 32767))
        }
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 1, "refused within a second")
    }

    /// The grid's `ispe` lies past the first 4 KB, behind the list of its tiles; the largest
    /// one is the grid's whatever the order.
    func testTheGridsSizeIsFoundBehindItsTiles() {
        let bytes = Self.grid(width: 6400, height: 6400, tiles: 10_000, tile: 64)
        XCTAssertGreaterThan(bytes.count, 4096)
        let path = file("grid.heic", bytes)
        let size = DeclaredSize.read(ImageSource(path: path))
        XCTAssertEqual(size.map { [$0.width, $0.height] }, [6400, 6400])
    }

    /// An item made from itself, directly or through others, gives no size (and so is refused
    /// as damaged, before libheif); a tile used twice or a chain of derivations is no loop.
    func testAGridMadeFromItselfGivesNoSize() {
        let cases: [(String, [(Int, [Int])], UInt8, Bool)] = [
            ("its own tile", [(1, [2, 3, 1])], 0, true),
            ("through another item, 32-bit items", [(1, [2, 3]), (3, [4, 1])], 1, true),
            ("a loop beside the primary item", [(1, [2, 3]), (4, [4])], 0, true),
            ("a tile used twice", [(1, [2, 2, 3])], 0, false),
            ("a chain", [(1, [2]), (2, [3]), (3, [4])], 1, false),
        ]
        for (name, derived, version, isLoop) in cases {
            let bytes = Self.grid(width: 640, height: 480, tiles: 4, tile: 320, derived: derived, version: version)
            let size = DeclaredSize.read(ImageSource(path: file("\(name).heic", bytes)))
            XCTAssertEqual(size.map { [$0.width, $0.height] }, isLoop ? nil : [640, 480], name)
        }
        XCTAssertThrowsError(
            try InProcessDecoder.readHeader(
                ImageSource(path: file("loop.heic", Self.grid(width: 640, height: 480, tiles: 4, tile: 320, derived: [(1, [2, 1])]))))
        ) { XCTAssertEqual($0 as? LoadError, .damaged(detail: "the HEIF header cannot be read")) }
    }

    /// Every cut of a small grid, and sizes that lie: no size, no crash, no hang.
    func testBrokenBoxesGiveNoSize() {
        let whole = Self.grid(width: 640, height: 480, tiles: 4, tile: 320)
        for length in stride(from: 0, to: whole.count - 8, by: 7) { // every cut before the end of meta
            let size = DeclaredSize.read(ImageSource(path: file("cut-\(length).heic", Array(whole.prefix(length)))))
            XCTAssertNil(size, "cut at \(length) of \(whole.count), inside the meta box")
        }
        var lying = whole
        let metaAt = 24 // after ftyp (24 bytes)
        lying.replaceSubrange(metaAt..<(metaAt + 4), with: Self.be32(0x7FFF_FFF0))
        XCTAssertNil(DeclaredSize.read(ImageSource(path: file("lying.heic", lying))))
        var huge = whole
        huge.replaceSubrange(metaAt..<(metaAt + 4), with: Self.be32(1)) // a 64-bit size follows: garbage
        XCTAssertNil(DeclaredSize.read(ImageSource(path: file("huge.heic", huge))))
        XCTAssertNil(
            DeclaredSize.read(ImageSource(path: file("mp4.mp4", Self.box("ftyp", Array("isom".utf8) + Self.be32(0)) + whole.dropFirst(24))))
        )
    }
}

extension HEIFDecodingTests {
    /// What `heif-enc` writes declares the picture's own size.
    func testARealHEICAndAVIFDeclareTheirSize() throws {
        for avif in [false, true] {
            let url = try encoded("declared", avif: avif)
            let size = DeclaredSize.read(ImageSource(path: RawPath(url.path)))
            XCTAssertEqual(size.map { [$0.width, $0.height] }, [160, 96], url.lastPathComponent)
        }
    }
}
