/// What Iro asks the decoder helper (BEHAVIOUR F5). Each request but `cancel` comes with
/// the file's open descriptor attached; the helper never sees a path.
public enum DecoderRequest: Equatable, Sendable {
    /// The whole image (of a document, its page `page`, from 0) at `detail`; `name` is the
    /// file's name, for formats known by extension.
    case decode(id: UInt32, name: [UInt8], detail: DecodeDetail, page: DocumentPage = .first)
    /// The part `rect` (upright image pixels) of page `page` at `detail` (JPEG, SVG, PDF).
    case region(id: UInt32, name: [UInt8], rect: PixelRect, detail: Double, page: DocumentPage = .first)
    /// Stop request `id` if it is still running (its answer is then a cancelled failure).
    case cancel(id: UInt32)
    /// The photo's metadata (EXIF, XMP, IPTC) for the properties panel.
    case metadata(id: UInt32, name: [UInt8])
    /// The links on a document's page (BEHAVIOUR G6).
    case links(id: UInt32, name: [UInt8], page: DocumentPage)
    /// The document's outline (BEHAVIOUR G3); `page` carries the password.
    case outline(id: UInt32, name: [UInt8], page: DocumentPage)
    /// The text of a document's page (BEHAVIOUR G10), its characters from `from` on.
    case text(id: UInt32, name: [UInt8], page: DocumentPage, from: Int)
    /// Where `text` is on `count` pages from `page` (BEHAVIOUR G7).
    case find(id: UInt32, name: [UInt8], page: DocumentPage, count: Int, text: String)
    /// A thumbnail from the desktop's cache (BEHAVIOUR H2): its pixels when it describes the
    /// file `record` does as it is now, else `nothing` (the thumbnail is stale).
    case thumbnail(id: UInt32, record: ThumbnailRecord)
    /// The next frame of the animation this helper answered a `decode` with (no file: the
    /// helper keeps the animation it opened, and serves only it from then on).
    case nextFrame(id: UInt32)
    /// The file with `edit` applied, encoded as `format` with the original's metadata
    /// (BEHAVIOUR D7): losslessly where the format allows.
    case saveEdit(id: UInt32, name: [UInt8], edit: ImageEdit, format: SavedFormat)
    /// A copy of the PDF with the markup drawn over its pages (BEHAVIOUR I4), as PDF; the
    /// markup (a `MarkupBundle`) comes in a second descriptor, and `page` carries the password.
    case markUpPDF(id: UInt32, name: [UInt8], page: DocumentPage)
    /// Test builds only: do something the sandbox forbids (`1`: create a file; `2`: make a
    /// socket), or (`3`) hang without a word.
    case forbidden(id: UInt32, what: UInt8)

    static let magic: UInt32 = 0x4952_4431 // "IRD1"

    public var id: UInt32 {
        switch self {
        case .decode(let id, _, _, _), .region(let id, _, _, _, _), .cancel(let id), .nextFrame(let id), .metadata(let id, _),
            .forbidden(let id, _), .links(let id, _, _), .find(let id, _, _, _, _), .outline(let id, _, _), .text(let id, _, _, _),
            .thumbnail(let id, _), .saveEdit(let id, _, _, _), .markUpPDF(let id, _, _):
            id
        }
    }

    /// The request's kind, for traces.
    public var kind: String {
        switch self {
        case .decode(_, _, .full, _): "full decode"
        case .decode: "reduced decode"
        case .region: "region"
        case .cancel: "cancel"
        case .metadata: "metadata"
        case .links: "links"
        case .find: "find"
        case .outline: "outline"
        case .text: "text"
        case .thumbnail: "thumbnail"
        case .nextFrame: "next frame"
        case .forbidden: "forbidden"
        case .saveEdit: "save edit"
        case .markUpPDF: "mark up PDF"
        }
    }

    public var bytes: [UInt8] {
        var out = WireWriter()
        out.u32(Self.magic)
        switch self {
        case .decode(let id, let name, let detail, let page):
            out.u8(1)
            out.u32(id)
            out.data(name)
            out.page(page)
            switch detail {
            case .full: out.u8(0)
            case .screen(let width, let height):
                out.u8(1)
                out.i32(width)
                out.i32(height)
            case .scale(let scale):
                out.u8(2)
                out.f64(scale)
            }
        case .region(let id, let name, let rect, let detail, let page):
            out.u8(2)
            out.u32(id)
            out.data(name)
            out.page(page)
            for value in [rect.x, rect.y, rect.width, rect.height] { out.i32(value) }
            out.f64(detail)
        case .cancel(let id):
            out.u8(3)
            out.u32(id)
        case .nextFrame(let id):
            out.u8(4)
            out.u32(id)
        case .metadata(let id, let name):
            out.u8(5)
            out.u32(id)
            out.data(name)
        case .links(let id, let name, let page):
            out.u8(6)
            out.u32(id)
            out.data(name)
            out.page(page)
        case .outline(let id, let name, let page):
            out.u8(8)
            out.u32(id)
            out.data(name)
            out.page(page)
        case .find(let id, let name, let page, let count, let text):
            out.u8(7)
            out.u32(id)
            out.data(name)
            out.page(page)
            out.i32(count)
            out.text(text)
        case .text(let id, let name, let page, let from):
            out.u8(10)
            out.u32(id)
            out.data(name)
            out.page(page)
            out.i32(from)
        case .thumbnail(let id, let record):
            out.u8(11)
            out.u32(id)
            out.text(record.uri)
            out.i64(record.modified)
            out.i64(record.bytes)
        case .saveEdit(let id, let name, let edit, let format):
            out.u8(12)
            out.u32(id)
            out.data(name)
            out.i32(edit.transform.quarterTurns)
            out.u8(edit.transform.mirrored ? 1 : 0)
            let crop = edit.crop ?? PixelRect(x: -1, y: -1, width: 0, height: 0)
            for value in [crop.x, crop.y, crop.width, crop.height] { out.i32(value) }
            out.f64(edit.hue)
            out.u8(format.code)
            if case .jpeg(let quality) = format { out.i32(quality ?? 0) }
        case .markUpPDF(let id, let name, let page):
            out.u8(13)
            out.u32(id)
            out.data(name)
            out.page(page)
        case .forbidden(let id, let what):
            out.u8(9)
            out.u32(id)
            out.u8(what)
        }
        return out.bytes
    }

    public init(bytes: [UInt8]) throws(WireReader.Malformed) {
        var input = WireReader(bytes)
        guard try input.u32("magic") == Self.magic else { throw WireReader.Malformed(what: "not a decoder request") }
        let kind = try input.u8("kind")
        let id = try input.u32("id")
        let side = 0...ImageLimits.maxSide
        switch kind {
        case 1:
            let name = try input.data("name")
            let page = try input.page()
            let detail: DecodeDetail
            switch try input.u8("detail") {
            case 0: detail = .full
            case 1: detail = .screen(width: try input.i32("screen width", in: side), height: try input.i32("screen height", in: side))
            case 2: detail = .scale(try input.f64("scale", in: 0...1024))
            default: throw WireReader.Malformed(what: "unknown detail")
            }
            self = .decode(id: id, name: name, detail: detail, page: page)
        case 2:
            let name = try input.data("name")
            let page = try input.page()
            let rect = PixelRect(
                x: try input.i32("x", in: side), y: try input.i32("y", in: side),
                width: try input.i32("width", in: 1...ImageLimits.maxSide),
                height: try input.i32("height", in: 1...ImageLimits.maxSide))
            self = .region(id: id, name: name, rect: rect, detail: try input.f64("detail", in: 0...1024), page: page)
        case 3: self = .cancel(id: id)
        case 4: self = .nextFrame(id: id)
        case 5: self = .metadata(id: id, name: try input.data("name"))
        case 6: self = .links(id: id, name: try input.data("name"), page: try input.page())
        case 8: self = .outline(id: id, name: try input.data("name"), page: try input.page())
        case 7:
            let name = try input.data("name"), page = try input.page()
            self = .find(
                id: id, name: name, page: page, count: try input.i32("page count", in: 1...TextMatches.pagesPerRequest),
                text: try input.text("text"))
        case 9: self = .forbidden(id: id, what: try input.u8("what"))
        case 10:
            let name = try input.data("name"), page = try input.page()
            self = .text(id: id, name: name, page: page, from: try input.i32("first character", in: 0...PageText.maxGlyphs))
        case 11:
            let uri = try input.text("URI")
            self = .thumbnail(id: id, record: ThumbnailRecord(uri: uri, modified: try input.i64("modified"), bytes: try input.i64("size")))
        case 12:
            let name = try input.data("name")
            let turns = try input.i32("quarter turns", in: 0...3)
            let mirrored = try input.u8("mirrored") == 1
            let x = try input.i32("crop x", in: -1...ImageLimits.maxSide), y = try input.i32("crop y", in: -1...ImageLimits.maxSide)
            let width = try input.i32("crop width", in: 0...ImageLimits.maxSide)
            let height = try input.i32("crop height", in: 0...ImageLimits.maxSide)
            let crop = width > 0 && height > 0 && x >= 0 && y >= 0 ? PixelRect(x: x, y: y, width: width, height: height) : nil
            let hue = try input.f64("hue", in: 0...1)
            let format: SavedFormat
            switch try input.u8("format") {
            case 1: format = .png
            case 2:
                let quality = try input.i32("quality", in: 0...100)
                format = .jpeg(quality: quality == 0 ? nil : quality)
            case 3: format = .webpLossless
            default: throw WireReader.Malformed(what: "unknown format")
            }
            self = .saveEdit(
                id: id, name: name,
                edit: ImageEdit(transform: ImageTransform(quarterTurns: turns, mirrored: mirrored), crop: crop, hue: hue),
                format: format)
        case 13: self = .markUpPDF(id: id, name: try input.data("name"), page: try input.page())
        default: throw WireReader.Malformed(what: "unknown request \(kind)")
        }
        try input.end()
    }
}

/// What the helper answers. An image's pixels come in a sealed memfd attached to the
/// message: 8-bit RGB or RGBA rows `stride` bytes apart.
public enum DecoderReply: Equatable, Sendable {
    /// The longest message a helper may send, and Iro receives: a datagram of the socket
    /// between them is bounded by its send buffer (208 KB by default on Linux). Pixels go in
    /// memfds, so only a page's text and a search's areas come near it.
    public static let maxBytes = 128 * 1024

    case progress(id: UInt32, fraction: Double)
    case image(id: UInt32, DecodedPixels)
    /// Not an image: the format has no such decode (a region of a PNG), or cancelled.
    case nothing(id: UInt32)
    /// An animation's current frame (the first, as the answer to `decode`; the next, to
    /// `nextFrame`): its pixels as an image's, how many frames the file holds (when known)
    /// and how long this one stays in milliseconds (nil: the loops are over).
    case frame(id: UInt32, DecodedPixels, frameCount: Int?, delay: Int?)
    /// The photo's metadata, as read (possibly empty).
    case metadata(id: UInt32, PhotoMetadata)
    /// A page's links.
    case links(id: UInt32, [PageLink])
    /// Where the text was found, page by page.
    case found(id: UInt32, [TextMatches])
    /// The document's outline.
    case outline(id: UInt32, [OutlineEntry])
    /// Characters of a page's text, from the one asked for; `total`: how many it has.
    case text(id: UInt32, total: Int, [PageText.Glyph])
    /// A file's new bytes (an edit saved), `length` of them in the sealed memfd attached.
    case encoded(id: UInt32, length: Int)
    case failure(id: UInt32, LoadError)

    /// The largest file an edit may produce.
    public static let maxEncodedBytes = Int(Int32.max)

    public var id: UInt32 {
        switch self {
        case .encoded(let id, _), .progress(let id, _), .image(let id, _), .nothing(let id), .frame(let id, _, _, _), .metadata(let id, _),
            .failure(let id, _),
            .links(let id, _), .found(let id, _), .outline(let id, _), .text(let id, _, _):
            id
        }
    }

    public var bytes: [UInt8] {
        var out = WireWriter()
        out.u32(DecoderRequest.magic)
        switch self {
        case .progress(let id, let fraction):
            out.u8(1)
            out.u32(id)
            out.f64(fraction)
        case .image(let id, let pixels):
            out.u8(2)
            out.u32(id)
            pixels.write(to: &out)
        case .nothing(let id):
            out.u8(3)
            out.u32(id)
        case .frame(let id, let pixels, let frameCount, let delay):
            out.u8(5)
            out.u32(id)
            pixels.write(to: &out)
            out.i32(frameCount ?? -1)
            out.i32(delay ?? -1)
        case .metadata(let id, let photo):
            out.u8(6)
            out.u32(id)
            photo.write(to: &out)
        case .links(let id, let links):
            out.u8(7)
            out.u32(id)
            out.i32(links.count)
            for link in links { link.write(to: &out) }
        case .outline(let id, let entries):
            out.u8(9)
            out.u32(id)
            out.i32(entries.count)
            for entry in entries {
                out.text(entry.title)
                out.i32(entry.depth)
                out.i32(entry.page ?? -1)
            }
        case .text(let id, let total, let glyphs):
            out.u8(10)
            out.u32(id)
            out.i32(total)
            out.i32(glyphs.count)
            for glyph in glyphs { glyph.write(to: &out) }
        case .found(let id, let pages):
            out.u8(8)
            out.u32(id)
            out.i32(pages.count)
            for page in pages { page.write(to: &out) }
        case .encoded(let id, let length):
            out.u8(11)
            out.u32(id)
            out.i32(length)
        case .failure(let id, let error):
            out.u8(4)
            out.u32(id)
            switch error {
            case .notFound: out.u8(1)
            case .permissionDenied: out.u8(2)
            case .isFolder: out.u8(3)
            case .notRegularFile: out.u8(4)
            case .emptyFile: out.u8(5)
            case .unsupportedFormat: out.u8(6)
            case .damaged(let detail):
                out.u8(7)
                out.text(detail)
            case .tooLarge(let width, let height):
                out.u8(8)
                out.i32(width)
                out.i32(height)
            case .unreadable(let detail):
                out.u8(9)
                out.text(detail)
            case .needsTooMuchMemory(let limit):
                out.u8(10)
                out.i32(limit)
            case .needsPassword(let wrong):
                out.u8(12)
                out.u8(wrong ? 1 : 0)
            case .notePackage, .decoderStopped, .notMounted, .networkUnreachable:
                out.u8(11)
                out.text(error.reason)
            }
        }
        return out.bytes
    }

    public init(bytes: [UInt8]) throws(WireReader.Malformed) {
        var input = WireReader(bytes)
        guard try input.u32("magic") == DecoderRequest.magic else { throw WireReader.Malformed(what: "not a decoder reply") }
        let kind = try input.u8("kind")
        let id = try input.u32("id")
        switch kind {
        case 1: self = .progress(id: id, fraction: try input.f64("fraction", in: 0...1))
        case 2: self = .image(id: id, try DecodedPixels(reading: &input))
        case 3: self = .nothing(id: id)
        case 5:
            let pixels = try DecodedPixels(reading: &input)
            guard pixels.region == nil, pixels.width == pixels.imageWidth, pixels.height == pixels.imageHeight else {
                throw WireReader.Malformed(what: "a frame that is not a whole image")
            }
            let count = try input.i32("frame count", in: -1...Int(Int32.max))
            let delay = try input.i32("delay", in: -1...Int(Int32.max))
            self = .frame(id: id, pixels, frameCount: count < 0 ? nil : count, delay: delay < 0 ? nil : delay)
        case 6: self = .metadata(id: id, try PhotoMetadata(reading: &input))
        case 7:
            let count = try input.i32("link count", in: 0...PageLink.maxCount)
            var links: [PageLink] = []
            for _ in 0..<count { links.append(try PageLink(reading: &input)) }
            self = .links(id: id, links)
        case 8:
            let count = try input.i32("pages found", in: 0...TextMatches.pagesPerRequest)
            var pages: [TextMatches] = []
            for _ in 0..<count { pages.append(try TextMatches(reading: &input)) }
            self = .found(id: id, pages)
        case 9:
            let count = try input.i32("outline entries", in: 0...OutlineEntry.maxCount)
            var entries: [OutlineEntry] = []
            for _ in 0..<count {
                let title = try input.text("outline title"), depth = try input.i32("outline depth", in: 0...OutlineEntry.maxDepth)
                let page = try input.i32("outline page", in: -1...DecodedPixels.maxPages)
                entries.append(OutlineEntry(title: title, depth: depth, page: page < 0 ? nil : page))
            }
            self = .outline(id: id, entries)
        case 10:
            let total = try input.i32("character total", in: 0...PageText.maxGlyphs)
            let count = try input.i32("characters", in: 0...min(total, PageText.glyphsPerReply))
            var glyphs: [PageText.Glyph] = []
            glyphs.reserveCapacity(count)
            for _ in 0..<count { glyphs.append(try PageText.Glyph(reading: &input)) }
            self = .text(id: id, total: total, glyphs)
        case 4:
            let error: LoadError
            switch try input.u8("error") {
            case 1: error = .notFound
            case 2: error = .permissionDenied
            case 3: error = .isFolder
            case 4: error = .notRegularFile
            case 5: error = .emptyFile
            case 6: error = .unsupportedFormat
            case 7: error = .damaged(detail: try input.text("detail"))
            case 8:
                error = .tooLarge(
                    width: try input.i32("width", in: 0...Int(Int32.max)), height: try input.i32("height", in: 0...Int(Int32.max)))
            case 9: error = .unreadable(detail: try input.text("detail"))
            case 10: error = .needsTooMuchMemory(limitMegabytes: try input.i32("limit", in: 0...Int(Int32.max)))
            case 11: error = .unreadable(detail: try input.text("detail"))
            case 12: error = .needsPassword(wrong: try input.u8("wrong") == 1)
            default: throw WireReader.Malformed(what: "unknown error")
            }
            self = .failure(id: id, error)
        case 11: self = .encoded(id: id, length: try input.i32("length", in: 1...Self.maxEncodedBytes))
        default: throw WireReader.Malformed(what: "unknown reply \(kind)")
        }
        try input.end()
    }
}

/// How to read the pixels of a decoded image (or region) from the memfd that came with it.
public struct DecodedPixels: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var hasAlpha: Bool
    /// The image's own size, upright (larger than `width` × `height` when reduced).
    public var imageWidth: Int
    public var imageHeight: Int
    public var formatName: String
    /// Why the file is damaged, when what could be read of it is shown.
    public var damage: String?
    /// For a region: where it sits in the image decoded at `scale`, and the most detail
    /// its kind of image has (infinity for a vector image).
    public var region: (rect: PixelRect, scale: Double, maxScale: Double)?
    /// How many pages the document holds (1 for an image).
    public var pageCount: Int

    /// The most pages a document may say it has.
    public static let maxPages = 1_000_000

    public init(
        width: Int, height: Int, stride: Int, hasAlpha: Bool, imageWidth: Int, imageHeight: Int, formatName: String,
        damage: String? = nil, region: (rect: PixelRect, scale: Double, maxScale: Double)? = nil, pageCount: Int = 1
    ) {
        (self.width, self.height, self.stride, self.hasAlpha) = (width, height, stride, hasAlpha)
        (self.imageWidth, self.imageHeight, self.formatName, self.damage, self.region, self.pageCount) = (
            imageWidth, imageHeight, formatName, damage, region, pageCount
        )
    }

    /// Bytes the memfd must hold at least.
    public var byteCount: Int { stride * (height - 1) + width * (hasAlpha ? 4 : 3) }

    public static func == (a: DecodedPixels, b: DecodedPixels) -> Bool {
        a.width == b.width && a.height == b.height && a.stride == b.stride && a.hasAlpha == b.hasAlpha && a.imageWidth == b.imageWidth
            && a.imageHeight == b.imageHeight && a.formatName == b.formatName && a.damage == b.damage
            && a.region?.rect == b.region?.rect && a.region?.scale == b.region?.scale && a.region?.maxScale == b.region?.maxScale
            && a.pageCount == b.pageCount
    }

    func write(to out: inout WireWriter) {
        for value in [width, height, stride, imageWidth, imageHeight] { out.i32(value) }
        out.u8(hasAlpha ? 1 : 0)
        out.text(formatName)
        out.u8(damage == nil ? 0 : 1)
        if let damage { out.text(damage) }
        out.u8(region == nil ? 0 : 1)
        if let region {
            for value in [region.rect.x, region.rect.y, region.rect.width, region.rect.height] { out.i32(value) }
            out.f64(region.scale)
            out.f64(region.maxScale.isFinite ? region.maxScale : -1)
        }
        out.i32(pageCount)
    }

    /// Checks every field against what an image can be: sizes within the limits, a stride
    /// that holds a row and no more than a row's alignment beyond it.
    init(reading input: inout WireReader) throws(WireReader.Malformed) {
        let side = 1...ImageLimits.maxSide
        width = try input.i32("width", in: side)
        height = try input.i32("height", in: side)
        stride = try input.i32("stride", in: 1...(ImageLimits.maxSide * 4 + 64))
        imageWidth = try input.i32("image width", in: side)
        imageHeight = try input.i32("image height", in: side)
        let alpha = try input.u8("alpha")
        guard alpha <= 1 else { throw WireReader.Malformed(what: "alpha \(alpha)") }
        hasAlpha = alpha == 1
        formatName = try input.text("format")
        damage = try input.u8("damage") == 1 ? try input.text("damage") : nil
        if try input.u8("region") == 1 {
            let rect = PixelRect(
                x: try input.i32("region x", in: 0...Int(Int32.max)), y: try input.i32("region y", in: 0...Int(Int32.max)),
                width: try input.i32("region width", in: side), height: try input.i32("region height", in: side))
            let scale = try input.f64("region scale", in: 1e-6...1024)
            let maxScale = try input.f64("region max scale", in: -1...1024)
            guard rect.width == width, rect.height == height else { throw WireReader.Malformed(what: "region size is not the pixels'") }
            region = (rect, scale, maxScale < 0 ? .infinity : maxScale)
        } else {
            region = nil
        }
        pageCount = try input.i32("page count", in: 1...Self.maxPages)
        let row = width * (hasAlpha ? 4 : 3)
        guard stride >= row, stride <= row + 64 else { throw WireReader.Malformed(what: "stride \(stride) for \(width) pixels") }
        guard ImageLimits.allows(width: width, height: height) else { throw WireReader.Malformed(what: "\(width) × \(height) pixels") }
        guard region != nil || ImageLimits.allows(width: imageWidth, height: imageHeight) else {
            throw WireReader.Malformed(what: "image \(imageWidth) × \(imageHeight)")
        }
    }
}

extension PhotoMetadata {
    func write(to out: inout WireWriter) {
        for text in [make, model, lens, taken, flash, description, author, copyright] {
            out.u8(text == nil ? 0 : 1)
            if let text { out.text(text) }
        }
        out.u8(exposure == nil ? 0 : 1)
        if let exposure {
            out.i32(exposure.numerator)
            out.i32(exposure.denominator)
        }
        for number in [fNumber, focalLength, iso.map(Double.init), position?.latitude, position?.longitude, altitude] {
            out.u8(number == nil ? 0 : 1)
            if let number { out.f64(number) }
        }
    }

    /// Checks what the panel would show: text that is UTF-8 (and not too long), a positive
    /// exposure, numbers in a camera's range, a position on Earth.
    init(reading input: inout WireReader) throws(WireReader.Malformed) {
        self.init()
        func text(_ what: String) throws(WireReader.Malformed) -> String? {
            try input.u8(what) == 1 ? try input.text(what) : nil
        }
        func number(_ what: String, in range: ClosedRange<Double>) throws(WireReader.Malformed) -> Double? {
            try input.u8(what) == 1 ? try input.f64(what, in: range) : nil
        }
        make = try text("make")
        model = try text("model")
        lens = try text("lens")
        taken = try text("taken")
        flash = try text("flash")
        description = try text("description")
        author = try text("author")
        copyright = try text("copyright")
        if try input.u8("exposure") == 1 {
            exposure = (
                try input.i32("exposure numerator", in: 1...Int(Int32.max)), try input.i32("exposure denominator", in: 1...Int(Int32.max))
            )
        }
        fNumber = try number("f-number", in: 0...10_000)
        focalLength = try number("focal length", in: 0...100_000)
        iso = try number("ISO", in: 0...Double(Int32.max)).map { Int($0) }
        let latitude = try number("latitude", in: -90...90)
        let longitude = try number("longitude", in: -180...180)
        if let latitude, let longitude { position = (latitude, longitude) }
        altitude = try number("altitude", in: -1e7...1e7)
    }
}

extension WireWriter {
    /// A page: its index, then its password (a flag, then the UTF-8 text).
    mutating func page(_ page: DocumentPage) {
        i32(page.index)
        u8(page.password == nil ? 0 : 1)
        if let password = page.password { text(password) }
    }
}

extension WireReader {
    mutating func page() throws(Malformed) -> DocumentPage {
        let index = try i32("page", in: 0...DecodedPixels.maxPages)
        return DocumentPage(index, password: try u8("password") == 1 ? try text("password") : nil)
    }
}

extension PageLink {
    func write(to out: inout WireWriter) {
        for value in [x, y, width, height] { out.f64(value) }
        switch target {
        case .page(let page):
            out.u8(1)
            out.i32(page)
        case .uri(let uri):
            out.u8(2)
            out.text(uri)
        }
    }

    /// Checks the area (within what a page can measure) and the target.
    init(reading input: inout WireReader) throws(WireReader.Malformed) {
        let side = 0...Double(ImageLimits.maxSide)
        let x = try input.f64("link x", in: side), y = try input.f64("link y", in: side)
        let width = try input.f64("link width", in: side), height = try input.f64("link height", in: side)
        let target: Target
        switch try input.u8("link kind") {
        case 1: target = .page(try input.i32("link page", in: 0...DecodedPixels.maxPages))
        case 2: target = .uri(try input.text("link address"))
        default: throw WireReader.Malformed(what: "unknown link kind")
        }
        self.init(x: x, y: y, width: width, height: height, target: target)
    }
}

extension PageText.Glyph {
    /// A box's edges in 1/64 of a pixel, as unsigned 32-bit numbers: 20 bytes a character,
    /// so that `PageText.glyphsPerReply` of them fit in a message.
    private static let unitsPerPixel = 64.0

    func write(to out: inout WireWriter) {
        out.u32(character.value)
        for value in [box.x, box.y, box.width, box.height] {
            out.u32(UInt32(min(Double(ImageLimits.maxSide), max(0, value.isFinite ? value : 0)) * Self.unitsPerPixel))
        }
    }

    /// Checks the character (a Unicode scalar) and the box (within what a page can measure).
    init(reading input: inout WireReader) throws(WireReader.Malformed) {
        guard let character = Unicode.Scalar(try input.u32("character")) else {
            throw WireReader.Malformed(what: "a character that is not Unicode")
        }
        var values: [Double] = []
        for what in ["character x", "character y", "character width", "character height"] {
            let value = Double(try input.u32(what)) / Self.unitsPerPixel
            guard value <= Double(ImageLimits.maxSide) else { throw WireReader.Malformed(what: "\(what) \(value) out of range") }
            values.append(value)
        }
        self.init(character, TextMatches.Area(x: values[0], y: values[1], width: values[2], height: values[3]))
    }
}

extension TextMatches {
    func write(to out: inout WireWriter) {
        out.i32(page)
        out.u8(hasText ? 1 : 0)
        out.i32(areas.count)
        for area in areas { for value in [area.x, area.y, area.width, area.height] { out.f64(value) } }
    }

    init(reading input: inout WireReader) throws(WireReader.Malformed) {
        let page = try input.i32("page", in: 0...DecodedPixels.maxPages)
        let hasText = try input.u8("has text") == 1
        let count = try input.i32("area count", in: 0...Self.maxAreas)
        let side = 0...Double(ImageLimits.maxSide)
        var areas: [Area] = []
        for _ in 0..<count {
            areas.append(
                Area(
                    x: try input.f64("area x", in: side), y: try input.f64("area y", in: side),
                    width: try input.f64("area width", in: side),
                    height: try input.f64("area height", in: side)))
        }
        self.init(page: page, areas: areas, hasText: hasText)
    }
}
