/// ICC profiles made byte by byte (ICC.1:2010): an RGB display profile with chosen tags, and
/// lookup tags that declare colour tables of any size with no tables behind them, as no
/// profiling tool would write them.
public enum ICCProfileFixture {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }

    /// A version 2.1 RGB display profile (PCS XYZ, D50) holding `tags` (signature, data), each
    /// at its offset in the tag table, 4-byte aligned.
    public static func profile(_ tags: [(signature: String, data: [UInt8])]) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(8..<12, with: [2, 0x10, 0, 0])
        header.replaceSubrange(12..<24, with: Array("mntrRGB XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        header.replaceSubrange(68..<80, with: be32(0xF6D6) + be32(0x1_0000) + be32(0xD32D)) // D50 in s15.16
        var table = be32(tags.count), data: [UInt8] = []
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, bytes) in tags {
            table += Array(signature.utf8) + be32(dataStart + data.count) + be32(bytes.count)
            data += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
        }
        header.replaceSubrange(0..<4, with: be32(128 + table.count + data.count))
        return header + table + data
    }

    /// The identity matrix of a lut8 or lut16 tag, in s15.16.
    static let identity = [1, 0, 0, 0, 1, 0, 0, 0, 1].flatMap { be32($0 << 16) }

    /// A lut16Type (`mft2`) or lut8Type (`mft1`) tag, `inputs` into `outputs` through a table
    /// of `gridPoints` a side, cut short after its input curves: Little CMS reads that far
    /// before it allocates the table (linear curves: 2 entries in a lut16, 256 in a lut8).
    public static func lut(_ type: String = "mft2", gridPoints: UInt8, inputs: UInt8 = 3, outputs: UInt8 = 3) -> [UInt8] {
        let curves =
            type == "mft2"
            ? be16(2) + be16(2) + (0..<Int(inputs)).flatMap { _ in be16(0) + be16(0xFFFF) }
            : (0..<Int(inputs)).flatMap { _ in (0...255).map { UInt8($0) } }
        return Array(type.utf8) + be32(0) + [inputs, outputs, gridPoints, 0] + identity + curves
    }

    /// A lutAtoBType (`mAB `) tag with only a colour table, of `gridPoints` a side over three
    /// inputs into three outputs, its grid points and precision and no samples.
    public static func lutAtoB(gridPoints: UInt8) -> [UInt8] {
        Array("mAB ".utf8) + be32(0) + [3, 3, 0, 0] + be32(0) + be32(0) + be32(0) + be32(32) + be32(0)
            + [gridPoints, gridPoints, gridPoints] + [UInt8](repeating: 0, count: 13) + [2, 0, 0, 0]
    }

    /// A multiProcessElementsType (`mpet`) tag of one `clut` element over three inputs into
    /// three outputs, its grid points and no samples.
    public static func multiProcess(gridPoints: UInt8) -> [UInt8] {
        let clut =
            Array("clut".utf8) + be32(0) + be16(3) + be16(3) + [gridPoints, gridPoints, gridPoints] + [UInt8](repeating: 0, count: 13)
        return Array("mpet".utf8) + be32(0) + be16(3) + be16(3) + be32(1) + be32(24) + be32(clut.count) + clut
    }
}
