import Glibc
import IroCore

/// Follows a JPEG stream's markers as it is read: whether it reached its end (EOI), and
/// what kind of frame it holds. Segments are skipped by their lengths (so an EXIF
/// thumbnail's own EOI does not count), entropy-coded data up to the next marker that is
/// not a stuffed byte or a restart marker; anything after EOI (phones append data there)
/// is ignored.
struct JPEGMarkerScanner {
    private enum State {
        case start, marker, code, lengthHigh
        case lengthLow(high: UInt8)
        case skip(Int, thenEntropy: Bool)
        case entropy, entropyFF, ended
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
                guard bytes[i] == 0xFF else {
                    state = .notFollowed
                    return
                } // SOI is FF D8
                state = .code
                i += 1
            case .marker:
                if bytes[i] == 0xFF { state = .code }
                i += 1 // junk between segments is skipped
            case .code:
                let code = bytes[i]
                i += 1
                switch code {
                case 0xFF: break // fill byte
                case 0xD9: state = .ended
                case 0xD8, 0x01, 0xD0...0xD7: state = .marker
                default:
                    segmentIsScan = code == 0xDA
                    if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) { // not DHT, JPG, DAC
                        hasFrame = true
                        isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
                    }
                    state = .lengthHigh
                }
            case .lengthHigh:
                state = .lengthLow(high: bytes[i])
                i += 1
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
                case 0x00, 0xD0...0xD7:
                    state = .entropy
                    i += 1 // stuffed 0xFF or restart marker
                case 0xFF: i += 1 // fill
                default: state = .code // a marker: SOS, DHT, EOI…
                }
            }
        }
    }
}

extension JPEGMarkerScanner {
    /// The markers of `source`, read while `more` says so (by default to its end); nil if
    /// it cannot be read.
    static func scan(_ source: ImageSource, while more: (JPEGMarkerScanner) -> Bool = { _ in true }) -> JPEGMarkerScanner? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var scanner = JPEGMarkerScanner()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while more(scanner) {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { return ferror(file) == 0 ? scanner : nil }
            buffer.withUnsafeBufferPointer { scanner.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        return scanner
    }
}
