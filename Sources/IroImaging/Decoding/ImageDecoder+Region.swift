import IroCore

extension ImageDecoder {
    /// The part of `path` covering `wanted` (upright image pixels) with `detail`, off the
    /// main thread; nil when the format has no such decode (JPEG and SVG have) or when
    /// cancelled. An SVG's part is drawn at `detail` exactly, past 1 too.
    @concurrent
    nonisolated public static func decodeRegion(path: RawPath, page: DocumentPage = .first, covering wanted: PixelRect, detail: Double = 1)
        async throws(LoadError) -> DetailRegion?
    {
        try decodeRegionSynchronously(path: path, page: page, covering: wanted, detail: detail, isCancelled: { Task.isCancelled })
    }

    /// The same work on the calling thread: in the decoder helper when one is set up, else
    /// in this process (`InProcessDecoder`).
    nonisolated public static func decodeRegionSynchronously(
        path: RawPath, page: DocumentPage = .first, covering wanted: PixelRect, detail: Double = 1, isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DetailRegion? {
        if let pool = DecoderPool.active {
            return try pool.decodeRegion(path: path, page: page, covering: wanted, detail: detail, isCancelled: isCancelled)
        }
        return try InProcessDecoder.decodeRegion(
            ImageSource(path: path, page: page), covering: wanted, detail: detail, isCancelled: isCancelled)
    }
}

extension ImageDecoder {
    /// The links on a document's page (BEHAVIOUR G6), off the main thread: read in the
    /// decoder helper when one is set up, else in this process. None for an image.
    @concurrent
    nonisolated public static func links(path: RawPath, page: DocumentPage) async throws(LoadError) -> [PageLink] {
        if let pool = DecoderPool.active { return try pool.links(path: path, page: page) }
        return try PDFRendering.links(ImageSource(path: path, page: page))
    }

    /// The text of a document's page (BEHAVIOUR G10), off the main thread, in the decoder
    /// helper when one is set up (a long page in several answers); none for an image.
    @concurrent
    nonisolated public static func text(path: RawPath, page: DocumentPage) async throws(LoadError) -> PageText {
        var glyphs: [PageText.Glyph] = []
        while !Task.isCancelled {
            let part: (total: Int, glyphs: [PageText.Glyph])
            if let pool = DecoderPool.active {
                part = try pool.text(path: path, page: page, from: glyphs.count)
            } else {
                part = try PDFRendering.text(ImageSource(path: path, page: page), from: glyphs.count)
            }
            glyphs += part.glyphs
            // An answer with nothing new ends it too, whatever the total says.
            if part.glyphs.isEmpty || glyphs.count >= min(part.total, PageText.maxGlyphs) { break }
        }
        return PageText(glyphs: glyphs)
    }

    /// Where `text` is on up to `count` pages from `page` of a document (BEHAVIOUR G7), off
    /// the main thread, in the decoder helper when one is set up; none for an image.
    @concurrent
    nonisolated public static func find(_ text: String, path: RawPath, page: DocumentPage, count: Int) async throws(LoadError)
        -> [TextMatches]
    {
        if let pool = DecoderPool.active {
            return try pool.find(text, path: path, page: page, count: count, isCancelled: { Task.isCancelled })
        }
        return try PDFRendering.find(text, in: ImageSource(path: path, page: page), count: count, isCancelled: { Task.isCancelled })
    }

    /// A document's outline (BEHAVIOUR G3), off the main thread, in the helper when one is
    /// set up; none for an image. `page` carries the password.
    @concurrent
    nonisolated public static func outline(path: RawPath, page: DocumentPage) async throws(LoadError) -> [OutlineEntry] {
        if let pool = DecoderPool.active { return try pool.outline(path: path, page: page) }
        return try PDFRendering.outline(ImageSource(path: path, page: page))
    }
}
