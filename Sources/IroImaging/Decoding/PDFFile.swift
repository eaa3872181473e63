import CGLib
import CPDF
import Glibc
import IroCore

/// A PDF opened by poppler (CPDF), in the decoder helper only (BEHAVIOUR G1): its pages
/// drawn at any scale, as SVG is. Opened from the bytes the helper holds, so poppler reads
/// no file. Not shared between threads.
final class PDFFile {
    static let formatName = ImageFormats.pdf
    /// Image pixels per point at 100 %: a page is shown as a 96-dpi screen shows paper, as
    /// document viewers do. A page too large for that (a 200-inch poster) gets fewer.
    static let pixelsPerPoint = 96.0 / 72.0

    /// The document's bytes, which poppler reads in place while it is open.
    private let bytes: ImageBytes
    private let handle: OpaquePointer
    let pageCount: Int

    /// Whether the file starts like a PDF ("%PDF-" in its first KB, as readers accept).
    static func isPDF(_ source: ImageSource) -> Bool {
        guard let file = source.open().file else { return false }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 1024, file) }
        return head.withUnsafeBufferPointer { iro_pdf_is_pdf($0.baseAddress, count) } == 1
    }

    /// `source`'s document opened with `password`: once for the bytes the helper holds for a
    /// request, whose header and pixels both need it (a 100 000-page PDF takes 80 ms to open).
    static func open(_ source: ImageSource, password: String?) throws(LoadError) -> PDFFile {
        let bytes = try source.wholeBytes()
        return try bytes.document(key: "pdf:" + (password ?? "")) { () throws(LoadError) in try PDFFile(bytes, password: password) }
    }

    /// Opens the document in `bytes`, or says why it cannot be.
    private init(_ bytes: ImageBytes, password: String?) throws(LoadError) {
        self.bytes = bytes
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let opened = bytes.withUnsafeBytes { data in
            iro_pdf_open(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, password, &status, &message, message.count)
        }
        guard let opened else {
            if status == Int32(IRO_PDF_NEEDS_PASSWORD) { throw .needsPassword(wrong: password != nil) }
            if status == Int32(IRO_PDF_UNKNOWN_ENCRYPTION) {
                let handler = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                throw .unreadable(detail: "it is encrypted by a method Iro cannot read (\(handler))")
            }
            throw .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        // Refused before the handle is stored: a class that throws once every property is
        // set is deinitialised, and would free the document a second time.
        let count = Int(iro_pdf_page_count(opened))
        if count < 1 {
            iro_pdf_free(opened)
            throw .damaged(detail: trNoop("the document has no pages"))
        }
        handle = opened
        pageCount = count
    }

    deinit { iro_pdf_free(handle) }

    /// Page `page`'s size in image pixels at 100 %, and the image pixels per point that gives.
    func size(ofPage page: Int) throws(LoadError) -> (width: Int, height: Int, pixelsPerPoint: Double) {
        var width = 0.0, height = 0.0
        guard page >= 0, page < pageCount, iro_pdf_page_size(handle, Int32(page), &width, &height) == 1 else {
            throw .damaged(detail: "the document has no page \(page + 1)")
        }
        guard width.isFinite, height.isFinite, width >= 0.5, height >= 0.5 else {
            throw .damaged(detail: "page \(page + 1) measures \(width) × \(height) points")
        }
        let scale = min(
            Self.pixelsPerPoint, Double(ImageLimits.maxSide) / width, Double(ImageLimits.maxSide) / height,
            (Double(ImageLimits.maxPixels) / (width * height)).squareRoot())
        return (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())), scale)
    }

    /// The links on page `page`, in its image pixels at 100 % (at most `PageLink.maxCount`).
    func links(ofPage page: Int) throws(LoadError) -> [PageLink] {
        let scale = try size(ofPage: page).pixelsPerPoint
        var found: UnsafeMutablePointer<IroPdfLink>?
        let count = Int(iro_pdf_links(handle, Int32(page), &found))
        defer { iro_pdf_free_links(found, Int32(count)) }
        guard let found else { return [] }
        return UnsafeBufferPointer(start: found, count: min(count, PageLink.maxCount)).compactMap { link in
            let target: PageLink.Target
            if link.page >= 0 {
                target = .page(Int(link.page))
            } else if let uri = link.uri {
                target = .uri(String(cString: uri))
            } else {
                return nil
            }
            let limit = Double(ImageLimits.maxSide)
            func clamped(_ value: Double) -> Double { value.isFinite ? min(limit, max(0, value * scale)) : 0 }
            return PageLink(
                x: clamped(link.x), y: clamped(link.y), width: clamped(link.width), height: clamped(link.height), target: target)
        }
    }

    /// The outline (table of contents), in reading order.
    func outline() -> [OutlineEntry] {
        var found: UnsafeMutablePointer<IroPdfOutlineItem>?
        let count = Int(iro_pdf_outline(handle, Int32(OutlineEntry.maxCount), &found))
        defer { iro_pdf_free_outline(found, Int32(count)) }
        guard let found else { return [] }
        return UnsafeBufferPointer(start: found, count: count).map {
            OutlineEntry(
                title: $0.title.map { String(cString: $0) } ?? "", depth: min(Int($0.depth), OutlineEntry.maxDepth),
                page: $0.page >= 0 ? Int($0.page) : nil)
        }
    }

    /// The text of page `page` (at most `PageText.maxGlyphs` characters), its boxes in the
    /// page's image pixels at 100 %.
    func text(ofPage page: Int) throws(LoadError) -> [PageText.Glyph] {
        let scale = try size(ofPage: page).pixelsPerPoint
        var characters: UnsafeMutablePointer<UInt32>?
        var boxes: UnsafeMutablePointer<IroPdfArea>?
        let count = Int(iro_pdf_text(handle, Int32(page), Int32(PageText.maxGlyphs), &characters, &boxes))
        defer {
            g_free(characters)
            g_free(boxes)
        }
        guard let characters, let boxes else { return [] }
        let limit = Double(ImageLimits.maxSide)
        func clamped(_ value: Double) -> Double { value.isFinite ? min(limit, max(0, value * scale)) : 0 }
        return (0..<count).compactMap { index in
            let box = boxes[index]
            // poppler's own text, checked all the same: a character is a Unicode scalar.
            return Unicode.Scalar(characters[index]).map {
                PageText.Glyph(
                    $0, TextMatches.Area(x: clamped(box.x), y: clamped(box.y), width: clamped(box.width), height: clamped(box.height)))
            }
        }
    }

    /// Where `text` is on page `page`, in its image pixels at 100 %. With `knownText` (the
    /// document is known to have text) a page without a match is not read again to see
    /// whether it has any, and says it has.
    func find(_ text: String, onPage page: Int, knownText: Bool = false) throws(LoadError) -> TextMatches {
        let scale = try size(ofPage: page).pixelsPerPoint
        var found: UnsafeMutablePointer<IroPdfArea>?
        var hasText: Int32 = 0
        let count = Int(iro_pdf_find(handle, Int32(page), text, knownText ? 1 : 0, &found, &hasText))
        defer { g_free(found) }
        let limit = Double(ImageLimits.maxSide)
        func clamped(_ value: Double) -> Double { value.isFinite ? min(limit, max(0, value * scale)) : 0 }
        let areas = found.map { start in
            UnsafeBufferPointer(start: start, count: min(count, TextMatches.maxAreas)).map {
                TextMatches.Area(x: clamped($0.x), y: clamped($0.y), width: clamped($0.width), height: clamped($0.height))
            }
        }
        return TextMatches(page: page, areas: areas ?? [], hasText: hasText != 0)
    }

    /// `part` of page `page` drawn at `pixelsPerPoint`, as a pixbuf (+1).
    func draw(page: Int, part: PixelRect, pixelsPerPoint: Double) throws(LoadError) -> OpaquePointer {
        var message = [CChar](repeating: 0, count: 256)
        return try CairoDrawing.pixbuf(width: part.width, height: part.height, tooLarge: .tooLarge(width: part.width, height: part.height))
        {
            (pixels, stride) throws(LoadError) in
            guard
                iro_pdf_render(
                    handle, Int32(page), pixels, Int32(part.width), Int32(part.height), Int32(stride), Double(part.x), Double(part.y),
                    pixelsPerPoint, &message, message.count) == 1
            else { throw .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
        }
    }
}

extension PDFFile {
    /// Every page drawn into a new PDF as poppler prints it, with `overlay(page, cr)` drawn
    /// over each (cairo in points from the page's top left, as shown); `overlay` returns
    /// false to stop (a cancel). The new file's bytes.
    func copy(drawingOver overlay: (Int, OpaquePointer) -> Bool) throws(LoadError) -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let (written, stopped) = withoutActuallyEscaping(overlay) { overlay in
            let box = OverlayBox(overlay)
            let written = withExtendedLifetime(box) {
                iro_pdf_write_copy(
                    handle,
                    { context, page, cr in
                        guard let context, let cr else { return 0 }
                        return Unmanaged<OverlayBox>.fromOpaque(context).takeUnretainedValue().draw(page: Int(page), on: OpaquePointer(cr))
                    }, Unmanaged.passUnretained(box).toOpaque(), &bytes, &size, &message, message.count)
            }
            return (written, box.stopped)
        }
        defer { g_free(bytes) }
        if stopped { throw .unreadable(detail: tr("cancelled")) }
        guard written == 1, let bytes else {
            throw .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: size))
    }

    /// The overlay, reached from C's callback through its context pointer.
    private final class OverlayBox {
        let overlay: (Int, OpaquePointer) -> Bool
        var stopped = false
        init(_ overlay: @escaping (Int, OpaquePointer) -> Bool) { self.overlay = overlay }
        func draw(page: Int, on cr: OpaquePointer) -> Int32 {
            stopped = stopped || !overlay(page, cr)
            return stopped ? 0 : 1
        }
    }
}
