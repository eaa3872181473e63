import IroCore

/// A PDF page as Iro's image (BEHAVIOUR G1): its size at 100 % is the page's at 96 dpi
/// (`PDFFile.pixelsPerPoint`); it is drawn at the detail the view needs and, past that, the
/// part shown at the zoom's scale (`region`), so text stays sharp at any zoom, as an SVG's.
@_spi(Fuzzing) public enum PDFRendering {
    /// The format, the page's size and the page count, or nil when the file is no PDF.
    static func header(_ source: ImageSource) throws(LoadError) -> ImageDecoder.Header? {
        guard PDFFile.isPDF(source) else { return nil }
        let pdf = try PDFFile.open(source, password: source.page.password)
        let size = try pdf.size(ofPage: source.page.index)
        return ImageDecoder.Header(formatName: PDFFile.formatName, width: size.width, height: size.height, pageCount: pdf.pageCount)
    }

    static func decode(_ source: ImageSource, detail: DecodeDetail, progress: LoadProgress?, isCancelled: () -> Bool) throws(LoadError)
        -> DecodedImage?
    {
        let pdf = try PDFFile.open(source, password: source.page.password)
        let size = try pdf.size(ofPage: source.page.index)
        if isCancelled() { return nil }
        let scale = detail.drawingScale(imageWidth: size.width, imageHeight: size.height)
        let part = PixelRect(
            x: 0, y: 0, width: max(1, Int((Double(size.width) * scale).rounded())),
            height: max(1, Int((Double(size.height) * scale).rounded())))
        let pixbuf = try pdf.draw(page: source.page.index, part: part, pixelsPerPoint: size.pixelsPerPoint * scale)
        progress?.set(1)
        return DecodedImage(
            adopting: pixbuf, formatName: PDFFile.formatName, imageWidth: size.width, imageHeight: size.height, pageCount: pdf.pageCount)
    }

    /// The links on the page (none for a file that is no PDF).
    @_spi(Fuzzing) public static func links(_ source: ImageSource) throws(LoadError) -> [PageLink] {
        guard PDFFile.isPDF(source) else { return [] }
        return try PDFFile.open(source, password: source.page.password).links(ofPage: source.page.index)
    }

    /// The document's outline (none for a file that is no PDF, or a PDF without one).
    @_spi(Fuzzing) public static func outline(_ source: ImageSource) throws(LoadError) -> [OutlineEntry] {
        guard PDFFile.isPDF(source) else { return [] }
        return try PDFFile.open(source, password: source.page.password).outline()
    }

    /// The characters of the source's page from `first` on, as many as one answer carries,
    /// and how many the page has (none for a file that is no PDF).
    @_spi(Fuzzing) public static func text(_ source: ImageSource, from first: Int) throws(LoadError) -> (
        total: Int, glyphs: [PageText.Glyph]
    ) {
        guard PDFFile.isPDF(source) else { return (0, []) }
        let all = try PDFFile.open(source, password: source.page.password).text(ofPage: source.page.index)
        let start = min(max(0, first), all.count)
        return (all.count, Array(all[start..<min(all.count, start + PageText.glyphsPerReply)]))
    }

    /// Where `text` is on `count` pages from the source's page (fewer past the last page,
    /// fewer when their areas would not fit in one answer, and fewer once `timeBudget` seconds
    /// are spent); none for a file that is no PDF.
    @_spi(Fuzzing) public static func find(
        _ text: String, in source: ImageSource, count: Int, timeBudget: Double = findTimeBudget, isCancelled: () -> Bool
    ) throws(LoadError) -> [TextMatches] {
        guard PDFFile.isPDF(source), !text.isEmpty else { return [] }
        let pdf = try PDFFile.open(source, password: source.page.password)
        // From here: a file slow to read and open still gets several pages an answer.
        let clock = MonotonicClock()
        let started = clock.now
        var pages: [TextMatches] = []
        // What the answer takes in bytes: a page's number and flags, then 32 for each area.
        var bytes = 64
        // Once a page of this answer has text, so has the document: later pages need not say.
        var knownText = false
        for page in source.page.index..<min(pdf.pageCount, source.page.index + count) {
            // The pages after are asked for again by the next request: an answer stays well
            // inside the time the helper is given to answer, however slow the pages.
            if isCancelled() || (!pages.isEmpty && clock.now - started > timeBudget) { break }
            let found = try pdf.find(text, onPage: page, knownText: knownText)
            knownText = knownText || found.hasText
            bytes += 16 + 32 * found.areas.count
            if bytes > DecoderReply.maxBytes, !pages.isEmpty { break }
            pages.append(found)
        }
        return pages
    }

    /// Seconds a search request spends before it answers with the pages done so far.
    public static let findTimeBudget = 0.5

    /// The part of the page covering `wanted` (image pixels) drawn at `scale` (any, past 1
    /// too), clipped to the page.
    static func region(_ source: ImageSource, covering wanted: PixelRect, scale: Double, isCancelled: () -> Bool) throws(LoadError)
        -> DetailRegion?
    {
        guard scale > 0, scale.isFinite else { return nil }
        let pdf = try PDFFile.open(source, password: source.page.password)
        let size = try pdf.size(ofPage: source.page.index)
        let bounds = PixelRect(
            x: 0, y: 0, width: Int((Double(size.width) * scale).rounded(.up)), height: Int((Double(size.height) * scale).rounded(.up)))
        let part = DetailRegion.scaled(wanted, by: scale).intersection(bounds)
        guard !part.isEmpty, part.width <= ImageLimits.maxSide, part.height <= ImageLimits.maxSide, !isCancelled() else { return nil }
        let pixbuf = try pdf.draw(page: source.page.index, part: part, pixelsPerPoint: size.pixelsPerPoint * scale)
        return DetailRegion(adopting: pixbuf, rect: part, scale: scale, maxScale: .infinity)
    }
}
