import CGtk
import FoundationEssentials
import GtkSupport
import IroCore
import IroImaging

/// Save Copy of a document's page or a note package's image (BEHAVIOUR D6, D7; `win.save-copy`): the selected tab's
/// image with its hue applied, written as PNG or JPEG where the user chooses.
///
/// The pixels are copied when the command starts, together with the hue of that moment;
/// the dialog asks for a name; `HueExport` adjusts and writes in the background. A tab
/// that shows a large JPEG with less than all its pixels (`DecodeDetail`) starts
/// decoding them all at once, while the dialog is open.
enum ExportAdjustedCopy {
    static func begin(in window: DocumentWindow) {
        guard let model = window.selectedModel, let image = model.levels?.image else { return }
        let document = model.document.path
        // The file the pixels came from: the document, or a note package's image.
        let original = model.imagePath ?? document
        let pixels: Task<PixbufSnapshot?, Never>
        if image.isFullResolution {
            guard let snapshot = PixbufSnapshot(copying: image.pixbuf) else {
                ExportFailureDialog.present(.writeFailed(detail: tr("not enough memory for a copy of the image")), parent: window.window)
                return
            }
            pixels = Task { snapshot }
        } else {
            let page = DocumentPage(model.document.page, password: model.document.password)
            pixels = Task { await fullResolution(of: original, page: page) }
        }
        let hue = model.hue
        SaveDialog.present(
            for: window.window, title: tr("Export Adjusted Copy"), acceptLabel: tr("_Export"),
            suggestedName: HueExport.suggestedName(for: document),
            folder: document.deletingLastComponent
        ) { [weak window] destination in
            guard let destination else { return pixels.cancel() }
            Task {
                guard let snapshot = await pixels.value else {
                    ExportFailureDialog.present(
                        .writeFailed(detail: tr("the image’s file could not be read again at full size")),
                        parent: window?.window)
                    return
                }
                await export(snapshot, hue: hue, original: original, to: destination, parent: window?.window)
            }
        }
    }

    /// Every pixel of the image at `path` (a document's `page`, at 100 %), decoded off the
    /// main thread; nil if that fails.
    @concurrent
    nonisolated static func fullResolution(of path: RawPath, page: DocumentPage = .first) async -> PixbufSnapshot? {
        let decoded: DecodedImage?
        do throws(LoadError) {
            decoded = try ImageDecoder.decodeSynchronously(path: path, page: page, isCancelled: { Task.isCancelled })
        } catch {
            Log.debug("decoding \(path.displayString) again at full size for an export: \(error.reason)")
            return nil
        }
        guard let decoded else { return nil }
        return PixbufSnapshot(taking: decoded)
    }

    /// Writes the copy and shows what went wrong, if anything; returns that failure.
    @discardableResult
    static func export(
        _ snapshot: PixbufSnapshot, hue: Double, original: RawPath, to destination: RawPath,
        parent: UnsafeMutablePointer<GtkWindow>?
    ) async -> ExportError? {
        do throws(ExportError) {
            try await HueExport.write(snapshot, hue: hue, to: destination, original: original)
            return nil
        } catch {
            ExportFailureDialog.present(error, parent: parent)
            return error
        }
    }
}
