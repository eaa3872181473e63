import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Save and Save Copy (BEHAVIOUR D7). Both write bytes made where files are decoded
/// (`ImageDecoder.saveEdit`): from the original file, with the tab's unsaved edits and its
/// hue, losslessly where the format allows.
///
/// Save replaces the file (`ReplaceWithTrash`): the original goes to the trash, and the
/// toast's Undo puts its bytes back. Save Copy writes a new file beside it, "name
/// (edited).ext" by default, never over the original.
enum SaveEdits {
    /// The edit Save writes: the edits made, an edit under way (Save is Done, then Save), and
    /// the hue the slider shows now.
    static func pendingEdit(of model: DocumentModel) -> ImageEdit {
        var edit = model.unsaved ?? .none
        let size = model.edits.fileSize
        if let session = model.editing {
            edit = edit.then(session.edit(hue: model.hue), width: size.width, height: size.height)
        } else if abs(model.hue - HueControl.neutral) > 1e-9 {
            edit = edit.then(ImageEdit(hue: model.hue), width: size.width, height: size.height)
        }
        return edit
    }

    // MARK: Save

    static func save(in window: DocumentWindow, then: (@MainActor (Bool) -> Void)? = nil) {
        guard let model = window.selectedModel else { return }
        save(model, in: window, then: then)
    }

    /// Saves `model`'s edits over its file; asks first when another program changed the file
    /// since it was first edited. `then` learns whether it was saved.
    static func save(_ model: DocumentModel, in window: DocumentWindow, then: (@MainActor (Bool) -> Void)? = nil) {
        guard case .writes(let format) = SaveAbility.of(model), let path = model.imagePath else {
            then?(false)
            return
        }
        guard model.fileChangedSinceEdit else { return write(model, format: format, to: path, in: window, then: then) }
        Confirmation.ask(
            tr("Replace “%s”?", model.document.displayName),
            tr("Another program changed the file after you began editing it. Saving replaces that version; it goes to the trash."),
            confirm: tr("_Replace"), over: window.window
        ) { [weak window, weak model] replace in
            guard replace, let window, let model else {
                then?(false)
                return
            }
            write(model, format: format, to: path, in: window, then: then)
        }
    }

    private static func write(
        _ model: DocumentModel, format: SavedFormat, to path: RawPath, in window: DocumentWindow, then: (@MainActor (Bool) -> Void)?
    ) {
        let edit = pendingEdit(of: model), name = model.document.displayName
        model.file.isMovingToTrash = true // its own replacement is no news for the banner
        window.toasts.show(tr("Saving “%s”…", name))
        Task { [weak window, weak model] in
            let outcome = await replace(path, with: edit, as: format)
            model?.file.isMovingToTrash = false
            switch outcome {
            case .failure(let message):
                if let window {
                    ExportFailureDialog.present(
                        tr("“%1$s” is as it was: %2$s", name, message), parent: window.window, heading: tr("Could Not Save"))
                }
                then?(false)
            case .success(let replaced):
                model?.editsSaved()
                window?.toasts.show(
                    tr("“%s” saved; the original is in the trash", name),
                    undo: { [weak window] in undo(replaced, name: name, in: window) })
                then?(true)
            }
        }
    }

    enum Outcome {
        case success(ReplaceWithTrash.Replaced)
        case failure(String)
    }

    @concurrent
    nonisolated static func replace(_ path: RawPath, with edit: ImageEdit, as format: SavedFormat) async -> Outcome {
        let bytes: [UInt8]
        do throws(LoadError) { bytes = try ImageDecoder.saveEdit(path: path, edit: edit, format: format) } catch {
            return .failure(tr("the edited image could not be made: %s", error.reason))
        }
        do throws(ReplaceWithTrash.Failure) { return .success(try ReplaceWithTrash.write(bytes, over: path)) } catch {
            switch error {
            case .write(let failure): return .failure(failure.message)
            case .notTrashed(let reason):
                return .failure(tr("the original could not be moved to the trash (%s), so nothing was changed", reason))
            }
        }
    }

    /// The toast's Undo: the original's bytes back over the saved file.
    private static func undo(_ replaced: ReplaceWithTrash.Replaced, name: String, in window: DocumentWindow?) {
        Task { [weak window] in
            let failure = await restore(replaced)
            guard let window else { return }
            if let failure { return window.toasts.show(tr("“%1$s” could not be put back: %2$s", name, failure)) }
            window.toasts.show(tr("“%s” is as it was", name))
        }
    }

    @concurrent
    nonisolated private static func restore(_ replaced: ReplaceWithTrash.Replaced) async -> String? {
        do throws(Trash.Failure) { try ReplaceWithTrash.undo(replaced) } catch { return error.reason }
        return nil
    }

    // MARK: Save Copy

    /// "name (edited).ext" for "name.ext" ("name (marked up).ext" for a copy that only adds
    /// markup): the original's format when Iro writes it, else PNG; `ext` (".pdf") when
    /// the copy is of another kind.
    nonisolated static func suggestedName(for path: RawPath, formatName: String?, markedUp: Bool = false, ext forced: String? = nil)
        -> String
    {
        let name = path.lastComponent.displayString
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let keeps = dot.map { SavedFormat.forFileName(name) != nil && String(name[$0...]).count > 1 } ?? false
        let ext = forced ?? (keeps ? String(name[(dot ?? name.endIndex)...]) : ".png")
        return (stem.isEmpty ? "image" : stem) + " " + (markedUp ? tr("(marked up)") : tr("(edited)")) + ext
    }

    /// Asks for a name and writes the image there, edited, in the format the name says.
    static func saveCopy(in window: DocumentWindow) {
        guard let model = window.selectedModel, let image = model.imagePath else { return }
        let isDocument = model.note != nil || model.hasPages || model.formatName == ImageFormats.pdf
        // A document's markup: a PDF's on its pages, a page's or a package's over its pixels.
        if isDocument, !model.markup.document.isEmpty { return MarkupCopy.saveCopy(in: window) }
        // A document's page and a note package's image are written from what the tab holds.
        guard model.note == nil, !model.hasPages, model.formatName != ImageFormats.pdf else { return ExportAdjustedCopy.begin(in: window) }
        let edit = pendingEdit(of: model), document = model.document.path
        SaveDialog.present(
            for: window.window, title: tr("Save a Copy"), acceptLabel: tr("_Save"),
            suggestedName: suggestedName(
                for: document, formatName: model.formatName, markedUp: edit == .none && !model.markupLayer.isEmpty),
            folder: document.deletingLastComponent
        ) { [weak window] destination in
            guard let destination, let window else { return }
            let name = destination.lastComponent.displayString
            guard let format = SavedFormat.forFileName(name) else {
                ExportFailureDialog.present(.unsupportedFormat(fileName: name), parent: window.window, heading: tr("Could Not Save"))
                return
            }
            if HueExport.isSameFile(destination, image) {
                ExportFailureDialog.present(.sameAsOriginal, parent: window.window, heading: tr("Could Not Save"))
                return
            }
            // Markup is drawn over the pixels the tab shows (BEHAVIOUR I4).
            if let model = window.selectedModel, !model.markupLayer.isEmpty {
                return MarkupCopy.begin(model, in: window, to: destination, as: format)
            }
            CopyOutcome.run(in: window, naming: name) { await writeCopy(of: image, edit: edit, as: format, to: destination) }
        }
    }

    @concurrent
    nonisolated static func writeCopy(of image: RawPath, edit: ImageEdit, as format: SavedFormat, to destination: RawPath) async
        -> ExportError?
    {
        let bytes: [UInt8]
        do throws(LoadError) { bytes = try ImageDecoder.saveEdit(path: image, edit: edit, format: format) } catch {
            return .writeFailed(detail: error.reason)
        }
        do throws(ExportError) { try FileReplace.write(bytes, to: destination) } catch { return error }
        return nil
    }
}
