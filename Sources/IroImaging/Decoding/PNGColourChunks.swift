import CLcms2
import GObjectSupport
import Glibc
import IroCore

/// A PNG's colour space when it says so without an ICC profile (BEHAVIOUR A12): its gAMA
/// chunk (the transfer curve's exponent) and cHRM chunk (white point and primaries), made
/// into a matrix/TRC profile that `ColourProfile` converts from like any embedded one. An
/// sRGB chunk means sRGB, whatever else the file says; gAMA alone keeps sRGB's primaries
/// (as browsers read it), and a gamma of 1/2.2 alone is taken for sRGB itself.
enum PNGColourChunks {
    /// The profile the chunks before the image data describe; nil for sRGB, an iCCP chunk
    /// (the loader hands that profile over), or chunks that cannot be right.
    static func profile(of source: ImageSource) -> [UInt8]? {
        guard let chunks = read(source) else { return nil }
        return profile(gamma: chunks.gamma, chromaticities: chunks.chromaticities)
    }

    /// gAMA's value (gamma × 100 000) and cHRM's eight (white x, y, then red, green, blue).
    struct Chunks {
        var gamma: UInt32?
        var chromaticities: [UInt32]?
    }

    /// The colour chunks before IDAT; nil when there is an sRGB or iCCP chunk, or no PNG.
    static func read(_ source: ImageSource) -> Chunks? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var signature = [UInt8](repeating: 0, count: 8)
        guard fread(&signature, 1, 8, file) == 8, signature == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var chunks = Chunks()
        var head = [UInt8](repeating: 0, count: 8)
        while fread(&head, 1, 8, file) == 8 {
            let length = Int(bigEndian(head, at: 0))
            let type = String(decoding: head[4..<8], as: UTF8.self)
            switch type {
            case "IDAT", "IEND": return chunks
            case "sRGB", "iCCP": return nil
            case "gAMA", "cHRM":
                guard length == (type == "gAMA" ? 4 : 32) else { return nil }
                var payload = [UInt8](repeating: 0, count: length)
                guard fread(&payload, 1, length, file) == length, fseek(file, 4, SEEK_CUR) == 0 else { return nil }
                let values = stride(from: 0, to: length, by: 4).map { bigEndian(payload, at: $0) }
                if type == "gAMA" { chunks.gamma = values[0] } else { chunks.chromaticities = values }
            default:
                guard fseek(file, length + 4, SEEK_CUR) == 0 else { return nil }
            }
        }
        return chunks
    }

    private static func bigEndian(_ bytes: [UInt8], at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func profile(gamma: UInt32?, chromaticities: [UInt32]?) -> [UInt8]? {
        // Without gAMA the curve is unknown: cHRM alone changes nothing, as in browsers.
        guard let gamma else { return nil }
        // A file gamma of 0.45455 is sRGB's curve near enough, and sRGB's primaries go with it.
        if chromaticities == nil, (45_000...46_000).contains(gamma) { return nil }
        guard (10_000...1_000_000).contains(gamma) else {
            Log.debug("a PNG's gAMA of \(gamma) cannot be right; its colours are shown as they are")
            return nil
        }
        // sRGB's white point and primaries unless cHRM says otherwise (× 100 000).
        let xy = (chromaticities ?? [31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000]).map { Double($0) / 100_000 }
        guard xy.allSatisfy({ $0 > 0 && $0 < 1 }) else { return nil }
        var white = cmsCIExyY(x: xy[0], y: xy[1], Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: xy[2], y: xy[3], Y: 1), Green: cmsCIExyY(x: xy[4], y: xy[5], Y: 1),
            Blue: cmsCIExyY(x: xy[6], y: xy[7], Y: 1))
        // The file's samples are linear light raised to gAMA: the curve back is its inverse.
        guard let curve = cmsBuildGamma(nil, 100_000 / Double(gamma)) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }
}
