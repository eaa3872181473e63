import Foundation

/// Hand-made PNG byte streams for bad-input tests: valid chunks with chosen
/// contents (absurd dimensions, wrong CRCs) that no encoder would write.
public enum PNGBytes {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func chunk(_ type: String, _ payload: [UInt8], corruptCRC: Bool = false) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var crc = crc32(typeBytes + payload)
        if corruptCRC { crc ^= 0xFFFF_FFFF }
        return be32(UInt32(payload.count)) + typeBytes + payload + be32(crc)
    }

    /// IHDR for an 8-bit RGB image of the given declared size.
    public static func header(width: UInt32, height: UInt32, corruptCRC: Bool = false) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0], corruptCRC: corruptCRC)
    }

    public static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    /// `png` (a whole file) with an iCCP chunk holding `profile` after its IHDR: an embedded
    /// colour profile (gdk-pixbuf's saver cannot write one on Debian 12: libpng refuses it
    /// before the header says the image is RGB).
    public static func embedding(profile: [UInt8], in png: [UInt8]) -> [UInt8] {
        inserting([chunk("iCCP", Array("ICC profile".utf8) + [0, 0] + storedZlib(profile))], in: png)
    }

    /// `png` (a whole file) with `chunks` after its IHDR.
    public static func inserting(_ chunks: [[UInt8]], in png: [UInt8]) -> [UInt8] {
        let afterHeader = signature.count + 8 + 13 + 4 // IHDR: length, type, 13 bytes, CRC
        return Array(png[..<afterHeader]) + chunks.joined() + Array(png[afterHeader...])
    }

    /// A zlib stream of `bytes` in stored (uncompressed) deflate blocks.
    public static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let final: UInt8 = start + count == bytes.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[start..<(start + count)]
            start += count
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(b << 16 | a)
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
