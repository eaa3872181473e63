/// An embedded ICC profile measured from its own tag table before Little CMS reads it. Little
/// CMS allocates a colour table (CLUT) of the size a lookup tag declares, and zero-fills it,
/// before it reads a byte of it: a 300-byte profile whose lut16 declares 255 grid points over
/// three inputs cost about 500 MB before its read failed. So the tables are counted here first
/// (ICC.1:2010: a 128-byte header, a tag count, then each tag's signature, offset and size),
/// and a profile whose tables are too large, or whose tags lie past its end, is not used: its
/// pixels are shown as they are, as for any profile that cannot be read.
enum ICCProfileBounds {
    /// The most samples a profile's colour table may hold: 2²³ (8.4 million), 16 MB as the
    /// 16-bit values Little CMS keeps them in. The finest tables in real profiles are a
    /// printer's, 33 grid points over four inks into three outputs: 3.6 million samples.
    static let maxTableSamples = 1 << 23

    /// Why `profile` should not reach Little CMS, or nil when it may.
    static func problem(in profile: [UInt8]) -> String? {
        // Little CMS takes the smaller of the declared size and the bytes there are.
        let length = profile.count >= 4 ? min(profile.count, be32(profile, 0)) : profile.count
        guard length >= 132 else { return "it has \(length) bytes, too few for a tag table" }
        let count = be32(profile, 128)
        guard count <= (length - 132) / 12 else { return "its \(count) tags do not fit in its \(length) bytes" }
        for index in 0..<count {
            let entry = 132 + 12 * index
            let signature = fourCC(profile, entry), offset = be32(profile, entry + 4), size = be32(profile, entry + 8)
            guard offset <= length, size <= length - offset else {
                return "tag \(signature) runs past the end of its \(length) bytes"
            }
            let samples = tableSamples(profile, at: offset, end: profile.count)
            guard samples <= maxTableSamples else {
                return "tag \(signature) declares a colour table of \(samples == .max ? "too many" : String(samples)) samples"
            }
        }
        return nil
    }

    /// How many samples the colour table of a lookup tag at `start` declares: grid points to
    /// the power of its inputs (per input for lutAtoB, lutBtoA and a multi-process CLUT), times
    /// its outputs; 0 for other tags and for what cannot be read before `end` (which Little CMS
    /// cannot read either); `Int.max` past that. Little CMS reads a tag's parts wherever in
    /// the profile their offsets point, not only within the tag's declared size: so is this.
    private static func tableSamples(_ bytes: [UInt8], at start: Int, end: Int) -> Int {
        guard end - start >= 12 else { return 0 }
        let inputs = Int(bytes[start + 8]), outputs = Int(bytes[start + 9])
        switch fourCC(bytes, start) {
        case "mft1", "mft2": // lut8Type and lut16Type: one grid size for every input, at byte 10
            return product(Array(repeating: Int(bytes[start + 10]), count: inputs), outputs)
        case "mAB ", "mBA ": // the CLUT's offset at byte 24; its 16 bytes of grid points first
            guard end - start >= 28 else { return 0 }
            let clut = start + be32(bytes, start + 24)
            guard clut > start, clut <= end - 16 else { return 0 }
            return inputs > 16 ? .max : product(bytes[clut..<(clut + inputs)].map(Int.init), outputs)
        case "mpet": // multiProcessElementsType: each element's offset and size from byte 16
            guard end - start >= 16 else { return 0 }
            var total = 0
            for element in 0..<min(be32(bytes, start + 12), (end - start - 16) / 8) {
                let at = start + be32(bytes, start + 16 + 8 * element)
                guard at <= end - 28, fourCC(bytes, at) == "clut" else { continue }
                let clutInputs = be16(bytes, at + 8), clutOutputs = be16(bytes, at + 10)
                let samples = clutInputs > 16 ? Int.max : product(bytes[(at + 12)..<(at + 12 + clutInputs)].map(Int.init), clutOutputs)
                total = total.addingReportingOverflow(samples).overflow ? .max : total + samples
            }
            return total
        default:
            return 0
        }
    }

    /// `outputs` times every grid size, `Int.max` when that overflows.
    private static func product(_ grid: [Int], _ outputs: Int) -> Int {
        grid.reduce(outputs) { total, points in
            let (result, overflow) = total.multipliedReportingOverflow(by: points)
            return overflow ? .max : result
        }
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private static func be16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    private static func fourCC(_ bytes: [UInt8], _ at: Int) -> String { String(decoding: bytes[at..<(at + 4)], as: UTF8.self) }
}
