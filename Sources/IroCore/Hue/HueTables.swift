/// The hue matrix as nine 256-entry fixed-point tables, so a channel costs three look-ups
/// and two adds and no floating point (on GTK's software renderers this is far cheaper
/// than GSK's colour-matrix node, which costs ~100 ms a 1080p frame on cairo).
///
/// Entry `table(i, j)[v]` is `rows[i][j] × v` in 16.16 fixed point. Because the matrix is
/// linear with no offset, it commutes with premultiplication: applied to premultiplied
/// channels it gives the premultiplied result, which only needs clamping to [0, alpha].
public struct HueTables: Sendable {
    /// 16 fractional bits: each entry is off by at most 2⁻¹⁷ of a level, so the sum of three
    /// rounds to the same byte as the exact value nearly always (and within one level
    /// always), and |sum| < 3 × 255 × 2 × 2¹⁶ stays far inside Int32.
    static let fractionBits: Int32 = 16
    static let half: Int32 = 1 << (fractionBits - 1)

    /// 9 × 256 entries; table (i, j) starts at (i × 3 + j) × 256.
    let entries: [Int32]
    /// The identity copies bytes; worth knowing to skip the work altogether.
    public let isIdentity: Bool

    init(rows: [[Double]]) {
        var entries = [Int32](repeating: 0, count: 9 * 256)
        var identity = true
        let one = Double(Int32(1) << Self.fractionBits)
        for i in 0..<3 {
            for j in 0..<3 {
                let coefficient = rows.indices.contains(i) && rows[i].indices.contains(j) ? rows[i][j] : 0
                let finite = coefficient.isFinite ? coefficient : 0
                if finite != (i == j ? 1 : 0) { identity = false }
                let base = (i * 3 + j) * 256
                for v in 0..<256 {
                    entries[base + v] = Int32((finite * Double(v) * one).rounded())
                }
            }
        }
        self.entries = entries
        isIdentity = identity
    }

    /// Applies the tables to `count` pixels in place.
    public func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int, layout: PixelLayout) {
        guard count > 0, !isIdentity, !count.multipliedReportingOverflow(by: layout.bytesPerPixel).overflow else { return }
        process(from: UnsafePointer(pixels), to: pixels, count: count, layout: layout)
    }

    /// Reads rows `rows` of `source` and writes the same rows of `destination`; both buffers
    /// have `height` rows of `stride` bytes, each holding `width` pixels in `layout`. The
    /// source is never written (unless it is the destination), so callers can split the row
    /// range across threads over a shared, immutable source. Bad geometry does nothing.
    public func apply(
        layout: PixelLayout,
        from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
        stride: Int, width: Int, height: Int, rows: Range<Int>
    ) {
        let rowBytes = width.multipliedReportingOverflow(by: layout.bytesPerPixel)
        guard width > 0, height > 0, !rowBytes.overflow, stride >= rowBytes.partialValue else { return }
        let rows = rows.clamped(to: 0..<height)
        for row in rows {
            let offset = row.multipliedReportingOverflow(by: stride)
            guard !offset.overflow else { return }
            let input = source + offset.partialValue
            let output = destination + offset.partialValue
            if isIdentity {
                if UnsafeMutablePointer(mutating: input) != output {
                    output.update(from: input, count: rowBytes.partialValue)
                }
            } else {
                process(from: input, to: output, count: width, layout: layout)
            }
        }
    }

    /// Dispatches to a loop specialised for the layout's constant offsets, so the inner
    /// loop indexes with literals rather than loads.
    func process(
        from input: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>,
        count: Int, layout: PixelLayout
    ) {
        entries.withUnsafeBufferPointer { table in
            switch layout {
            case .bgraPremultiplied:
                Self.loop(table, input, output, count, bpp: 4, r: 2, g: 1, b: 0, a: 3, premultiplied: true)
            case .rgbaPremultiplied:
                Self.loop(table, input, output, count, bpp: 4, r: 0, g: 1, b: 2, a: 3, premultiplied: true)
            case .rgba:
                Self.loop(table, input, output, count, bpp: 4, r: 0, g: 1, b: 2, a: 3, premultiplied: false)
            case .rgb:
                Self.loop(table, input, output, count, bpp: 3, r: 0, g: 1, b: 2, a: nil, premultiplied: false)
            default:
                Self.loop(
                    table, input, output, count, bpp: layout.bytesPerPixel,
                    r: layout.redIndex, g: layout.greenIndex, b: layout.blueIndex,
                    a: layout.alphaIndex, premultiplied: layout.isPremultiplied)
            }
        }
    }

    @inline(__always)
    private static func loop(
        _ table: UnsafeBufferPointer<Int32>,
        _ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>,
        _ count: Int, bpp: Int, r: Int, g: Int, b: Int, a: Int?, premultiplied: Bool
    ) {
        var p = 0
        let end = count * bpp
        while p < end {
            let red = Int(input[p + r]), green = Int(input[p + g]), blue = Int(input[p + b])
            // Premultiplied colour can never exceed its alpha; straight colour can reach 255.
            let limit: Int32 = premultiplied ? Int32(a.map { input[p + $0] } ?? 255) : 255
            let newRed = channel(table, 0, red, green, blue, limit)
            let newGreen = channel(table, 3 * 256, red, green, blue, limit)
            let newBlue = channel(table, 6 * 256, red, green, blue, limit)
            output[p + r] = newRed
            output[p + g] = newGreen
            output[p + b] = newBlue
            if let a, input != UnsafePointer(output) { output[p + a] = input[p + a] }
            p += bpp
        }
    }

    @inline(__always)
    private static func channel(
        _ table: UnsafeBufferPointer<Int32>, _ row: Int,
        _ red: Int, _ green: Int, _ blue: Int, _ limit: Int32
    ) -> UInt8 {
        let sum = table[row + red] &+ table[row + 256 + green] &+ table[row + 512 + blue]
        let value = (sum &+ half) >> fractionBits
        return UInt8(truncatingIfNeeded: min(max(value, 0), limit))
    }
}
