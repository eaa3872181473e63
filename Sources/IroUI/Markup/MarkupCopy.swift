import CGLib
import GtkSupport
import IroCore
import IroImaging

/// Save a Copy of an image with markup (BEHAVIOUR I4): every pixel of the image as the tab
/// shows it (its edits, its hue), with the markup drawn over it by cairo at that resolution,
/// so the strokes are as sharp as vectors, then encoded as the name says (PNG or JPEG). A
/// PDF's copy is a PDF: its pages as they are, text and all, with their markup over them.
enum MarkupCopy {
    /// Save a Copy of a document's pages or a note package's image with markup: asks for a
    /// name ("Name (marked up).pdf" for a PDF), then writes what the name says.
    static func saveCopy(in window: DocumentWindow) {
        guard let model = window.selectedModel else { return }
        let document = model.document.path, isPDF = model.formatName == ImageFormats.pdf
        let suggested = SaveEdits.suggestedName(for: document, formatName: model.formatName, markedUp: true, ext: isPDF ? ".pdf" : nil)
        SaveDialog.present(
            for: window.window, title: tr("Save a Copy"), acceptLabel: tr("_Save"), suggestedName: suggested,
            folder: document.deletingLastComponent,
            offersPDF: isPDF
        ) { [weak window, weak model] destination in
            guard let destination, let window, let model else { return }
            let chosen = destination.lastComponent.displayString
            if HueExport.isSameFile(destination, document) {
                ExportFailureDialog.present(.sameAsOriginal, parent: window.window, heading: tr("Could Not Save"))
                return
            }
            if isPDF, chosen.lowercased().hasSuffix(".pdf") { return writePDF(model, in: window, to: destination) }
            guard let format = SavedFormat.forFileName(chosen) else {
                ExportFailureDialog.present(.unsupportedFormat(fileName: chosen), parent: window.window, heading: tr("Could Not Save"))
                return
            }
            begin(model, in: window, to: destination, as: format)
        }
    }

    /// A new PDF of the document's pages with their markup, made in the decoder helper.
    private static func writePDF(_ model: DocumentModel, in window: DocumentWindow, to destination: RawPath) {
        let markup = model.markup.document, path = model.document.path, password = model.document.password
        CopyOutcome.run(in: window, naming: destination.lastComponent.displayString) {
            await writePDF(of: path, password: password, markup: markup, to: destination)
        }
    }

    @concurrent
    nonisolated static func writePDF(of path: RawPath, password: String?, markup: MarkupDocument, to destination: RawPath) async
        -> ExportError?
    {
        let bytes: [UInt8]
        do throws(LoadError) {
            bytes = try ImageDecoder.markUpPDF(path: path, page: DocumentPage(0, password: password), markup: markup)
        } catch {
            return .writeFailed(detail: error.reason)
        }
        do throws(ExportError) { try FileReplace.write(bytes, to: destination) } catch { return error }
        return nil
    }

    /// The pixels, hue and markup of `model` now; nil when there is nothing to draw.
    static func begin(_ model: DocumentModel, in window: DocumentWindow, to destination: RawPath, as format: SavedFormat) {
        let layer = model.markupLayer, hue = model.hue
        // Every pixel of the picture, as held (unsaved edits always are), or else decoded again:
        // a large photo or a document's page is shown from fewer.
        let held = model.levels?.image.flatMap { $0.isFullResolution ? PixbufSnapshot(sharing: $0) : nil }
        let path = held == nil ? model.imagePath : nil
        let page = DocumentPage(model.document.page, password: model.document.password)
        CopyOutcome.run(in: window, naming: destination.lastComponent.displayString) {
            await write(held: held, orDecoding: path, page: page, hue: hue, layer: layer, format: format, to: destination)
        }
    }

    @concurrent
    nonisolated static func write(
        held: PixbufSnapshot?, orDecoding path: RawPath?, page: DocumentPage = .first, hue: Double, layer: MarkupLayer,
        format: SavedFormat, to destination: RawPath
    ) async -> ExportError? {
        var source = held
        if source == nil, let path { source = await ExportAdjustedCopy.fullResolution(of: path, page: page) }
        guard let source else { return .writeFailed(detail: tr("the image’s file could not be read again at full size")) }
        do throws(ExportError) {
            // The hue turns the picture's colours, not the markup's: applied first.
            let recoloured = try EditedPixels.apply(ImageEdit(hue: hue), to: source.readOnlyPixbuf)
            defer { g_object_unref(UnsafeMutableRawPointer(recoloured)) }
            let marked = try MarkupDrawing.flatten(layer, onto: recoloured)
            defer { g_object_unref(UnsafeMutableRawPointer(marked)) }
            let quality: SavedFormat = if case .jpeg(nil) = format { .jpeg(quality: SavedFormat.defaultJPEGQuality) } else { format }
            try FileReplace.write(try EditEncoding.encode(marked, as: quality), to: destination)
        } catch {
            return error
        }
        return nil
    }
}
