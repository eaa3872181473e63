import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// BEHAVIOUR A7, format by format: broken, hostile and merely unusual files in every format
/// the installed loaders read, each with the error it must produce. Complements
/// BadInputTests (file-system classes, the basic PNG/JPEG damage, PNG bombs) without
/// repeating its cases. Inputs are built here, byte by byte where no encoder would
/// write them.
final class BadInputCorpusTests: XCTestCase {
    let fixtures = Fixtures()

    enum Expect: CustomStringConvertible {
        /// Exactly this error.
        case error(LoadError)
        /// `.damaged` whose detail contains this text (gdk-pixbuf's own words, or Iro's).
        case damaged(String)
        /// Decodes to an image of this size.
        case decodes(Int, Int)

        var description: String {
            switch self {
            case .error(let e): "error \(e)"
            case .damaged(let text): "damaged (…\(text)…)"
            case .decodes(let w, let h): "an image of \(w)×\(h)"
            }
        }
    }

    struct Case {
        let name: String
        let make: (BadInputCorpusTests) throws -> RawPath
        let expect: Expect
        init(_ name: String, _ expect: Expect, _ make: @escaping (BadInputCorpusTests) throws -> RawPath) {
            self.name = name
            self.make = make
            self.expect = expect
        }
    }

    /// Runs every case (all of them, even after a failure) and reports each mismatch.
    func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(Set(cases.map(\.name)).count, cases.count, "case names are distinct", file: file, line: line)
        for c in cases {
            let path = try c.make(self)
            let result: Result<DecodedImage?, LoadError>
            do throws(LoadError) { result = .success(try ImageDecoder.decodeSynchronously(path: path)) } catch { result = .failure(error) }
            switch (c.expect, result) {
            case (.error(let wanted), .failure(let got)) where got == wanted: break
            case (.damaged(let text), .failure(.damaged(let detail))) where detail.contains(text): break
            case (.decodes(let w, let h), .success(let image?)) where image.width == w && image.height == h: break
            default:
                let got: String
                switch result {
                case .success(let image?): got = "an image of \(image.width)×\(image.height)"
                case .success(nil): got = "nil (cancelled)"
                case .failure(let error): got = "error \(error)"
                }
                XCTFail("\(c.name): expected \(c.expect), got \(got)", file: file, line: line)
            }
        }
    }

    // MARK: - Byte builders

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }
    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16((v >> 16) & 0xFFFF) + be16(v & 0xFFFF) }

    /// A BMP file: BITMAPINFOHEADER, optional palette, pixel rows (given, or enough zeros).
    static func bmp(
        width: Int, height: Int, bits: Int = 24, compression: Int = 0,
        palette: [UInt8] = [], pixels: [UInt8]? = nil
    ) -> [UInt8] {
        let stride = (width * bits + 31) / 32 * 4
        let data = pixels ?? [UInt8](repeating: 0x40, count: stride * abs(height))
        let header =
            le32(40) + le32(width) + le32(height) + le16(1) + le16(bits) + le32(compression)
            + le32(data.count) + le32(2835) + le32(2835) + le32(palette.count / 4) + le32(0)
        let offset = 14 + header.count + palette.count
        return Array("BM".utf8) + le32(offset + data.count) + le32(0) + le32(offset) + header + palette + data
    }

    /// The classic 1×1 GIF (two-colour global palette, one LZW-coded pixel).
    static let gif1x1: [UInt8] =
        Array("GIF89a".utf8) + [
            0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
            0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
            0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
            0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
        ]

    /// A TGA header (uncompressed true colour unless told) and `pixelBytes` of data.
    static func tga(width: Int, height: Int, type: UInt8 = 2, bits: UInt8 = 24, pixelBytes: Int) -> [UInt8] {
        [0, 0, type, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le16(width) + le16(height) + [bits, 0x20]
            + [UInt8](repeating: 0x7F, count: pixelBytes)
    }

    /// A baseline TIFF: one IFD (width, length, 8-bit samples, strip of `data`).
    static func tiff(
        width: Int, height: Int, samples: Int = 3, stripOffset: Int? = nil, data: [UInt8]? = nil,
        ifdOffset: Int = 8
    ) -> [UInt8] {
        let pixels = data ?? [UInt8](repeating: 0x55, count: width * height * samples)
        let entries: [(Int, Int, Int)] = [
            (256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1),
            (262, 3, samples == 3 ? 2 : 1), (273, 4, stripOffset ?? 8 + 2 + 12 * 9 + 4),
            (277, 3, samples), (278, 4, height), (279, 4, pixels.count),
        ]
        var out = Array("II".utf8) + le16(42) + le32(ifdOffset) + le16(entries.count)
        for (tag, type, value) in entries {
            out += le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        return out + le32(0) + pixels
    }

    /// An ICO directory of one image whose bytes are `payload`, placed at `offset` (default: right after).
    static func ico(payload: [UInt8], declaredSize: Int? = nil, offset: Int = 22, entries: Int = 1) -> [UInt8] {
        le16(0) + le16(1) + le16(entries) + [16, 16, 0, 0] + le16(1) + le16(32)
            + le32(declaredSize ?? payload.count) + le32(offset) + payload
    }

    /// The DIB of a 16×16 32-bit icon (XOR pixels, then the AND mask), declaring `height` (2 × 16 normally).
    static func icoDIB(width: Int = 16, height: Int = 32) -> [UInt8] {
        le32(40) + le32(width) + le32(height) + le16(1) + le16(32) + le32(0) + le32(0) + le32(0) + le32(0) + le32(0) + le32(0)
            + [UInt8](repeating: 0x80, count: 16 * 16 * 4) + [UInt8](repeating: 0, count: 16 * 4)
    }

    static func svg(_ body: String) -> [UInt8] { Array(body.utf8) }

    func file(_ name: String, _ bytes: [UInt8]) -> RawPath { RawPath(fixtures.bytes(name, bytes).path) }

    /// A gdk-pixbuf-written image of `type`, 16 × 12 (or as given), as bytes.
    func encoded(_ type: String, width: Int = 16, height: Int = 12, alpha: Bool = false) -> [UInt8] {
        let url = fixtures.image("src-\(UUID().uuidString).\(type)", width: width, height: height, type: type, alpha: alpha) { x, y in
            RGBA(UInt8(x * 15 & 0xFF), UInt8(y * 20 & 0xFF), 128, 200)
        }
        return fixtures.data(of: url)
    }

    /// The index of a JPEG marker (FF xx) in `bytes`.
    static func marker(_ code: UInt8, in bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == code }
    }

    // MARK: - GIF, BMP, WebP, TIFF, ICO, ANI

    func testGIF() throws {
        try run([
            Case("GIF 1×1 (control)", .decodes(1, 1)) { $0.file("ok.gif", Self.gif1x1) },
            Case("GIF cut inside the image data", .damaged("GIF")) { $0.file("cut.gif", Array(Self.gif1x1[0..<26])) },
            Case("GIF logical screen 65535 × 65535", .error(.tooLarge(width: 65535, height: 65535))) { t in
                var b = Self.gif1x1
                b[6] = 0xFF
                b[7] = 0xFF
                b[8] = 0xFF
                b[9] = 0xFF
                return t.file("bomb.gif", b)
            },
            Case("GIF without any colour map", .damaged("colormap")) { t in
                var b = Self.gif1x1
                b[10] = 0x00
                b.removeSubrange(13..<19)
                return t.file("nomap.gif", b)
            },
            Case("GIF with an LZW minimum code size of 12", .damaged("GIF")) { t in
                var b = Self.gif1x1
                b[29] = 12
                return t.file("lzw.gif", b)
            },
        ])
    }

    func testBMP() throws {
        let grey: [UInt8] = (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0), 0] }
        try run([
            Case("BMP 5×3 (control)", .decodes(5, 3)) { $0.file("ok.bmp", Self.bmp(width: 5, height: 3)) },
            Case("BMP top-down 5×3 (control)", .decodes(5, 3)) { $0.file("down.bmp", Self.bmp(width: 5, height: -3)) },
            Case("BMP declaring 100000 × 100000", .error(.tooLarge(width: 100_000, height: 100_000))) {
                $0.file("bomb.bmp", Self.bmp(width: 100_000, height: 100_000, pixels: [0, 0, 0, 0]))
            },
            Case("BMP top-down declaring 30000 × −30000 (sides allowed, too many pixels)", .error(.tooLarge(width: 30000, height: 30000))) {
                $0.file("bomb2.bmp", Self.bmp(width: 30000, height: -30000, pixels: [0, 0, 0, 0]))
            },
            // Within the limits, but 60 bytes cannot hold 16000 × 16000 pixels: refused before
            // gdk-pixbuf would allocate 768 MB and show them black.
            Case("BMP declaring 16000 × 16000 with 4 bytes of pixels", .damaged("BMP data ends early")) {
                $0.file("hollow.bmp", Self.bmp(width: 16000, height: 16000, pixels: [1, 2, 3, 4]))
            },
            Case("BMP cut in its pixel rows", .damaged("BMP data ends early")) { t in
                t.file("cut.bmp", Array(Self.bmp(width: 40, height: 30)[0..<(54 + 120 * 10)]))
            },
            Case("BMP 8-bit cut before its palette ends", .damaged("BMP")) { t in
                t.file("cutpal.bmp", Array(Self.bmp(width: 4, height: 4, bits: 8, palette: grey)[0..<300]))
            },
            Case("BMP with 7 bits per pixel", .error(.damaged(detail: "the image/bmp header cannot be read"))) {
                $0.file("bpp7.bmp", Self.bmp(width: 4, height: 4, bits: 7))
            },
            Case("BMP claiming RLE8 at 24 bits per pixel", .error(.damaged(detail: "the image/bmp header cannot be read"))) {
                $0.file("rle24.bmp", Self.bmp(width: 4, height: 4, bits: 24, compression: 1))
            },
            Case("BMP RLE8 whose runs overflow the rows (control: gdk-pixbuf clips them)", .decodes(4, 2)) {
                $0.file(
                    "rlerun.bmp",
                    Self.bmp(
                        width: 4, height: 2, bits: 8, compression: 1, palette: grey,
                        pixels: [0xFF, 0x01, 0xFF, 0x02, 0x00, 0x01]))
            },
        ])
    }

    func testWebPTIFFICOAndANI() throws {
        try run([
            Case("WebP 16×12 (control)", .decodes(16, 12)) { $0.file("ok.webp", $0.encoded("webp")) },
            Case("WebP cut short (its RIFF size says more)", .damaged("WEBP data ends early")) { t in
                let b = t.encoded("webp")
                return t.file("cut.webp", Array(b[0..<(b.count / 2)]))
            },
            Case("WebP whose VP8 frame is garbage", .damaged("WebP")) { t in
                var b = t.encoded("webp")
                for i in 30..<b.count { b[i] = UInt8(i * 7 & 0xFF) }
                return t.file("garbage.webp", b)
            },
            Case("WebP of a lone VP8X chunk declaring a 16777216² canvas", .error(.damaged(detail: "the image/webp header cannot be read")))
            { t in
                let vp8x: [UInt8] = Array("VP8X".utf8) + Self.le32(10) + [0, 0, 0, 0] + [0xFF, 0xFF, 0xFF] + [0xFF, 0xFF, 0xFF]
                let body = Array("WEBP".utf8) + vp8x
                return t.file("bomb.webp", Array("RIFF".utf8) + Self.le32(body.count) + body)
            },
            Case("TIFF 4×3 (control)", .decodes(4, 3)) { $0.file("ok.tif", Self.tiff(width: 4, height: 3)) },
            Case("TIFF declaring 30000 × 30000", .error(.tooLarge(width: 30000, height: 30000))) {
                $0.file("bomb.tif", Self.tiff(width: 30000, height: 30000, data: [1, 2, 3]))
            },
            Case("TIFF whose first IFD lies past the end", .damaged("tiff")) { t in
                t.file("ifd.tif", Array(Self.tiff(width: 4, height: 3, ifdOffset: 1_000_000)))
            },
            Case("TIFF whose strip lies past the end", .damaged("TIFF")) {
                $0.file("strip.tif", Self.tiff(width: 4, height: 3, stripOffset: 1_000_000))
            },
            Case("ICO 16×16 (control)", .decodes(16, 16)) { $0.file("ok.ico", Self.ico(payload: Self.icoDIB())) },
            Case("ICO whose image runs past the end of the file", .damaged("ICO data ends early")) {
                $0.file("cut.ico", Self.ico(payload: Self.icoDIB(), declaredSize: 5000))
            },
            Case("ICO listing no images", .damaged("icon")) { $0.file("none.ico", Self.le16(0) + Self.le16(1) + Self.le16(0)) },
            Case("ICO whose bitmap declares 16 × 60000", .damaged("icon")) {
                $0.file("tall.ico", Self.ico(payload: Self.icoDIB(height: 60000)))
            },
            Case("ANI cut short (its RIFF size says more)", .damaged("ANI data ends early")) { t in
                let icon = Self.ico(payload: Self.icoDIB())
                let anih =
                    Array("anih".utf8) + Self.le32(36) + Self.le32(36) + Self.le32(1) + Self.le32(1)
                    + [UInt8](repeating: 0, count: 16) + Self.le32(10) + Self.le32(1)
                let list = Array("LIST".utf8) + Self.le32(12 + icon.count) + Array("framicon".utf8) + Self.le32(icon.count) + icon
                let body = Array("ACON".utf8) + anih + list
                let whole = Array("RIFF".utf8) + Self.le32(body.count) + body
                return t.file("cut.ani", Array(whole[0..<(whole.count - 300)]))
            },
        ])
    }

    // MARK: - SVG (a vector format: a bomb costs a few bytes)

    func testSVG() throws {
        let ns = "xmlns=\"http://www.w3.org/2000/svg\""
        try run([
            Case("SVG 40×30 (control)", .decodes(40, 30)) {
                $0.file("ok.svg", Self.svg("<svg \(ns) width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\" fill=\"red\"/></svg>"))
            },
            Case("SVG width and height 100000", .error(.tooLarge(width: 100_000, height: 100_000))) {
                $0.file("bomb.svg", Self.svg("<svg \(ns) width=\"100000\" height=\"100000\"/>"))
            },
            Case("SVG viewBox of 100000 × 100000 and no size", .error(.tooLarge(width: 100_000, height: 100_000))) {
                $0.file("bombvb.svg", Self.svg("<svg \(ns) viewBox=\"0 0 100000 100000\"><rect width=\"5\" height=\"5\"/></svg>"))
            },
            Case("SVG 30000 × 30000 (sides allowed, too many pixels)", .error(.tooLarge(width: 30000, height: 30000))) {
                $0.file("bomb2.svg", Self.svg("<svg \(ns) width=\"30000\" height=\"30000\"/>"))
            },
            Case("SVG 40000 × 1 (one side too long)", .error(.tooLarge(width: 40000, height: 1))) {
                $0.file("wide.svg", Self.svg("<svg \(ns) width=\"40000\" height=\"1\"/>"))
            },
            Case("SVG whose XML stops mid-tag", .error(.damaged(detail: "the image/svg+xml header cannot be read"))) {
                $0.file("broken.svg", Self.svg("<svg \(ns) width=\"10\" height=\"10\"><rect width=\"5\""))
            },
            Case("SVG with mismatched tags", .error(.damaged(detail: "the image/svg+xml header cannot be read"))) {
                $0.file("mismatch.svg", Self.svg("<svg \(ns) width=\"10\" height=\"10\"><g></svg></g>"))
            },
            Case(
                "SVG with exponential entity expansion (billion laughs)",
                .error(.damaged(detail: "the image/svg+xml header cannot be read"))
            ) { t in
                var doctype = "<!DOCTYPE svg [<!ENTITY a0 \"lol\">"
                for i in 1...10 { doctype += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
                return t.file(
                    "laughs.svg",
                    Self.svg("<?xml version=\"1.0\"?>\(doctype)]><svg \(ns) width=\"10\" height=\"10\"><text>&a10;</text></svg>"))
            },
            // librsvg resolves only resources next to (or below) the SVG's own folder and
            // never "file:///etc/…": the image draws without them.
            Case("SVG referencing /etc/passwd and a missing file", .decodes(20, 20)) {
                $0.file(
                    "external.svg",
                    Self.svg(
                        "<svg \(ns) xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"20\" height=\"20\">"
                            + "<image xlink:href=\"file:///etc/passwd\" width=\"10\" height=\"10\"/>"
                            + "<image href=\"missing-neighbour.png\" width=\"10\" height=\"10\"/>"
                            + "<use xlink:href=\"other.svg#x\"/></svg>"))
            },
            Case("SVG with no size and no viewBox (librsvg measures the drawing)", .decodes(8, 8)) {
                $0.file("nosize.svg", Self.svg("<svg \(ns)><circle cx=\"5\" cy=\"5\" r=\"4\"/></svg>"))
            },
            // gdk_pixbuf_get_file_info asserts on these (a CRITICAL, fatal in this suite);
            // Iro reads an SVG's size from the loader itself (SVGSize).
            Case("SVG of zero size", .damaged("declares 0 × 0")) {
                $0.file("zero.svg", Self.svg("<svg \(ns) width=\"0\" height=\"0\"><rect width=\"1\" height=\"1\"/></svg>"))
            },
            Case("SVG with an empty viewBox", .damaged("declares 0 × 0")) {
                $0.file("empty-viewbox.svg", Self.svg("<svg \(ns) viewBox=\"0 0 0 0\"><rect width=\"1\" height=\"1\"/></svg>"))
            },
            Case("SVG narrower than a pixel", .damaged("declares 0 × 1")) {
                $0.file("hairline.svg", Self.svg("<svg \(ns) width=\"0.0001\" height=\"1\"><rect width=\"1\" height=\"1\"/></svg>"))
            },
        ])
    }

    // MARK: - PNG and JPEG beyond BadInputTests

    func testPNG() throws {
        let ihdr = { (w: UInt32, h: UInt32) in PNGBytes.header(width: w, height: h) }
        let row = [UInt8](repeating: 0, count: 1 + 4 * 3)
        let rows = Array([[UInt8]](repeating: row, count: 4).joined())
        let idat = PNGBytes.chunk("IDAT", zlib(rows))
        let end = PNGBytes.chunk("IEND", [])
        try run([
            Case("PNG 4×4 (control)", .decodes(4, 4)) { $0.file("ok.png", PNGBytes.signature + ihdr(4, 4) + idat + end) },
            Case("PNG with a zero-length IDAT", .damaged("Not enough compressed data")) {
                $0.file("empty-idat.png", PNGBytes.signature + ihdr(4, 4) + PNGBytes.chunk("IDAT", []) + end)
            },
            Case("PNG with no IDAT at all", .error(.damaged(detail: "the image/png header cannot be read"))) {
                $0.file("no-idat.png", PNGBytes.signature + ihdr(4, 4) + end)
            },
            // The stream ends properly (IEND) but its data stops after 4 of 64 rows:
            // gdk-pixbuf would show 60 black rows (or, declared 16000², 768 MB of them).
            Case(
                "PNG whose compressed data holds 4 of its 64 rows", .error(.damaged(detail: "the PNG image data stops before row 5 of 64"))
            ) { t in
                t.file("rows.png", PNGBytes.signature + ihdr(4, 64) + idat + end)
            },
            Case("PNG with a 1 MB tEXt chunk", .decodes(4, 4)) {
                $0.file(
                    "text.png",
                    PNGBytes.signature + ihdr(4, 4)
                        + PNGBytes.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 1 << 20)) + idat + end)
            },
            // libpng stops decompressing ancillary chunks at 8 MB: the chunk is dropped, the image shown.
            Case("PNG with a zTXt inflating to 64 MB", .decodes(4, 4)) {
                $0.file(
                    "ztxt.png",
                    PNGBytes.signature + ihdr(4, 4)
                        + PNGBytes.chunk("zTXt", Array("Comment\0\0".utf8) + $0.zlib([UInt8](repeating: 0x41, count: 64 << 20))) + idat
                        + end)
            },
            Case("PNG with an iCCP profile inflating to 64 MB", .decodes(4, 4)) {
                $0.file(
                    "iccp.png",
                    PNGBytes.signature + ihdr(4, 4)
                        + PNGBytes.chunk("iCCP", Array("icc\0\0".utf8) + $0.zlib([UInt8](repeating: 0, count: 64 << 20))) + idat + end)
            },
            Case("PNG chunk declaring 2³¹−1 bytes", .error(.damaged(detail: "the image/png header cannot be read"))) {
                $0.file("len.png", PNGBytes.signature + ihdr(4, 4) + PNGBytes.be32(0x7FFF_FFFF) + Array("tEXt".utf8) + [1, 2, 3, 4] + end)
            },
            Case("PNG row with filter type 9", .damaged("PNG")) { t in
                var bad = rows
                bad[13] = 9
                return t.file("filter.png", PNGBytes.signature + ihdr(4, 4) + PNGBytes.chunk("IDAT", t.zlib(bad)) + end)
            },
            Case("PNG with IHDR bit depth 3", .error(.damaged(detail: "the image/png header cannot be read"))) {
                $0.file(
                    "depth.png",
                    PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.be32(4) + PNGBytes.be32(4) + [3, 2, 0, 0, 0]) + idat + end)
            },
            Case("PNG interlaced, cut before IEND", .error(.damaged(detail: "the PNG data ends early"))) { t in
                let data = t.fixtures.data(of: t.fixtures.quadrants("i.png", width: 64, height: 64))
                return t.file("cut-i.png", Array(data[0..<(data.count - 30)]))
            },
            Case("PNG declaring 20000 × 20000", .error(.tooLarge(width: 20000, height: 20000))) {
                $0.file("b20k.png", PNGBytes.signature + ihdr(20000, 20000) + end)
            },
            Case("PNG declaring 32768 × 1 (a side over the limit)", .error(.tooLarge(width: 32768, height: 1))) {
                $0.file("side.png", PNGBytes.signature + ihdr(32768, 1) + end)
            },
            Case("PNG declaring 16385 × 16384 (one row over 2²⁸ pixels)", .error(.tooLarge(width: 16385, height: 16384))) {
                $0.file("over.png", PNGBytes.signature + ihdr(16385, 16384) + end)
            },
        ])
    }

    func testJPEG() throws {
        try run([
            Case("JPEG with a Huffman table of 300 codes", .error(.damaged(detail: "the image/jpeg header cannot be read"))) { t in
                var b = t.encoded("jpeg")
                let dht = try XCTUnwrap(Self.marker(0xC4, in: b))
                for i in 0..<16 { b[dht + 5 + i] = 0x13 } // 16 × 19 = 304 > 256 codes
                return t.file("huffman.jpg", b)
            },
            Case("JPEG whose entropy data is noise", .decodes(16, 12)) { t in
                // libjpeg resynchronises and shows what it can: damaged pixels, not a damaged file.
                var b = t.encoded("jpeg")
                let sos = try XCTUnwrap(Self.marker(0xDA, in: b))
                for i in (sos + 14)..<(b.count - 2) { b[i] = UInt8((i * 37) & 0x7F) }
                return t.file("noise.jpg", b)
            },
            Case("JPEG declaring 0 × 12", .error(.damaged(detail: "the image/jpeg header cannot be read"))) { t in
                var b = t.encoded("jpeg")
                let sof = try XCTUnwrap(Self.marker(0xC0, in: b))
                b[sof + 7] = 0
                b[sof + 8] = 0
                return t.file("zero.jpg", b)
            },
            Case("JPEG declaring 65500 × 65500", .error(.tooLarge(width: 65500, height: 65500))) { t in
                var b = t.encoded("jpeg")
                let sof = try XCTUnwrap(Self.marker(0xC0, in: b))
                b.replaceSubrange((sof + 5)..<(sof + 9), with: Self.be16(65500) + Self.be16(65500))
                return t.file("bomb.jpg", b)
            },
            Case("JPEG with 2 colour components", .error(.damaged(detail: "the image/jpeg header cannot be read"))) { t in
                var b = t.encoded("jpeg")
                let sof = try XCTUnwrap(Self.marker(0xC0, in: b))
                b[sof + 9] = 2
                return t.file("twocomp.jpg", b)
            },
            // A larger JPEG cut in its entropy data: libjpeg would fill the rest with grey
            // and gdk-pixbuf call it a success; Iro looks for the end marker.
            Case("JPEG cut in its entropy data (libjpeg would pad it grey)", .error(.damaged(detail: "the JPEG data ends early"))) { t in
                let url = t.fixtures.image("grad.jpg", width: 120, height: 100, type: "jpeg") { x, y in
                    RGBA(UInt8(x * 2), UInt8(y * 2), UInt8((x * y) & 0xFF))
                }
                let b = t.fixtures.data(of: url)
                return t.file("cut-entropy.jpg", Array(b[0..<(b.count / 2)]))
            },
            Case("JPEG with data after its end (phones append some: fine)", .decodes(16, 12)) { t in
                t.file("trailer.jpg", t.encoded("jpeg") + Array("SEFT trailer".utf8) + [0xFF, 0xD8, 0xFF, 0x00])
            },
            Case("JPEG named .png (content wins)", .decodes(16, 12)) { $0.file("photo.png", $0.encoded("jpeg")) },
        ])
    }

    /// libjpeg cannot decode arithmetic coding incrementally: once a file spans more than
    /// one of the decoder's chunks, the loader fails with "Suspension not allowed here".
    /// The decoder then reads the file whole. Needs libjpeg-turbo's cjpeg to make one.
    func testArithmeticCodedJPEGLargerThanAChunkDecodes() throws {
        let cjpeg = ["/usr/bin/cjpeg", "/usr/local/bin/cjpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try XCTUnwrap(cjpeg as String?, "cjpeg (libjpeg-turbo-progs) is not installed")
        // Noise compresses badly: 700 × 500 at quality 100 is well over 256 KiB.
        var state: UInt32 = 12345
        let pixels = (0..<(700 * 500 * 3)).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(state >> 24)
        }
        let ppm = fixtures.bytes("noise.ppm", Array("P6\n700 500\n255\n".utf8) + pixels)
        let jpeg = fixtures.url("arithmetic.jpg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-arithmetic", "-quality", "100", "-outfile", jpeg.path, ppm.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertGreaterThan(fixtures.data(of: jpeg).count, PixbufLoad.chunkSize, "spans more than one chunk")
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(jpeg.path)))
        XCTAssertEqual(image.width, 700)
        XCTAssertEqual(image.height, 500)
    }

    // MARK: - PNM, TGA, XPM, XBM

    func testSimpleFormats() throws {
        try run([
            Case("PPM 4×3 (control)", .decodes(4, 3)) {
                $0.file("ok.ppm", Array("P6\n4 3\n255\n".utf8) + [UInt8](repeating: 9, count: 36))
            },
            Case("PPM cut in its pixel data", .damaged("PNM data ends early")) {
                $0.file("cut.ppm", Array("P6\n40 30\n255\n".utf8) + [UInt8](repeating: 9, count: 100))
            },
            Case("PPM declaring 16000 × 16000 with 8 bytes of pixels", .damaged("PNM data ends early")) {
                $0.file("hollow.ppm", Array("P6\n16000 16000\n255\n".utf8) + [UInt8](repeating: 9, count: 8))
            },
            Case("PGM 16-bit cut in its data", .damaged("PNM data ends early")) {
                $0.file("cut16.pgm", Array("P5 4 4 65535\n".utf8) + [UInt8](repeating: 9, count: 16))
            },
            Case("ASCII PPM with a third of its samples", .damaged("PNM data ends early")) {
                $0.file("cut.pnm", Array(("P3\n10 10\n255\n" + String(repeating: "1 ", count: 100)).utf8))
            },
            Case("PGM with maxval 0", .error(.damaged(detail: "the image/x-portable-graymap header cannot be read"))) {
                $0.file("maxval.pgm", Array("P5\n2 2\n0\n".utf8) + [0, 0, 0, 0])
            },
            Case("PPM declaring 30000 × 30000", .error(.tooLarge(width: 30000, height: 30000))) {
                $0.file("bomb.ppm", Array("P6\n30000 30000\n255\n".utf8) + [1, 2, 3])
            },
            Case("TGA 4×3 (control)", .decodes(4, 3)) { $0.file("ok.tga", Self.tga(width: 4, height: 3, pixelBytes: 36)) },
            Case("TGA cut in its pixel data", .damaged("TGA")) { $0.file("cut.tga", Self.tga(width: 40, height: 30, pixelBytes: 100)) },
            Case("TGA declaring 30000 × 30000", .error(.tooLarge(width: 30000, height: 30000))) {
                $0.file("bomb.tga", Self.tga(width: 30000, height: 30000, pixelBytes: 16))
            },
            Case("TGA RLE whose packets overrun the image (gdk-pixbuf clips them)", .decodes(2, 1)) {
                $0.file("rle.tga", Self.tga(width: 2, height: 1, type: 10, pixelBytes: 0) + [0xFF, 1, 2, 3, 0xFF, 1, 2, 3])
            },
            // The XPM loader reads the whole file before saying its size; Iro reads the header first.
            Case("XPM declaring 30000 × 30000", .error(.tooLarge(width: 30000, height: 30000))) {
                $0.file("bomb.xpm", Array("/* XPM */\nstatic char *b[] = {\n\"30000 30000 1 1\",\n\"a c #ff0000\",\n\"aaaa\"};\n".utf8))
            },
            Case("XPM with fewer rows than declared", .error(.damaged(detail: "the image/x-xpixmap header cannot be read"))) {
                $0.file("rows.xpm", Array("/* XPM */\nstatic char *b[] = {\n\"4 3 1 1\",\n\"a c #ff0000\",\n\"aaaa\"};\n".utf8))
            },
            // Recognised by its name only: the decoder must use the loader the header was read with.
            Case("XBM 8×2 (control: a format gdk-pixbuf knows by the .xbm name)", .decodes(8, 2)) {
                $0.file("ok.xbm", Array("#define b_width 8\n#define b_height 2\nstatic unsigned char b_bits[] = {\n 0x81, 0x7e };\n".utf8))
            },
            // XBM is text: without a loader that accepts it, nothing says it is an image.
            Case("XBM with fewer bytes than declared", .error(.unsupportedFormat)) {
                $0.file("short.xbm", Array("#define b_width 64\n#define b_height 64\nstatic unsigned char b_bits[] = {\n 0x81 };\n".utf8))
            },
        ])
    }

    // MARK: - Names and sizes

    func testNamesWithSpacesAndUnicode() throws {
        try run([
            Case("name with spaces", .decodes(8, 8)) { t in
                RawPath(t.fixtures.quadrants("my holiday photo (1).png", width: 8, height: 8).path)
            },
            Case("name in Cyrillic, CJK and an emoji", .decodes(8, 8)) { t in
                RawPath(t.fixtures.quadrants("фото 写真 🌈.png", width: 8, height: 8).path)
            },
            Case("name with a newline and a quote", .decodes(8, 8)) { t in
                RawPath(t.fixtures.quadrants("two\nlines \"quoted\".png", width: 8, height: 8).path)
            },
            Case("name that is only an extension", .decodes(8, 8)) { t in RawPath(t.fixtures.quadrants(".png", width: 8, height: 8).path) },
        ])
    }

    /// A file whose name is not UTF-8 (Latin-1 "caf\xE9", a stray 0xFF) is read like any
    /// other: its path reaches every reader (file check, declared size, header, truncation
    /// check, signature sniffing, decoder) as its bytes. As a `String` it could not: U+FFFD
    /// would replace the byte, and that names no file.
    func testNamesThatAreNotUTF8AreReadByTheirBytes() throws {
        let png = fixtures.data(of: fixtures.quadrants("good.png", width: 8, height: 8))
        guard let probe = fixtures.bytes(named: Array("bad".utf8) + [0xFF] + Array(".png".utf8), png) else {
            throw XCTSkip("this file system refuses names that are not UTF-8")
        }
        let latin1 = Array("caf".utf8) + [0xE9]
        func named(_ suffix: String, _ bytes: [UInt8]) -> RawPath {
            RawPath(bytes: fixtures.bytes(named: latin1 + Array(suffix.utf8), bytes)!)
        }
        try run([
            Case("0xFF in the name", .decodes(8, 8)) { _ in RawPath(bytes: probe) },
            Case("Latin-1 name", .decodes(8, 8)) { _ in named(".png", png) },
            Case("Latin-1 name, PNG declaring 100000 × 100000", .error(.tooLarge(width: 100_000, height: 100_000))) { _ in
                named("-bomb.png", PNGBytes.signature + PNGBytes.header(width: 100_000, height: 100_000) + PNGBytes.chunk("IEND", []))
            },
            Case("Latin-1 name, BMP cut in its pixel rows", .damaged("BMP data ends early")) { _ in
                named("-cut.bmp", Array(Self.bmp(width: 40, height: 30)[0..<(54 + 120 * 10)]))
            },
            Case("Latin-1 name, BMP with 7 bits per pixel", .error(.damaged(detail: "the image/bmp header cannot be read"))) { _ in
                named("-bpp7.bmp", Self.bmp(width: 4, height: 4, bits: 7))
            },
            Case("Latin-1 name repaired into a String", .error(.notFound)) { _ in
                RawPath(String(decoding: named("-repaired.png", png).bytes, as: UTF8.self))
            },
        ])
    }

    /// The limits at their edges, from the header alone (no decoding, no pixels).
    func testHugeDeclaredSizesAtTheLimits() throws {
        // libpng reports the header once it meets the first IDAT; one row of data is enough.
        let idat = PNGBytes.chunk("IDAT", zlib([UInt8](repeating: 0, count: 64)))
        func header(_ w: UInt32, _ h: UInt32) throws -> ImageDecoder.Header {
            try InProcessDecoder.readHeader(
                ImageSource(
                    path: file(
                        "h\(w)x\(h).png", PNGBytes.signature + PNGBytes.header(width: w, height: h) + idat + PNGBytes.chunk("IEND", []))))
        }
        XCTAssertEqual(try header(16000, 16000).width, 16000, "256 MP: allowed")
        XCTAssertEqual(try header(16384, 16384).height, 16384, "2²⁸ pixels exactly: allowed")
        XCTAssertEqual(try header(32767, 8192).width, 32767, "the longest side at 2²⁸ − 8192 pixels: allowed")
        XCTAssertThrowsError(try header(32767, 8193)) { XCTAssertEqual($0 as? LoadError, .tooLarge(width: 32767, height: 8193)) }
        // Allowed, declared without the data: damaged, found after the header.
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.url("h16000x16000.png").path))) {
            guard case .damaged = $0 as? LoadError else { return XCTFail("expected damaged, got \($0)") }
        }
    }

    /// A truly huge valid image decodes (and the decoder does not refuse what the limits
    /// allow). 12000 × 10000 (120 MP, 360 MB of pixels); IRO_SLOW_TESTS=1 also decodes
    /// 16000 × 16000 (256 MP, the largest square the limits allow, 768 MB).
    func testHugeValidImageDecodes() throws {
        let sizes = ProcessInfo.processInfo.environment["IRO_SLOW_TESTS"] == "1" ? [(12000, 10000), (16000, 16000)] : [(12000, 10000)]
        for (w, h) in sizes {
            // Grey rows (all zero, filter byte too), deflated as they are made: 1000:1.
            let deflater = Deflater(level: 1)
            let row = [UInt8](repeating: 0, count: 1 + w)
            for _ in 0..<h { deflater.write(row) }
            let compressed = deflater.finish()
            let bytes =
                PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.be32(UInt32(w)) + PNGBytes.be32(UInt32(h)) + [8, 0, 0, 0, 0])
                + PNGBytes.chunk("IDAT", compressed) + PNGBytes.chunk("IEND", [])
            let path = file("huge-\(w)x\(h).png", bytes)
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path))
            XCTAssertEqual(image.width, w)
            XCTAssertEqual(image.height, h)
        }
    }

    /// zlib stream of `bytes` (level 9).
    func zlib(_ bytes: [UInt8]) -> [UInt8] {
        let deflater = Deflater(level: 9)
        deflater.write(bytes)
        return deflater.finish()
    }
}

/// A zlib stream made with GIO's GZlibCompressor (no zlib module for Swift here).
final class Deflater {
    /// `GZlibCompressor *`
    private let converter: UnsafeMutableRawPointer
    private(set) var output: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(level: Int32) {
        converter = UnsafeMutableRawPointer(g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, level)!)
    }

    deinit { g_object_unref(converter) }

    func write(_ bytes: [UInt8]) { convert(bytes, atEnd: false) }

    func finish() -> [UInt8] {
        convert([], atEnd: true)
        return output
    }

    private func convert(_ bytes: [UInt8], atEnd: Bool) {
        var offset = 0
        while atEnd || offset < bytes.count {
            var read: gsize = 0, written: gsize = 0
            let capacity = buffer.count
            let result = bytes.withUnsafeBytes { input in
                buffer.withUnsafeMutableBytes { out in
                    g_converter_convert(
                        OpaquePointer(converter), input.baseAddress.map { $0 + offset }, gsize(bytes.count - offset),
                        out.baseAddress, gsize(capacity),
                        atEnd ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS, &read, &written, nil)
                }
            }
            output += buffer[0..<Int(written)]
            offset += Int(read)
            if result == G_CONVERTER_FINISHED { return }
            precondition(result != G_CONVERTER_ERROR, "zlib compression failed")
        }
    }
}
