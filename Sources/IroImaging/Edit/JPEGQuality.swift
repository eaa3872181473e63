/// The quality (1…100) a JPEG was most likely saved with, on libjpeg's (IJG's) scale, read
/// from its quantisation tables: an edit that must be recompressed is saved at it, neither
/// bloating the file nor losing more than the original did.
///
/// libjpeg, and the many encoders built on it (gdk-pixbuf, GIMP, ImageMagick, most cameras'
/// "fine" modes come close), scale one standard luminance table by the quality
/// (`jpeg_quality_scaling`, `jpeg_add_quant_table`); the estimate is the quality whose scaled
/// table is nearest the file's. Other encoders' tables get the nearest quality too.
public enum JPEGQuality {
    /// Nil when `bytes` holds no readable quantisation table.
    public static func estimate(ofJPEG bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { estimate($0) }
    }

    static func estimate(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let header = JPEGHeader.read(bytes) else { return nil }
        // The luminance table is the first component's (a grey JPEG has only that one).
        let components = header.frame?.components ?? []
        let lumaNumber = components.first?.table ?? 0
        guard let luma = header.tables[lumaNumber] else { return nil }
        // Ties (rare: at the lowest qualities, where most steps are clamped) go to the
        // chrominance table, when the file has a second one.
        let chroma = components.count > 1 ? header.tables[components[1].table].flatMap { $0.values == luma.values ? nil : $0 } : nil
        // The standard tables in the file's (zigzag) order.
        let lumaBase = zigzag.map { luminance[$0] }, chromaBase = zigzag.map { chrominance[$0] }
        var best = (quality: 0, distance: Int.max, chromaDistance: Int.max)
        for quality in 1...100 {
            let distance = Self.distance(luma, from: lumaBase, quality: quality)
            let chromaDistance = chroma.map { Self.distance($0, from: chromaBase, quality: quality) } ?? 0
            if (distance, chromaDistance) < (best.distance, best.chromaDistance) { best = (quality, distance, chromaDistance) }
        }
        return best.quality
    }

    /// libjpeg's step for `base` at `quality`: scaled by 5000 / q below 50 and 200 − 2q from
    /// there, rounded, kept within 1…255 — or 1…32767 in a file that stores 16-bit steps (an
    /// encoder not forcing baseline tables).
    static func step(_ base: Int, quality: Int, isWide: Bool) -> Int {
        let scale = quality < 50 ? 5000 / quality : 200 - 2 * quality
        return min(max((base * scale + 50) / 100, 1), isWide ? 32767 : 255)
    }

    /// How far the file's table is from libjpeg's scaling of `base` (in the same order) at
    /// `quality`: the sum of the steps' differences.
    private static func distance(_ table: JPEGHeader.Table, from base: [Int], quality: Int) -> Int {
        var sum = 0
        for index in 0..<64 { sum += abs(table.values[index] - step(base[index], quality: quality, isWide: table.isWide)) }
        return sum
    }

    /// Where the nth step a file stores (zigzag order) sits in the 8 × 8 block, row by row
    /// (libjpeg's `jpeg_natural_order`).
    static let zigzag = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55,
        62, 63,
    ]

    /// The JPEG standard's tables (ITU T.81, Annex K), which libjpeg scales: natural order.
    static let luminance = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112,
        100, 103, 99,
    ]
    static let chrominance =
        [
            17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
        ] + [Int](repeating: 99, count: 32)
}
