import CGtk
import Glibc
import GtkSupport
import IroCore
import IroImaging

/// What users do with the file shown, beyond looking (BEHAVIOUR F4), one window's: copy it,
/// move it to the trash (with Undo) or delete it, show it in its folder, open it with another
/// application, set it as the background, print it.
final class FileActions {
    unowned let window: DocumentWindow

    init(_ window: DocumentWindow) {
        self.window = window
        let actions = window.actions
        actions.add("copy") { [weak self] in
            guard let self, let model = self.window.selectedModel else { return }
            // Text selected on a document's page is what is copied (BEHAVIOUR G10); else the image.
            if let text = model.selection.selectedText, let clipboard = gtk_widget_get_clipboard(self.window.window.widget) {
                gdk_clipboard_set_text(clipboard, text)
            } else {
                ImageClipboard.copyImage(of: model, from: self.window.window.widget)
            }
        }
        actions.add("copy-path") { [weak self] in
            guard let self, let model = self.window.selectedModel else { return }
            let several = self.severalSelected
            guard several.isEmpty else { return self.copyPaths(several) }
            ImageClipboard.copyPath(of: model, from: self.window.window.widget)
        }
        actions.add("trash") { [weak self] in self?.removeShownFile(toTrash: true) }
        actions.add("delete-permanently") { [weak self] in self?.confirmDeletion() }
        actions.add("show-in-folder") { [weak self] in self?.showInFolder() }
        actions.add("set-background") { [weak self] in self?.setShownAsBackground() }
        actions.add("print") { [weak self] in
            guard let window = self?.window else { return }
            // A document prints its pages, at the printer's resolution; an image, as shown.
            if window.selectedModel?.hasPages == true || window.selectedModel?.formatName == ImageFormats.pdf {
                PrintDocument.begin(in: window)
            } else {
                PrintImage.begin(in: window)
            }
        }
        actions.add("open-with") { [weak self] in
            guard let self, let model = self.window.selectedModel else { return }
            let name = model.document.displayName
            OpenWith.choose(for: model.document.path, over: self.window.window) { [weak self] reason in
                self?.window.toasts.show(tr("“%1$s” could not be opened: %2$s", name, reason))
            }
        }
        window.selection.observe([
            DocumentModel.Property.status, DocumentModel.Property.banner, DocumentModel.Property.title,
        ]) { [weak self] in self?.update() }
    }

    /// Which actions apply to the selected tab's file.
    func update() {
        let model = window.selectedModel, actions = window.actions
        // An error tab or a note package without an image has nothing to copy.
        let hasImage = model.map { $0.imagePath != nil && $0.levels != nil && $0.shown == .image } ?? false
        actions.setEnabled("copy", hasImage)
        actions.setEnabled("copy-path", model != nil)
        let removable = model.map(canRemove) ?? false
        actions.setEnabled("trash", removable)
        actions.setEnabled("delete-permanently", removable)
        actions.setEnabled("show-in-folder", removable)
        actions.setEnabled("set-background", hasImage && removable)
        actions.setEnabled("print", hasImage)
        actions.setEnabled("open-with", removable && !NotePackage.isPackageName(model?.document.path ?? RawPath("")))
    }

    /// Delete (to the trash) and Shift+Delete (for good, once confirmed): the shown file
    /// goes, the tab on to the next image of its folder (the previous at the end; closed
    /// when none is left), and a toast says so, with Undo for the trash.
    func removeShownFile(toTrash: Bool) {
        let several = severalSelected
        if !several.isEmpty {
            guard toTrash else {
                return window.toasts.show(tr("Select one image to delete it permanently: Delete moves them all to the trash"))
            }
            return trash(several)
        }
        guard let model = window.selectedModel, canRemove(model) else { return }
        let path = model.document.path, name = model.document.displayName
        let step: DocumentModel.Step? = model.target(of: .next) != nil ? .next : model.target(of: .previous) != nil ? .previous : nil
        model.file.isMovingToTrash = true // its own deletion is no news to show in a banner
        update()
        Task { [weak self, weak model] in
            let failure = await Self.remove(path, toTrash: toTrash)
            guard let self else { return }
            if let failure {
                model?.file.isMovingToTrash = false
                self.update()
                self.window.toasts.show(
                    toTrash
                        ? tr("“%1$s” was not moved to the trash: %2$s", name, failure) : tr("“%1$s” was not deleted: %2$s", name, failure))
                return
            }
            if let model, model.document.path == path {
                if let step {
                    model.go(step)
                } else if let page = self.window.page(of: model) {
                    adw_tab_view_close_page(self.window.tabView, page)
                }
            }
            if toTrash {
                self.window.toasts.show(
                    tr("“%s” moved to the trash", name), undo: { [weak self] in self?.restoreFromTrash(path, name: name) })
            } else {
                self.window.toasts.show(tr("“%s” deleted", name))
            }
        }
    }

    /// Blocking file work, off the main thread; the reason it failed, if it did.
    @concurrent
    nonisolated private static func remove(_ path: RawPath, toTrash: Bool) async -> String? {
        if toTrash {
            do throws(Trash.Failure) { try Trash.move(path) } catch {
                if case .notMoved(let reason) = error { return reason }
                return "\(error)"
            }
            return nil
        }
        let file = path.newGFile()
        defer { g_object_unref(raw(file)) }
        do throws(GLibError) { _ = try withGError { g_file_delete(file, nil, $0) } } catch { return error.message }
        return nil
    }

    /// The file manager shows the file in its folder (`ShowInFolder`).
    func showInFolder() {
        guard let model = window.selectedModel else { return }
        let path = model.document.path, name = model.document.displayName
        Task { [weak self] in
            if await !ShowInFolder.show(path) { self?.window.toasts.show(tr("No file manager could show “%s”", name)) }
        }
    }

    /// Set as Background: the desktop's portal, else GNOME's settings and a copy.
    func setShownAsBackground() {
        guard let model = window.selectedModel, let path = model.imagePath else { return }
        let name = model.document.displayName
        SetAsBackground.set(path) { [weak self] outcome in
            switch outcome {
            case .set: self?.window.toasts.show(tr("“%s” is the background", name))
            case .cancelled: break
            case .failed(let reason): self?.window.toasts.show(tr("“%1$s” could not be set as the background: %2$s", name, reason))
            }
        }
    }

    /// Shift+Delete asks first: what it deletes cannot come back.
    @discardableResult
    func confirmDeletion() -> UnsafeMutablePointer<AdwMessageDialog>? {
        guard severalSelected.isEmpty else {
            removeShownFile(toTrash: false) // says why not
            return nil
        }
        guard let model = window.selectedModel, canRemove(model) else { return nil }
        let path = model.document.path
        return Confirmation.ask(
            tr("Delete “%s” Permanently?", model.document.displayName), tr("It will not go to the trash, and cannot be restored."),
            confirm: tr("_Delete"), over: window.window
        ) { [weak self] delete in
            // Only the file it asked about: the tab may have moved on meanwhile.
            guard delete, let self, self.window.selectedModel?.document.path == path else { return }
            self.removeShownFile(toTrash: false)
        }
    }

    /// Undo: the file back where it was, shown in a new tab.
    func restoreFromTrash(_ path: RawPath, name: String) {
        Task { [weak self] in
            let failure = await Self.restore(path)
            guard let self else { return }
            if let failure { return self.window.toasts.show(tr("“%1$s” could not be put back: %2$s", name, failure)) }
            self.window.open(path, select: true)
        }
    }

    @concurrent
    nonisolated static func restore(_ path: RawPath) async -> String? {
        do throws(Trash.Failure) { try Trash.restore(path) } catch { return error.reason }
        return nil
    }

    func canRemove(_ model: DocumentModel) -> Bool {
        !model.file.isDeleted && !model.file.isMovingToTrash && !NotePackage.isPackageName(model.document.path)
            && model.document.path.withCString({ access($0, F_OK) }) == 0
    }
}
