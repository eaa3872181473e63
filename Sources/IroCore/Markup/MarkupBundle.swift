/// A document's markup, page by page, as bytes (BEHAVIOUR I4): how it travels to the decoder
/// helper, which draws it over a PDF's pages. Too large for a request's message (2000 strokes
/// are about a megabyte), it goes in a sealed memfd beside it.
///
/// "IRM1", the number of pages, then for each page its index and length (32-bit,
/// little-endian) and its layer as `MarkupSVG` writes it. The helper reads it as it reads a
/// note package's markup file: bounded, tolerant of what it does not know, and never trusting
/// a length.
public enum MarkupBundle {
    static let magic: [UInt8] = Array("IRM1".utf8)
    /// At most as many pages as a document may have layers for, and as many bytes as one
    /// markup file may hold, in all.
    public static let maximumPages = 100_000
    public static let maximumBytes = MarkupSVG.maximumBytes

    /// Why a bundle was not read.
    public struct Malformed: Error, Equatable {
        public let what: String
    }

    /// The marked pages of `document`. Their SVGs declare no size (0 × 0): the helper knows
    /// each page's from the document itself.
    public static func bytes(of document: MarkupDocument) -> [UInt8] {
        let pages = document.markedPages
        var out = magic
        append(UInt32(pages.count), to: &out)
        for page in pages {
            let svg = Array(MarkupSVG.write(document[page], width: 0, height: 0).utf8)
            append(UInt32(page), to: &out)
            append(UInt32(svg.count), to: &out)
            out += svg
        }
        return out
    }

    /// The layers in `bytes`, by page; a page's damaged items are skipped, as a markup file's.
    public static func layers(in bytes: [UInt8]) throws(Malformed) -> [Int: MarkupLayer] {
        guard bytes.count <= maximumBytes + 8 * maximumPages + 8 else { throw Malformed(what: "too large") }
        guard bytes.count >= 8, Array(bytes[0..<4]) == magic else { throw Malformed(what: "not a markup bundle") }
        var offset = 4
        func u32() throws(Malformed) -> Int {
            guard offset + 4 <= bytes.count else { throw Malformed(what: "cut short") }
            defer { offset += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let count = try u32()
        guard count <= maximumPages else { throw Malformed(what: "\(count) pages") }
        var layers: [Int: MarkupLayer] = [:]
        for _ in 0..<count {
            let page = try u32(), length = try u32()
            guard page < maximumPages else { throw Malformed(what: "page \(page)") }
            guard length <= bytes.count - offset else { throw Malformed(what: "page \(page) cut short") }
            let svg = Array(bytes[offset..<offset + length])
            offset += length
            guard layers[page] == nil else { throw Malformed(what: "page \(page) twice") }
            do {
                layers[page] = try MarkupSVG.contents(ofBytes: svg).layer
            } catch {
                throw Malformed(what: "page \(page) is not markup")
            }
        }
        guard offset == bytes.count else { throw Malformed(what: "\(bytes.count - offset) bytes past the end") }
        return layers
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
