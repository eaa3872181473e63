import CGLib
import IroCore

/// Save a Copy of a PDF with markup (BEHAVIOUR I4): a new PDF whose pages are the original's
/// as poppler prints them (their text stays text, to select, search and extract; their JPEG
/// images keep their bytes) with each page's markup drawn over it as vectors. Made where
/// PDFs are read: in the decoder helper (in this process for tests and `IRO_DECODER=in-process`).
@_spi(Fuzzing) public enum MarkedUpPDF {
    /// The copy of the PDF in `source` (its password in `source.page`) with `layers` (by
    /// page, in each page's image pixels at 100 %) drawn over its pages.
    @_spi(Fuzzing) public static func make(_ source: ImageSource, layers: [Int: MarkupLayer], isCancelled: () -> Bool) throws(LoadError)
        -> [UInt8]
    {
        guard PDFFile.isPDF(source) else { throw .unsupportedFormat }
        let pdf = try PDFFile.open(source, password: source.page.password)
        // Each page's image pixels per point, as its markup was drawn (a poster's are fewer).
        var scales: [Int: Double] = [:]
        for page in layers.keys where page < pdf.pageCount { scales[page] = try pdf.size(ofPage: page).pixelsPerPoint }
        return try pdf.copy { page, cr in
            if isCancelled() { return false }
            guard let layer = layers[page], let scale = scales[page], !layer.isEmpty else { return true }
            cairo_save(cr)
            cairo_scale(cr, 1 / scale, 1 / scale)
            MarkupDrawing.draw(layer, on: cr, scale: 1)
            cairo_restore(cr)
            return true
        }
    }

    /// The same, from a `MarkupBundle`'s bytes (what the helper is sent).
    static func make(_ source: ImageSource, bundle: [UInt8], isCancelled: () -> Bool) throws(LoadError) -> [UInt8] {
        let layers: [Int: MarkupLayer]
        do throws(MarkupBundle.Malformed) { layers = try MarkupBundle.layers(in: bundle) } catch {
            throw .decoderStopped(detail: "its markup did not read (\(error.what))")
        }
        return try make(source, layers: layers, isCancelled: isCancelled)
    }
}

extension ImageDecoder {
    /// A copy of the PDF at `path` (`page` carries its password) with `markup` drawn over its
    /// pages, as PDF (BEHAVIOUR I4): made in the decoder helper when one is set up, else in
    /// this process. Blocking.
    nonisolated public static func markUpPDF(path: RawPath, page: DocumentPage, markup: MarkupDocument, isCancelled: () -> Bool = { false })
        throws(LoadError) -> [UInt8]
    {
        let bundle = MarkupBundle.bytes(of: markup)
        if let pool = DecoderPool.active { return try pool.markUpPDF(path: path, page: page, bundle: bundle, isCancelled: isCancelled) }
        return try MarkedUpPDF.make(ImageSource(path: path, page: page), bundle: bundle, isCancelled: isCancelled)
    }
}

extension DecoderPool {
    /// `markUpPDF`, in a helper: the markup goes beside the file, in a sealed memfd.
    func markUpPDF(path: RawPath, page: DocumentPage, bundle: [UInt8], isCancelled: () -> Bool) throws(LoadError) -> [UInt8] {
        let name = path.lastComponent.bytes
        let markup = try SealedBytes.seal(
            bundle, name: "iro-markup", outOfMemory: .unreadable(detail: "there was no memory to hand the markup to the decoder"))
        defer { close(markup) }
        let request = { (id: UInt32) in DecoderRequest.markUpPDF(id: id, name: name, page: page) }
        return try run(path, extra: markup, request: request, progress: nil, isCancelled: isCancelled) {
            reply, memfd, _ throws(LoadError) in
            switch reply {
            case .encoded(_, let length): return try SealedBytes.read(length, from: memfd)
            case .failure(_, let error): throw error
            case .nothing: throw .unreadable(detail: tr("cancelled"))
            default: throw .decoderStopped(detail: "it sent something else than a saved file")
            }
        }
    }
}
