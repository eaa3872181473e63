import GObjectSupport
import Glibc

/// The size a HEIF or AVIF file declares, from its boxes (ISO/IEC 23008-12, ISO base media
/// format), before any decoder sees it. gdk-pixbuf's HEIF loader decodes the whole image
/// before it says how large it is: a grid that declares 32767 × 32767 pixels in 16 384 tiles
/// kept the decoder busy for seconds, with nothing on screen, before the limits could refuse
/// it. This reads the `ispe` (image spatial extent) properties in `meta/iprp/ipco` and
/// returns the largest: the primary image's, or its grid's, which no tile, thumbnail or
/// auxiliary image exceeds. Malformed boxes end the search (nil: the loader then judges the
/// file, as before). A file whose items are made from themselves (`HEIFItemReferences`) has
/// no size either: `HEIFDecoding.header` refuses it as damaged before libheif sees it.
enum HEIFDeclaredSize {
    /// Brands of still images in the HEIF family (HEIC, AVIF and their variants).
    static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "mif2", "msf1", "avif", "avis"]
    /// A `meta` box larger than this is left to the loader (a 16 384-tile grid's is under 1 MB).
    static let maximumMetaBytes = 8 << 20

    static func read(_ head: [UInt8], file: UnsafeMutablePointer<FILE>) -> (width: Int, height: Int)? {
        guard isHEIF(head), let meta = topLevelBox("meta", in: file) else { return nil }
        if let loop = HEIFItemReferences.loop(in: meta) {
            Log.debug("a HEIF image is made from itself (items \(loop.map(String.init).joined(separator: " → "))); refused")
            return nil
        }
        // `meta` is a full box: version and flags come before its children.
        guard meta.count >= 4, let properties = child("iprp", of: meta, in: 4..<meta.count).flatMap({ child("ipco", of: meta, in: $0) })
        else { return nil }
        var largest: (width: Int, height: Int)?
        var at = properties.lowerBound
        while let box = box(in: meta, at: at, end: properties.upperBound) {
            if box.type == "ispe", box.content.count >= 12 {
                let width = be32(meta, box.content.lowerBound + 4), height = be32(meta, box.content.lowerBound + 8)
                // In Double: two 32-bit sides multiply past Int's range.
                if Double(width) * Double(height) > largest.map({ Double($0.width) * Double($0.height) }) ?? -1 {
                    largest = (width, height)
                }
            }
            at = box.end
        }
        return largest
    }

    /// An `ftyp` box first, whose major or a compatible brand is a HEIF still image's.
    static func isHEIF(_ head: [UInt8]) -> Bool {
        guard head.count >= 16, let first = box(in: head, at: 0, end: head.count), first.type == "ftyp" else { return false }
        var at = first.content.lowerBound
        let end = min(first.end, head.count)
        var candidates = [at]
        at += 8 // the major brand and the minor version
        while at + 4 <= end {
            candidates.append(at)
            at += 4
        }
        return candidates.contains { brands.contains(fourCC(head, $0)) }
    }

    /// The content of the first top-level box named `type`, read from the file.
    private static func topLevelBox(_ type: String, in file: UnsafeMutablePointer<FILE>) -> [UInt8]? {
        var offset: off_t = 0
        for _ in 0..<64 { // top-level boxes: ftyp, meta, mdat, a few more
            guard fseeko(file, offset, SEEK_SET) == 0 else { return nil }
            var header = [UInt8](repeating: 0, count: 16)
            let count = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, 16, file) }
            guard count >= 8 else { return nil }
            var size = be32(header, 0), headerSize = 8
            if size == 1 {
                guard count == 16 else { return nil }
                size = be32(header, 8) << 32 | be32(header, 12)
                headerSize = 16
            }
            // 0 (to the end of the file), malformed, or past any real file: stop.
            guard size >= headerSize, size < 1 << 48 else { return nil }
            if fourCC(header, 4) == type {
                let length = size - headerSize
                guard length <= maximumMetaBytes, fseeko(file, offset + off_t(headerSize), SEEK_SET) == 0 else { return nil }
                var content = [UInt8](repeating: 0, count: length)
                let read = content.withUnsafeMutableBytes { fread($0.baseAddress, 1, length, file) }
                return read == length ? content : nil
            }
            offset += off_t(size)
        }
        return nil
    }

    /// The content range of the first child box named `type` in `range` of `bytes`.
    static func child(_ type: String, of bytes: [UInt8], in range: Range<Int>) -> Range<Int>? {
        var at = range.lowerBound
        while let box = box(in: bytes, at: at, end: range.upperBound) {
            if box.type == type { return box.content }
            at = box.end
        }
        return nil
    }

    /// The box starting at `at`, if it lies whole before `end` (32-bit sizes only inside `meta`).
    static func box(in bytes: [UInt8], at: Int, end: Int) -> (type: String, content: Range<Int>, end: Int)? {
        guard at >= 0, at + 8 <= end, end <= bytes.count else { return nil }
        let size = be32(bytes, at)
        guard size >= 8, at + size <= end else { return nil }
        return (fourCC(bytes, at + 4), (at + 8)..<(at + size), at + size)
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    static func be16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    private static func fourCC(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
    }
}
