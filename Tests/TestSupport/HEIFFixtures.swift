import Foundation
import XCTest

/// HEIF and AVIF files made at test time: by `heif-enc` (libheif-examples) and `avifenc`
/// (libavif-bin) from PNGs, and grids assembled here from tiles `heif-enc` encoded.
public enum HEIFFixtures {
    /// Runs `tool` (in /usr/bin) with `arguments`; skips the test when it is not installed.
    public static func run(_ tool: String, _ arguments: [String]) throws {
        let path = "/usr/bin/\(tool)"
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: path), "\(tool) is missing (meson-helpers/install-deps.sh installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
    }

    // MARK: Boxes (ISO base media file format)

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] { be32(8 + content.count) + Array(type.utf8) + content }
    static func fullBox(_ type: String, _ content: [UInt8], version: UInt8 = 0, flags: UInt8 = 0) -> [UInt8] {
        box(type, [version, 0, 0, flags] + content)
    }

    /// The child boxes of `bytes[range]`: type and content range.
    static func children(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, content: Range<Int>)] {
        var result: [(String, Range<Int>)] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= range.upperBound else { break }
            result.append((String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), at + 8..<at + size))
            at += size
        }
        return result
    }

    /// The `hvcC` box and the picture's data of a one-picture HEIC as `heif-enc` writes it
    /// (no thumbnail, no metadata: its `mdat` holds that one picture).
    static func tile(of file: URL) throws -> (configuration: [UInt8], data: [UInt8]) {
        let bytes = try [UInt8](Data(contentsOf: file))
        let top = children(bytes, in: 0..<bytes.count)
        let meta = try XCTUnwrap(top.first { $0.type == "meta" }?.content)
        let iprp = try XCTUnwrap(children(bytes, in: meta.lowerBound + 4..<meta.upperBound).first { $0.type == "iprp" }?.content)
        let ipco = try XCTUnwrap(children(bytes, in: iprp).first { $0.type == "ipco" }?.content)
        let hvcC = try XCTUnwrap(children(bytes, in: ipco).first { $0.type == "hvcC" }?.content)
        let mdat = try XCTUnwrap(top.first { $0.type == "mdat" }?.content)
        XCTAssertFalse(mdat.isEmpty, "heif-enc wrote the picture's data")
        return (box("hvcC", Array(bytes[hvcC])), Array(bytes[mdat]))
    }

    /// A HEIC whose primary picture is a `columns` × `rows` grid of `side`-pixel tiles: red in
    /// the left half of the columns, blue in the right. Each tile has its own copy of its
    /// data, as in a camera's file (libheif reads them one by one as it decodes).
    /// `referencingItself`: the grid's list of tiles names the grid (item 1) in place of its
    /// last tile, a loop no encoder writes. libheif 1.15 then decodes the grid inside itself,
    /// thread within thread, until it aborts; named first, the grid is refused for its
    /// missing bit depth instead.
    public static func grid(columns: Int, rows: Int, side: Int, in folder: URL, referencingItself: Bool = false) throws -> URL {
        var tiles: [(configuration: [UInt8], data: [UInt8])] = []
        for (name, colour) in [("red", "rgb(220,30,30)"), ("blue", "rgb(30,30,220)")] {
            let png = folder.appendingPathComponent("tile-\(name).png"), heic = folder.appendingPathComponent("tile-\(name).heic")
            try run("convert", ["-size", "\(side)x\(side)", "xc:\(colour)", "PNG24:" + png.path])
            try run("heif-enc", ["-q", "60", "-o", heic.path, png.path])
            tiles.append(try tile(of: heic))
        }
        let count = columns * rows
        let isRed = (0..<count).map { $0 % columns < columns / 2 }
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        let hdlr = fullBox("hdlr", be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", be16(1))
        // Item 1 is the grid; items 2… its tiles, hidden (flag 1): not pictures of their own.
        let entries =
            [fullBox("infe", be16(1) + be16(0) + Array("grid".utf8) + [0], version: 2)]
            + (0..<count).map { fullBox("infe", be16(2 + $0) + be16(0) + Array("hvc1".utf8) + [0], version: 2, flags: 1) }
        let iinf = fullBox("iinf", be16(entries.count) + entries.flatMap { $0 })
        let tileIDs = (0..<count).map { referencingItself && $0 == count - 1 ? 1 : 2 + $0 }
        let iref = fullBox("iref", box("dimg", be16(1) + be16(count) + tileIDs.flatMap { be16($0) }))
        // Properties: 1 red's hvcC, 2 blue's, 3 a tile's size, 4 the grid's.
        let ipco = box(
            "ipco",
            tiles[0].configuration + tiles[1].configuration + fullBox("ispe", be32(side) + be32(side))
                + fullBox("ispe", be32(columns * side) + be32(rows * side)))
        // 0x80 marks a property essential (the decoder configuration).
        let associations = [be16(1) + [1, 4]] + (0..<count).map { be16(2 + $0) + [2, isRed[$0] ? 0x81 : 0x82, 3] }
        let ipma = fullBox("ipma", be32(associations.count) + associations.flatMap { $0 })
        let gridData = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be16(columns * side) + be16(rows * side)
        func meta(dataStart: Int) -> [UInt8] {
            // iloc version 1, 4-byte offsets and lengths: the grid's description in `idat`
            // (construction method 1), each tile's data in `mdat`.
            var offset = dataStart
            var items = [be16(1) + be16(1) + be16(0) + be16(1) + be32(0) + be32(gridData.count)]
            for index in 0..<count {
                let length = tiles[isRed[index] ? 0 : 1].data.count
                items.append(be16(2 + index) + be16(0) + be16(0) + be16(1) + be32(offset) + be32(length))
                offset += length
            }
            let iloc = fullBox("iloc", [0x44, 0x00] + be16(items.count) + items.flatMap { $0 }, version: 1)
            return fullBox("meta", hdlr + pitm + iinf + iref + box("iprp", ipco + ipma) + box("idat", gridData) + iloc)
        }
        let dataStart = ftyp.count + meta(dataStart: 0).count + 8
        let mdat = box("mdat", (0..<count).flatMap { tiles[isRed[$0] ? 0 : 1].data })
        let file = folder.appendingPathComponent("grid-\(columns)x\(rows)\(referencingItself ? "-looped" : "").heic")
        try Data(ftyp + meta(dataStart: dataStart) + mdat).write(to: file)
        return file
    }
}
