import CGLib
import GObjectSupport
import IroCore

/// PNG: the IEND chunk at the end, and every row written.
///
/// gdk-pixbuf's incremental PNG loader accepts a file cut short, and also a stream whose
/// compressed data stops before the last row (libpng's "Not enough image data" is only a
/// warning when reading progressively), leaving the rows it never got black: a 100-byte
/// PNG then "decodes" to 16000 × 16000 pixels. Such a file can still end with IEND, so
/// the rows the loader reports through "area-updated" are counted too. Every pass of an
/// interlaced PNG reports its rows, so a whole image has all its rows reported.
final class PNGIntegrity: IntegrityCheck {
    /// IEND chunk: length 0, "IEND", CRC AE 42 60 82.
    static let trailer: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    private let rows: RowCoverage
    private var tail: [UInt8] = []

    init(height: Int) { rows = RowCoverage(height: height) }

    func follow(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) {
        onSignalAnyThread(raw(loader), "area-updated") { [rows] (_: Int32, y: Int32, _: Int32, height: Int32) in
            rows.add(y: Int(y), height: Int(height))
        }
    }

    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        tail = Array((tail + bytes.suffix(Self.trailer.count)).suffix(Self.trailer.count))
    }

    func problemAfterDecoding() -> String? {
        if tail != Self.trailer { return trNoop("the PNG data ends early") }
        if let row = rows.firstMissingRow { return "the PNG image data stops before row \(row + 1) of \(rows.height)" }
        return nil
    }
}

/// Which rows of an image a loader has written.
final class RowCoverage: @unchecked Sendable {
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
}
