/// The EXIF Orientation tag (1–8) of a JPEG, read from its APP1 "Exif" segment: the
/// TIFF structure in it, IFD0, tag 0x0112. Every offset is checked against the bytes, so
/// a broken segment means "upright" (1), never a crash.
enum JPEGOrientation {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF {
                at += 1 // fill byte
                continue
            }
            // The image data starts: no EXIF after this point.
            if marker == 0xDA || marker == 0xD9 { return 1 }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return 1 }
            let body = UnsafeBufferPointer(rebasing: bytes[(at + 4)..<(at + 2 + length)])
            if marker == 0xE1, let orientation = exif(body) { return orientation }
            at += 2 + length
        }
        return 1
    }

    /// "Exif\0\0", then a TIFF header and IFD0.
    private static func exif(_ body: UnsafeBufferPointer<UInt8>) -> Int? {
        let signature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard body.count >= 14, body.prefix(6).elementsEqual(signature) else { return nil }
        let tiff = UnsafeBufferPointer(rebasing: body[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let low = u16(little ? i : i + 2), let high = u16(little ? i + 2 : i) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for index in 0..<min(entries, 512) {
            let entry = ifd + 2 + 12 * index
            guard let tag = u16(entry) else { return nil }
            // SHORT, one value, stored in the entry itself.
            if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8) {
                return (1...8).contains(value) ? value : 1
            }
        }
        return nil
    }
}
