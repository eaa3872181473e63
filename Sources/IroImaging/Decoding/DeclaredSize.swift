import Glibc
import IroCore

/// Reads the dimensions a file declares, straight from its first bytes, for
/// formats whose decoders give up on absurd sizes before telling us what they
/// were (libpng rejects a 100000-pixel-wide IHDR as "damaged", gdk-pixbuf's TIFF
/// loader refuses sizes whose bytes overflow an int), or tell them only after
/// allocating the pixels (XPM, whose loader reads the whole file first; HEIF and AVIF, whose
/// loader decodes every tile of a grid first: `HEIFDeclaredSize`). Knowing the
/// declared size lets Iro say "too large" — the true reason — for a bomb.
enum DeclaredSize {
    static func read(_ source: ImageSource) -> (width: Int, height: Int)? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 4096, file) }
        let bytes = Array(head[0..<count])
        return png(bytes) ?? tiff(bytes, file: file) ?? xpm(bytes) ?? jpeg2000(bytes) ?? HEIFDeclaredSize.read(bytes, file: file)
    }

    /// PNG: 8-byte signature, then the IHDR chunk (length, "IHDR", width, height — big-endian).
    static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (be32(16), be32(20))
    }

    /// TIFF: "II*\0" or "MM\0*", the offset of the first IFD, and in it the
    /// ImageWidth (256) and ImageLength (257) entries, SHORT or LONG.
    static func tiff(_ head: [UInt8], file: UnsafeMutablePointer<FILE>) -> (width: Int, height: Int)? {
        guard let entries = tiffEntries(head, file: file) else { return nil }
        guard let width = entries.first(where: { $0.tag == 256 })?.value, let height = entries.first(where: { $0.tag == 257 })?.value
        else { return nil }
        return (width, height)
    }

    /// The entries of a TIFF file's first IFD (tag, and the value of a SHORT or LONG; 0 for
    /// other types). The IFD may lie anywhere in the file, so it is read from `file`.
    static func tiffEntries(_ head: [UInt8], file: UnsafeMutablePointer<FILE>) -> [(tag: Int, value: Int)]? {
        guard head.count >= 8 else { return nil }
        let little: Bool
        switch (head[0], head[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ b: [UInt8], _ i: Int) -> Int { little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1]) }
        func u32(_ b: [UInt8], _ i: Int) -> Int { little ? u16(b, i) | u16(b, i + 2) << 16 : u16(b, i) << 16 | u16(b, i + 2) }
        guard u16(head, 2) == 42 else { return nil } // 43 is BigTIFF: left to the loader
        let offset = u32(head, 4)
        guard offset >= 8, fseeko(file, off_t(offset), SEEK_SET) == 0 else { return nil }
        let capacity = 2 + 12 * 64
        var ifd = [UInt8](repeating: 0, count: capacity)
        let count = ifd.withUnsafeMutableBytes { fread($0.baseAddress, 1, capacity, file) }
        guard count >= 2 else { return nil }
        return (0..<min(u16(ifd, 0), (count - 2) / 12)).map { index in
            let at = 2 + 12 * index
            let value =
                switch u16(ifd, at + 2) {
                case 3: u16(ifd, at + 8) // SHORT
                case 4: u32(ifd, at + 8) // LONG
                default: 0
                }
            return (u16(ifd, at), value)
        }
    }

    /// JPEG 2000: a bare codestream's SIZ segment (right after SOC: the reference grid's size
    /// less its offsets), or a JP2 file's `ihdr` box (height, then width), which comes within
    /// its first boxes.
    static func jpeg2000(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        if bytes.count >= 24, bytes[0..<4] == [0xFF, 0x4F, 0xFF, 0x51] {
            return (be32(8) - be32(16), be32(12) - be32(20))
        }
        let signature: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        guard bytes.count >= 12, Array(bytes[0..<12]) == signature else { return nil }
        let ihdr = Array("ihdr".utf8)
        guard let at = (12..<max(12, bytes.count - 12)).first(where: { Array(bytes[$0..<$0 + 4]) == ihdr }) else { return nil }
        return (be32(at + 8), be32(at + 4))
    }

    /// XPM (version 3, C syntax; gdk-pixbuf's loader wants "/* XPM */" first): the first
    /// string holds "width height colours chars-per-pixel".
    static func xpm(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let marker = Array("/* XPM */".utf8)
        guard bytes.count > marker.count, Array(bytes[0..<marker.count]) == marker,
            let open = bytes[marker.count...].firstIndex(of: 0x22)
        else { return nil }
        let values = bytes[(open + 1)...].prefix { $0 != 0x22 && $0 != 0x0A }
        let numbers = String(decoding: values, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(2).compactMap {
            Int($0)
        }
        guard numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1])
    }
}
