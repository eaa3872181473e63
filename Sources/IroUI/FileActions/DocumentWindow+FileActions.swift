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
        actions.add("trash") { [weak self] in self?.moveToTrash() }
    }

    func updateFileActions() {
        // An error tab or a note package without an image has nothing to copy.
        let hasImage = selectedView.map { $0.imagePath != nil && $0.canvas.pyramid != nil } ?? false
        actions.setEnabled("copy", hasImage)
        actions.setEnabled("copy-path", hasImage)
        actions.setEnabled("trash", selectedView.map(canTrash) ?? false)
    }

    /// Delete: the shown file to the trash, the tab on to the next image of its folder (the
    /// previous at the end; closed when none is left), and a toast with Undo.
    func moveToTrash() {
        guard let view = selectedView, canTrash(view) else { return }
        let path = view.document.path, name = view.document.displayName
        let step: DocumentView.Step? = view.target(of: .next) != nil ? .next : view.target(of: .previous) != nil ? .previous : nil
        view.isMovingToTrash = true // its own deletion is no news to show in a banner
        Task { [weak self, weak view] in
            let failure = await Self.trash(path)
            guard let self else { return }
            if let failure {
                view?.isMovingToTrash = false
                self.toast("“\(name)” was not moved to the trash: \(failure)")
                return
            }
            if let view, view.document.path == path {
                if let step { view.go(step) } else if let page = self.page(of: view) { adw_tab_view_close_page(self.tabView, page) }
            }
            self.toast("“\(name)” moved to the trash", undo: { [weak self] in self?.restoreFromTrash(path, name: name) })
        }
    }

    @concurrent
    nonisolated private static func trash(_ path: RawPath) async -> String? {
        do throws(Trash.Failure) { try Trash.move(path) } catch {
            if case .notMoved(let reason) = error { return reason }
            return "\(error)"
        }
        return nil
    }

    /// Undo: the file back where it was, shown in a new tab.
    func restoreFromTrash(_ path: RawPath, name: String) {
        Task { [weak self] in
            let failure = await Self.restore(path)
            guard let self else { return }
            if let failure { return self.toast("“\(name)” could not be put back: \(failure)") }
            _ = self.open(path, select: true)
            self.update()
        }
    }

    @concurrent
    nonisolated private static func restore(_ path: RawPath) async -> String? {
        do throws(Trash.Failure) { try Trash.restore(path) } catch {
            switch error {
            case .notFound: return "it is no longer in the trash"
            case .occupied: return "another file has its name now"
            case .notRestored(let reason), .notMoved(let reason): return reason
            }
        }
        return nil
    }

    func canTrash(_ view: DocumentView) -> Bool {
        !view.isFileDeleted && !view.isMovingToTrash && !NotePackage.isPackageName(view.document.path)
            && view.document.path.withCString({ access($0, F_OK) }) == 0
    }

    /// Shows `title` over the window; with `undo`, an Undo button that runs it.
    func toast(_ title: String, undo: (@MainActor () -> Void)? = nil) {
        let toast = adw_toast_new(title)!
        if let undo {
            adw_toast_set_button_label(toast, "_Undo")
            onSignal(raw(toast), "button-clicked") { undo() }
        }
        lastToast = (title, undo)
        adw_toast_overlay_add_toast(toasts, toast)
    }
}
