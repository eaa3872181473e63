import CGtk
import Glibc
import GtkSupport
import IroCore

/// What users do with the file shown, beyond looking (BEHAVIOUR F4): copy it, move it to
/// the trash (with Undo).
extension DocumentWindow {
    func installFileActions() {
        actions.add("copy") { [weak self] in
            guard let self, let view = self.selectedView else { return }
            ImageClipboard.copyImage(of: view, from: self.window.widget)
        }
        actions.add("copy-path") { [weak self] in
            guard let self, let view = self.selectedView else { return }
            ImageClipboard.copyPath(of: view, from: self.window.widget)
        }
        actions.add("trash") { [weak self] in self?.removeShownFile(toTrash: true) }
        actions.add("delete-permanently") { [weak self] in self?.confirmDeletion() }
        actions.add("show-in-folder") { [weak self] in self?.showInFolder() }
        actions.add("set-background") { [weak self] in self?.setShownAsBackground() }
        actions.add("print") { [weak self] in self.map { PrintImage.begin(in: $0) } }
        actions.add("open-with") { [weak self] in
            guard let self, let view = self.selectedView else { return }
            let name = view.document.displayName
            OpenWith.choose(for: view.document.path, over: self.window) { [weak self] reason in
                self?.toast(tr("“%1$s” could not be opened: %2$s", name, reason))
            }
        }
    }

    func updateFileActions() {
        // An error tab or a note package without an image has nothing to copy.
        let hasImage = selectedView.map { $0.imagePath != nil && $0.canvas.pyramid != nil } ?? false
        actions.setEnabled("copy", hasImage)
        actions.setEnabled("copy-path", selectedView != nil)
        let removable = selectedView.map(canRemove) ?? false
        actions.setEnabled("trash", removable)
        actions.setEnabled("delete-permanently", removable)
        actions.setEnabled("show-in-folder", removable)
        actions.setEnabled("set-background", hasImage && removable)
        actions.setEnabled("print", hasImage)
        actions.setEnabled("open-with", removable && !NotePackage.isPackageName(selectedView?.document.path ?? RawPath("")))
    }

    /// Delete (to the trash) and Shift+Delete (for good, once confirmed): the shown file
    /// goes, the tab on to the next image of its folder (the previous at the end; closed
    /// when none is left), and a toast says so, with Undo for the trash.
    func removeShownFile(toTrash: Bool) {
        guard let view = selectedView, canRemove(view) else { return }
        let path = view.document.path, name = view.document.displayName
        let step: DocumentView.Step? = view.target(of: .next) != nil ? .next : view.target(of: .previous) != nil ? .previous : nil
        view.isMovingToTrash = true // its own deletion is no news to show in a banner
        Task { [weak self, weak view] in
            let failure = await Self.remove(path, toTrash: toTrash)
            guard let self else { return }
            if let failure {
                view?.isMovingToTrash = false
                self.toast(
                    toTrash
                        ? tr("“%1$s” was not moved to the trash: %2$s", name, failure) : tr("“%1$s” was not deleted: %2$s", name, failure))
                return
            }
            if let view, view.document.path == path {
                if let step { view.go(step) } else if let page = self.page(of: view) { adw_tab_view_close_page(self.tabView, page) }
            }
            if toTrash {
                self.toast(tr("“%s” moved to the trash", name), undo: { [weak self] in self?.restoreFromTrash(path, name: name) })
            } else {
                self.toast(tr("“%s” deleted", name))
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
        guard let view = selectedView else { return }
        let path = view.document.path, name = view.document.displayName
        Task { [weak self] in
            if await !ShowInFolder.show(path) { self?.toast(tr("No file manager could show “%s”", name)) }
        }
    }

    /// Set as Background: the desktop's portal, else GNOME's settings and a copy.
    func setShownAsBackground() {
        guard let view = selectedView, let path = view.imagePath else { return }
        let name = view.document.displayName
        SetAsBackground.set(path) { [weak self] outcome in
            switch outcome {
            case .set: self?.toast(tr("“%s” is the background", name))
            case .cancelled: break
            case .failed(let reason): self?.toast(tr("“%1$s” could not be set as the background: %2$s", name, reason))
            }
        }
    }

    /// Shift+Delete asks first: what it deletes cannot come back.
    @discardableResult
    func confirmDeletion() -> UnsafeMutablePointer<AdwMessageDialog>? {
        guard let view = selectedView, canRemove(view) else { return nil }
        let path = view.document.path
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = cast(
            adw_message_dialog_new(
                window, tr("Delete “%s” Permanently?", view.document.displayName),
                tr("It will not go to the trash, and cannot be restored.")))
        adw_message_dialog_add_response(dialog, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog, "delete", tr("_Delete"))
        adw_message_dialog_set_response_appearance(dialog, "delete", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(dialog, "cancel")
        adw_message_dialog_set_close_response(dialog, "cancel")
        onSignalWithPointer(raw(dialog), "response") { [weak self] response in
            // Only the file it asked about: the tab may have moved on meanwhile.
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "delete", let self,
                self.selectedView?.document.path == path
            else { return }
            self.removeShownFile(toTrash: false)
        }
        gtk_window_present(dialog.window)
        return dialog
    }

    /// Undo: the file back where it was, shown in a new tab.
    func restoreFromTrash(_ path: RawPath, name: String) {
        Task { [weak self] in
            let failure = await Self.restore(path)
            guard let self else { return }
            if let failure { return self.toast(tr("“%1$s” could not be put back: %2$s", name, failure)) }
            _ = self.open(path, select: true)
            self.update()
        }
    }

    @concurrent
    nonisolated private static func restore(_ path: RawPath) async -> String? {
        do throws(Trash.Failure) { try Trash.restore(path) } catch {
            switch error {
            case .notFound: return tr("it is no longer in the trash")
            case .occupied: return tr("another file has its name now")
            case .notRestored(let reason), .notMoved(let reason): return reason
            }
        }
        return nil
    }

    func canRemove(_ view: DocumentView) -> Bool {
        !view.isFileDeleted && !view.isMovingToTrash && !NotePackage.isPackageName(view.document.path)
            && view.document.path.withCString({ access($0, F_OK) }) == 0
    }

    /// Shows `title` over the window; with `undo`, an Undo button that runs it.
    func toast(_ title: String, undo: (@MainActor () -> Void)? = nil) {
        let toast = adw_toast_new(title)!
        if let undo {
            adw_toast_set_button_label(toast, tr("_Undo"))
            onSignal(raw(toast), "button-clicked") { undo() }
        }
        lastToast = (title, undo)
        adw_toast_overlay_add_toast(toasts, toast)
    }
}
