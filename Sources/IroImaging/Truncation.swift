import CGtk
import GObjectSupport
import IroCore

/// Whether a file holds all the data its header promises.
///
/// Several gdk-pixbuf loaders accept a file cut short and return the image with the
/// missing part black or transparent: BMP, PNM, WebP, ANI, ICO and (from a size
/// on) JPEG, besides PNG, whose IEND chunk the decoder checks. SPEC A7 wants such a
/// file called damaged, not shown as if it were whole; and a 60-byte BMP declaring
/// 16000 × 16000 would otherwise make a gigabyte of black pixels out of nothing.
/// The checks are lower bounds that a whole file always meets (a last row without
/// its padding passes), so they cannot refuse a file the loader reads in full.
enum Truncation {
    /// What is missing, judged from the header and the file's size before any pixel
    /// is decoded; nil when the file is long enough or the format is not checked here.
    static func shortfall(path: RawPath, formatName: String, fileSize: Int64) -> String? {
        guard ["bmp", "pnm", "webp", "ani", "ico"].contains(formatName),
              let file = path.withCString({ fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 1024, file) }
        let bytes = Array(head[0..<count])
        let needed: Int?
        switch formatName {
        case "bmp": needed = bmpLength(bytes)
        case "pnm": needed = pnmLength(bytes)
        case "webp", "ani": needed = riffLength(bytes)
        default: needed = icoLength(bytes)
        }
        guard let needed, fileSize < Int64(needed) else { return nil }
        return "the \(formatName.uppercased()) data ends early: \(fileSize) of at least \(needed) bytes"
    }

    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }

    /// Uncompressed BMP (BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS): pixel data starts at
    /// the offset the file header gives and holds |height| rows of 4-byte aligned width.
    static func bmpLength(_ b: [UInt8]) -> Int? {
        guard b.count >= 26, b[0] == 0x42, b[1] == 0x4D else { return nil }
        let dibSize = le32(b, 14)
        var width: Int, height: Int, bits: Int, compression = 0
        if dibSize == 12 {                       // OS/2 BITMAPCOREHEADER
            width = le16(b, 18); height = le16(b, 20); bits = le16(b, 24)
        } else if dibSize >= 40, b.count >= 34 {
            width = Int(Int32(truncatingIfNeeded: le32(b, 18)))
            height = Int(Int32(truncatingIfNeeded: le32(b, 22)))
            bits = le16(b, 28); compression = le32(b, 30)
        } else {
            return nil
        }
        height = abs(height)                      // negative: stored top-down
        guard [0, 3, 6].contains(compression), [1, 4, 8, 16, 24, 32].contains(bits),
              width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else { return nil }
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
                value = value * 10 + Int(b[index] - 0x30); index += 1; digits += 1
            }
            return digits > 0 ? value : nil
        }
        guard let width = number(), let height = number(), width > 0, height > 0 else { return nil }
        var maxValue = 1
        if kind != 1 && kind != 4 {
            guard let value = number(), value > 0 else { return nil }
            maxValue = value
        }
        guard index < b.count else { return nil }     // header runs past what was read
        let dataStart = index + 1                      // one whitespace character ends the header
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

/// Follows a JPEG stream's markers as it is read, to tell whether it reached its end
/// (EOI). libjpeg fills a JPEG cut short with grey and gdk-pixbuf then reports
/// success for all but the smallest images. Segments are skipped by their lengths
/// (so an EXIF thumbnail's own EOI does not count), entropy-coded data up to the next
/// marker that is not a stuffed byte or a restart marker; anything after EOI (phones
/// append data there) is ignored.
struct JPEGEndScanner {
    private enum State {
        case start, marker, code, lengthHigh, lengthLow(high: UInt8), skip(Int, thenEntropy: Bool), entropy, entropyFF, ended
        /// Does not start with a marker: not followed, left to the loader to judge.
        case notFollowed
    }
    private var state = State.start
    private var segmentIsScan = false
    /// A frame header (SOFn) went by; it comes before any image data.
    private(set) var hasFrame = false
    /// That frame is progressive (SOF2, SOF6, SOF10 or SOF14).
    private(set) var isProgressive = false
    /// False while the stream has not reached EOI (true for a stream it does not follow).
    var isComplete: Bool {
        switch state {
        case .ended, .notFollowed: true
        default: false
        }
    }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = bytes.count
        while i < n {
            switch state {
            case .ended, .notFollowed:
                return
            case .start:
                guard bytes[i] == 0xFF else { state = .notFollowed; return }     // SOI is FF D8
                state = .code
                i += 1
            case .marker:
                if bytes[i] == 0xFF { state = .code }
                i += 1                                   // junk between segments is skipped
            case .code:
                let code = bytes[i]
                i += 1
                switch code {
                case 0xFF: break                         // fill byte
                case 0xD9: state = .ended
                case 0xD8, 0x01, 0xD0...0xD7: state = .marker
                default:
                    segmentIsScan = code == 0xDA
                    if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {   // not DHT, JPG, DAC
                        hasFrame = true
                        isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
                    }
                    state = .lengthHigh
                }
            case .lengthHigh:
                state = .lengthLow(high: bytes[i]); i += 1
            case .lengthLow(let high):
                let length = Int(high) << 8 | Int(bytes[i])
                i += 1
                state = .skip(max(0, length - 2), thenEntropy: segmentIsScan)
            case .skip(let left, let thenEntropy):
                let step = min(left, n - i)
                i += step
                if step == left { state = thenEntropy ? .entropy : .marker } else { state = .skip(left - step, thenEntropy: thenEntropy) }
            case .entropy:
                // Jump to the next 0xFF.
                if let found = memchr(bytes.baseAddress! + i, 0xFF, n - i) {
                    i = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    state = .entropyFF
                } else {
                    i = n
                }
            case .entropyFF:
                let code = bytes[i]
                switch code {
                case 0x00, 0xD0...0xD7: state = .entropy; i += 1   // stuffed 0xFF or restart marker
                case 0xFF: i += 1                                    // fill
                default: state = .code                               // a marker: SOS, DHT, EOI…
                }
            }
        }
    }
}

extension JPEGEndScanner {
    /// The markers of the file at `path`, read while `more` says so (by default to its
    /// end); nil if it cannot be read.
    static func scan(path: RawPath, while more: (JPEGEndScanner) -> Bool = { _ in true }) -> JPEGEndScanner? {
        guard let file = path.withCString({ fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var scanner = JPEGEndScanner()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while more(scanner) {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { return ferror(file) == 0 ? scanner : nil }
            buffer.withUnsafeBufferPointer { scanner.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        return scanner
    }
}

/// Which rows of the image a loader has written, from its "area-updated" signal.
///
/// gdk-pixbuf's PNG loader takes a stream whose compressed data stops before the last
/// row (libpng's "Not enough image data" is only a warning when reading
/// progressively) and leaves the rows it never got black: a 100-byte PNG then
/// "decodes" to 16000 × 16000 pixels. The IEND check does not see it, since such a
/// file can end properly. Every pass of an interlaced PNG reports its rows, so a whole
/// image has all its rows reported.
final class RowCoverage {
    private var rows: [UInt64]
    let height: Int

    init(height: Int) {
        self.height = max(0, height)
        rows = [UInt64](repeating: 0, count: (self.height + 63) / 64)
    }

    func add(y: Int, height count: Int) {
        let start = max(0, y), end = min(height, y + max(0, count))
        guard start < end else { return }
        for row in start..<end { rows[row >> 6] |= 1 << UInt64(row & 63) }
    }

    /// The first row never written, or nil when all were.
    var firstMissingRow: Int? {
        for (index, word) in rows.enumerated() where word != .max {
            let row = index * 64 + (~word).trailingZeroBitCount
            return row < height ? row : nil
        }
        return nil
    }

    /// Follows `loader`'s "area-updated" until the loader is finalized; the loader
    /// keeps this object alive through the handler.
    func follow(_ loader: UnsafeMutableRawPointer) {
        onSignalAnyThread(loader, "area-updated") { [self] (_: Int32, y: Int32, _: Int32, height: Int32) in
            add(y: Int(y), height: Int(height))
        }
    }
}
