import CGLib
import CWebP
import GObjectSupport
import Glibc
import IroCore

/// The images an SVG carries in itself as `data:` URLs, measured before librsvg sees the
/// document. librsvg decodes an embedded image whole, at the size the image declares, and
/// draws an embedded SVG at its own size, whatever size either is shown at: a 400-byte SVG
/// holding a 167-byte PNG that declares 30000 × 30000 took 6 GB and 30 s to draw at 1 × 1.
/// So each embedded image's size is read from its first bytes, and the document is refused
/// when one is beyond `ImageLimits` (too large, as that image would be on its own), or when
/// all of them together declare more pixels than one image Iro opens (`ImageLimits.maxPixels`):
/// a drawing may carry no more pixels than a picture may have.
///
/// Read: `data:` URLs anywhere in the text (attributes, CSS, entity declarations), base64 or
/// percent-encoded, with XML character references resolved first (`&#100;ata:` is `data:`),
/// gzip-compressed documents inflated. Not read: a URL put together from several DTD
/// entities, which librsvg expands and this does not.
enum SVGEmbeddedImages {
    /// A compressed SVG inflating past this is refused: scanning it needs the text in memory,
    /// and librsvg would spend far more on its tree (a 128 MB drawing is not one to view).
    static let maxInflatedBytes = 128 << 20
    /// An SVG embedded in an SVG is measured, and so on, this deep at most.
    static let maxDepth = 4

    /// Throws when the document (an SVG's bytes, compressed or not) embeds images too large
    /// to draw; `depth`: how deep in other SVGs it is embedded.
    static func check(_ document: [UInt8], depth: Int = 0) throws(LoadError) {
        guard depth <= maxDepth else { throw .damaged(detail: "its embedded SVG documents nest more than \(maxDepth) deep") }
        var text = try inflated(document)
        if hasCharacterReference(text) { text = resolvingCharacterReferences(text) }
        var total = 0
        for url in dataURLs(in: text) {
            guard let size = try declaredSize(of: decoded(url.payload, base64: url.base64), mediaType: url.mediaType, depth: depth),
                size.width > 0, size.height > 0
            else { continue } // not an image librsvg can read: it draws nothing there
            try ImageLimits.check(width: size.width, height: size.height)
            total += size.width * size.height
            guard total <= ImageLimits.maxPixels else {
                throw .damaged(detail: "its embedded images declare \(total) pixels together, more than \(ImageLimits.maxPixels)")
            }
        }
    }

    // MARK: Finding the URLs

    struct DataURL {
        /// Lowercased, without parameters: "image/png"; empty when the URL names none.
        let mediaType: String
        let base64: Bool
        let payload: ArraySlice<UInt8>
    }

    /// Every `data:` URL in `text` (the scheme in any case), its payload running to the quote
    /// or parenthesis it opened after, else to the end of the attribute or element.
    static func dataURLs(in text: [UInt8]) -> [DataURL] {
        var found: [DataURL] = []
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var from = 0
            while from < buffer.count, let hit = memchr(base + from, Int32(UInt8(ascii: ":")), buffer.count - from) {
                let colon = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
                from = colon + 1
                guard colon >= 4, text[(colon - 4)..<colon].map({ $0 | 0x20 }) == Array("data".utf8) else { continue }
                // The media type and its parameters end at the first comma.
                guard let comma = text[from..<min(text.count, from + 256)].firstIndex(of: UInt8(ascii: ",")) else { continue }
                let header = String(decoding: text[from..<comma], as: UTF8.self).lowercased().split(separator: ";")
                let mediaType = header.first.map { String($0).trimmingSpaces } ?? ""
                let base64 = header.dropFirst().contains { $0.trimmingSpaces == "base64" }
                let end = payloadEnd(in: text, from: comma + 1, opener: colon >= 5 ? text[colon - 5] : 0)
                found.append(DataURL(mediaType: mediaType, base64: base64, payload: text[(comma + 1)..<end]))
                from = end
            }
        }
        return found
    }

    /// Where a payload starting at `start` ends: at the quote that opened it, at the
    /// parenthesis of a CSS `url(`, else at the first quote or angle bracket.
    private static func payloadEnd(in text: [UInt8], from start: Int, opener: UInt8) -> Int {
        let quote = opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'") ? opener : nil
        if let quote {
            return text.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, start < buffer.count,
                    let hit = memchr(base + start, Int32(quote), buffer.count - start)
                else { return text.count }
                return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
            }
        }
        let stops: Set<UInt8> = opener == UInt8(ascii: "(") ? [0x22, 0x27, 0x3C, 0x3E, 0x29] : [0x22, 0x27, 0x3C, 0x3E]
        return text[start...].firstIndex { stops.contains($0) } ?? text.count
    }

    // MARK: Decoding them

    /// The payload's bytes: percent-escapes undone, then base64 decoded (GLib skips what is
    /// not of its alphabet: line breaks and spaces).
    static func decoded(_ payload: ArraySlice<UInt8>, base64: Bool) -> [UInt8] {
        let unescaped = payload.contains(UInt8(ascii: "%")) ? percentDecoded(payload) : Array(payload)
        guard base64 else { return unescaped }
        var output = [UInt8](repeating: 0, count: unescaped.count / 4 * 3 + 3)
        var state: Int32 = 0, save: UInt32 = 0
        let count = unescaped.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                g_base64_decode_step(
                    UnsafeRawPointer(input.baseAddress)?.assumingMemoryBound(to: CChar.self), gsize(input.count), out.baseAddress, &state,
                    &save)
            }
        }
        return Array(output.prefix(Int(count)))
    }

    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x37
            case 0x61...0x66: byte - 0x57
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = bytes.startIndex
        while at < bytes.endIndex {
            if bytes[at] == UInt8(ascii: "%"), at + 2 < bytes.endIndex, let high = hex(bytes[at + 1]), let low = hex(bytes[at + 2]) {
                out.append(high << 4 | low)
                at += 3
            } else {
                out.append(bytes[at])
                at += 1
            }
        }
        return out
    }

    /// `text` with `&#NN;` and `&#xHH;` replaced by the character they stand for, in UTF-8.
    static func resolvingCharacterReferences(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var at = 0
        while at < text.count {
            guard text[at] == UInt8(ascii: "&"), at + 3 < text.count, text[at + 1] == UInt8(ascii: "#"),
                let semicolon = text[(at + 2)..<min(text.count, at + 12)].firstIndex(of: UInt8(ascii: ";"))
            else {
                out.append(text[at])
                at += 1
                continue
            }
            let digits = String(decoding: text[(at + 2)..<semicolon], as: UTF8.self)
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value) else {
                out.append(text[at])
                at += 1
                continue
            }
            out += Array(String(Character(scalar)).utf8)
            at = semicolon + 1
        }
        return out
    }

    /// `document` inflated when it is gzip-compressed (an `.svgz`), else itself.
    private static func inflated(_ document: [UInt8]) throws(LoadError) -> [UInt8] {
        guard document.count >= 2, document[0] == 0x1F, document[1] == 0x8B,
            let decompressor = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP)
        else { return document }
        defer { g_object_unref(UnsafeMutableRawPointer(decompressor)) }
        let converter = OpaquePointer(UnsafeMutableRawPointer(decompressor))
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var consumed = 0
        while true {
            var read: gsize = 0, written: gsize = 0
            let result = document.withUnsafeBytes { input in
                chunk.withUnsafeMutableBytes { output in
                    g_converter_convert(
                        converter, input.baseAddress.map { $0 + consumed }, gsize(input.count - consumed), output.baseAddress,
                        gsize(output.count),
                        G_CONVERTER_INPUT_AT_END, &read, &written, nil)
                }
            }
            consumed += Int(read)
            text += chunk.prefix(Int(written))
            guard text.count <= maxInflatedBytes else {
                throw .damaged(detail: "it inflates to more than \(maxInflatedBytes >> 20) MB of text")
            }
            // Finished, or broken (librsvg cannot read past that either): what came out is all.
            if result != G_CONVERTER_CONVERTED || (read == 0 && written == 0) { return text }
        }
    }

    // MARK: Their sizes

    /// The size the embedded `image` declares, from its first bytes (PNG, JPEG, GIF, WebP),
    /// its boxes (HEIF, TIFF, through `DeclaredSize`), librsvg's loader for an SVG (checked
    /// for its own embedded images first), else a gdk-pixbuf loader stopped at its header;
    /// nil when nothing reads it.
    private static func declaredSize(of image: [UInt8], mediaType: String, depth: Int) throws(LoadError) -> (width: Int, height: Int)? {
        if let size = DeclaredSize.png(image) ?? jpegSize(image) ?? gifSize(image) ?? webpSize(image) { return size }
        let name = RawPath("embedded")
        let source = ImageSource(bytes: ImageBytes(image), name: name)
        let firstByte = image.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        // gzip is an SVG too: no other format gdk-pixbuf reads is compressed so.
        if mediaType.contains("svg") || firstByte == UInt8(ascii: "<") || image.starts(with: [0x1F, 0x8B]) || SVGSize.isSVG(source) {
            return try SVGSize.measured(source, depth: depth + 1)
        }
        if HEIFDeclaredSize.isHEIF(image) {
            // As for a HEIF file: its loader decodes every tile before it says the size.
            guard let size = DeclaredSize.read(source) else { throw .damaged(detail: "an embedded HEIF image cannot be read") }
            return size
        }
        if let size = DeclaredSize.read(source) { return size }
        var width: Int32 = 0, height: Int32 = 0
        guard LoaderProbe.format(of: ImageBytes(image), named: name, width: &width, height: &height) != nil else { return nil }
        return (Int(width), Int(height))
    }

    /// JPEG: the frame header (SOF0–SOF15 but DHT, JPG and DAC) after the segments before it.
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        let frames: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { // fill
                at += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { // no length
                at += 2
                continue
            }
            if frames.contains(marker) {
                guard at + 9 <= bytes.count else { return nil }
                return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
            }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard marker != 0xDA, marker != 0xD9, length >= 2 else { return nil } // a scan or the end before any frame
            at += 2 + length
        }
        return nil
    }

    /// GIF: the logical screen's width and height, little-endian, after the signature.
    static func gifSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// WebP: libwebp's reading of its header (the canvas of an animation).
    static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ WebPGetInfo($0.baseAddress, $0.count, &width, &height) }) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Whether `text` holds "&#" anywhere (memchr: most SVGs have no "&" at all).
    private static func hasCharacterReference(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var from = 0
            while from < buffer.count, let hit = memchr(base + from, Int32(UInt8(ascii: "&")), buffer.count - from) {
                let at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
                if at + 1 < buffer.count, buffer[at + 1] == UInt8(ascii: "#") { return true }
                from = at + 1
            }
            return false
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(self).trimmingSpaces }
}
