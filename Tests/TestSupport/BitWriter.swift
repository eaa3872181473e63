/// Packs values into bytes least significant bit first, as GIF's LZW codes and WebP's
/// lossless bitstream both store them.
public struct BitWriter {
    public private(set) var bytes: [UInt8] = []
    private var accumulator = 0
    private var count = 0

    public init() {}

    /// Appends the low `width` bits of `value`.
    public mutating func write(_ value: Int, bits width: Int) {
        accumulator |= (value & ((1 << width) - 1)) << count
        count += width
        while count >= 8 {
            bytes.append(UInt8(accumulator & 0xFF))
            accumulator >>= 8
            count -= 8
        }
    }

    /// The bytes written, the last one padded with zero bits.
    public var finished: [UInt8] { count > 0 ? bytes + [UInt8(accumulator & 0xFF)] : bytes }
}
