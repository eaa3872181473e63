import Glibc
import IroCore

/// BMP, PNM, WebP, ANI and ICO: the file is at least as long as its header says the
/// image data is. Their loaders return a file cut short with the missing part black or
/// transparent, and a 60-byte BMP declaring 16000 × 16000 would otherwise make a
/// gigabyte of black pixels out of nothing, so this is judged before decoding. The
/// lengths are lower bounds a whole file always meets (a last row without its padding
/// passes).
final class DeclaredLength: IntegrityCheck {
    let format: String

    init(format: String) { self.format = format }

    func problemBeforeDecoding(source: ImageSource, fileSize: Int64) -> String? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 1024, file) }
        guard let needed = Self.length(of: format, head: Array(head[0..<count])), fileSize < Int64(needed) else { return nil }
        return "the \(format.uppercased()) data ends early: \(fileSize) of at least \(needed) bytes"
    }

    /// The bytes a whole file of `format` with this head holds at least; nil when the head
    /// does not say.
    static func length(of format: String, head: [UInt8]) -> Int? {
        switch format {
        case "bmp": bmpLength(head)
        case "pnm": pnmLength(head)
        case "webp", "ani": riffLength(head)
        case "ico": icoLength(head)
        default: nil
        }
    }

    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }

    /// Uncompressed BMP (BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS): pixel data starts at
    /// the offset the file header gives and holds |height| rows of 4-byte aligned width.
    static func bmpLength(_ b: [UInt8]) -> Int? {
        guard b.count >= 26, b[0] == 0x42, b[1] == 0x4D else { return nil }
        let dibSize = le32(b, 14)
        var width: Int, height: Int, bits: Int, compression = 0
        if dibSize == 12 { // OS/2 BITMAPCOREHEADER
            width = le16(b, 18)
            height = le16(b, 20)
            bits = le16(b, 24)
        } else if dibSize >= 40, b.count >= 34 {
            width = Int(Int32(truncatingIfNeeded: le32(b, 18)))
            height = Int(Int32(truncatingIfNeeded: le32(b, 22)))
            bits = le16(b, 28)
            compression = le32(b, 30)
        } else {
            return nil
        }
        height = abs(height) // negative: stored top-down
        guard [0, 3, 6].contains(compression), [1, 4, 8, 16, 24, 32].contains(bits),
            width > 0, height > 0, width <= 1 << 20, height <= 1 << 20
        else { return nil }
        let start = max(le32(b, 10), 14 + dibSize)
        let stride = (width * bits + 31) / 32 * 4
        return start + stride * (height - 1) + (width * bits + 7) / 8
    }

    /// PNM: binary P4/P5/P6 hold exactly their rows; ASCII P1/P2/P3 at least one
    /// character per sample (P1) or a digit and a separator per sample (P2, P3).
    static func pnmLength(_ b: [UInt8]) -> Int? {
        guard b.count >= 3, b[0] == 0x50, (0x31...0x36).contains(b[1]) else { return nil }
        let kind = Int(b[1] - 0x30)
        var index = 2
        /// The next decimal number, skipping whitespace and # comments.
        func number() -> Int? {
            while index < b.count {
                if b[index] == 0x23 {
                    while index < b.count, b[index] != 0x0A, b[index] != 0x0D { index += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(b[index]) {
                    index += 1
                } else {
                    break
                }
            }
            var value = 0, digits = 0
            while index < b.count, (0x30...0x39).contains(b[index]), digits < 9 {
                value = value * 10 + Int(b[index] - 0x30)
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        guard let width = number(), let height = number(), width > 0, height > 0 else { return nil }
        var maxValue = 1
        if kind != 1 && kind != 4 {
            guard let value = number(), value > 0 else { return nil }
            maxValue = value
        }
        guard index < b.count else { return nil } // header runs past what was read
        let dataStart = index + 1 // one whitespace character ends the header
        let channels = (kind == 3 || kind == 6) ? 3 : 1
        let samples = width * height * channels
        switch kind {
        case 4: return dataStart + (width + 7) / 8 * height
        case 5, 6: return dataStart + samples * (maxValue > 255 ? 2 : 1)
        case 1: return index + samples
        default: return dataStart + 2 * samples - 1
        }
    }

    /// RIFF (WebP, ANI): the size field counts the bytes after the first eight.
    static func riffLength(_ b: [UInt8]) -> Int? {
        guard b.count >= 12, Array(b[0..<4]) == Array("RIFF".utf8) else { return nil }
        return 8 + le32(b, 4)
    }

    /// ICO/CUR: every image the directory lists lies inside the file.
    static func icoLength(_ b: [UInt8]) -> Int? {
        guard b.count >= 6, le16(b, 0) == 0, [1, 2].contains(le16(b, 2)) else { return nil }
        let entries = le16(b, 4)
        guard entries > 0, b.count >= 6 + 16 * entries else { return nil }
        return (0..<entries).map { 6 + 16 * $0 }.map { le32(b, $0 + 12) + le32(b, $0 + 8) }.max()
    }
}
