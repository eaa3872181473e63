/// A JPEG's marker segments before its image data, walked and filtered: a lossless edit
/// keeps every marker of the original, and two of them can still hold the old picture.
enum JPEGSegments {
    /// `bytes` without the segments before the first scan for which `drop(marker, body)` is
    /// true; the bytes as they are when they are no JPEG or its markers do not parse.
    static func removing(from bytes: [UInt8], where drop: (UInt8, ArraySlice<UInt8>) -> Bool) -> [UInt8] {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return bytes }
        var kept: [UInt8] = [0xFF, 0xD8]
        kept.reserveCapacity(bytes.count)
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            // The first scan: the rest is image data, kept whole.
            if marker == 0xDA { break }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return bytes }
            let body = bytes[(at + 4)..<(at + 2 + length)]
            if !drop(marker, body) { kept += bytes[at..<(at + 2 + length)] }
            at += 2 + length
        }
        guard at < bytes.count, bytes[at] == 0xFF else { return bytes }
        return kept + bytes[at...]
    }

    /// The segments that hold other pictures of the original: Photoshop's resources (APP13:
    /// its thumbnail, beside IPTC, which Exiv2 writes again) and the Multi-Picture Format's
    /// index (APP2 "MPF": offsets of images a transform does not carry).
    static func withoutOldPictures(_ bytes: [UInt8]) -> [UInt8] {
        removing(from: bytes) { marker, body in
            marker == 0xED || (marker == 0xE2 && body.starts(with: Array("MPF\0".utf8)))
        }
    }
}
