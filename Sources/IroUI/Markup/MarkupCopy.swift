import CGLib
import GtkSupport
import IroCore
import IroImaging

/// Save a Copy of an image with markup (BEHAVIOUR I4): every pixel of the image as the tab
/// shows it (its edits, its hue), with the markup drawn over it by cairo at that resolution,
/// so the strokes are as sharp as vectors, then encoded as the name says (PNG or JPEG).
enum MarkupCopy {
    /// The pixels, hue and markup of `model` now; nil when there is nothing to draw.
    static func begin(_ model: DocumentModel, in window: DocumentWindow, to destination: RawPath, as format: SavedFormat) {
        let layer = model.markupLayer, hue = model.hue
        let held = model.levels?.image.map(PixbufSnapshot.init(sharing:))
        // Without every pixel held, the file is decoded again (never when it has unsaved edits:
        // those are held whole).
        let path = held == nil ? model.imagePath : nil
        let name = destination.lastComponent.displayString
        Task { [weak window] in
            let failure = await write(held: held, orDecoding: path, hue: hue, layer: layer, format: format, to: destination)
            guard let window else { return }
            if let failure {
                ExportFailureDialog.present(failure, parent: window.window, heading: tr("Could Not Save"))
            } else {
                window.toasts.show(tr("Saved a copy as “%s”", name))
            }
        }
    }

    @concurrent
    nonisolated static func write(
        held: PixbufSnapshot?, orDecoding path: RawPath?, hue: Double, layer: MarkupLayer, format: SavedFormat, to destination: RawPath
    ) async -> ExportError? {
        var source = held
        if source == nil, let path { source = await ExportAdjustedCopy.fullResolution(of: path) }
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
