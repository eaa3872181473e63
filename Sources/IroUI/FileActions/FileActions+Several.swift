import CGtk
import GtkSupport
import IroCore

/// The file actions on several images selected in the folder's grid (BEHAVIOUR H1): Delete
/// moves them all to the trash with one Undo that puts them all back, Copy Path copies every
/// path, a line each. Shift+Delete stays one image at a time (it cannot be undone), and the
/// actions that show or open one image act on the tab's.
extension FileActions {
    /// The files selected in the window's grid, when it shows several.
    var severalSelected: [RawPath] { window.browsing?.folderViews?.severalSelected ?? [] }

    /// Moves `paths` to the trash; the tab goes on to the first image after them (before
    /// them at the folder's end) when it showed one of them.
    func trash(_ paths: [RawPath]) {
        guard let model = window.selectedModel, let browser = model.folderBrowser else { return }
        let going = Set(paths.map(\.lastComponent))
        let entries = browser.list.entries
        let last = entries.lastIndex { going.contains($0.name) } ?? 0
        let staying =
            entries[min(entries.count, last + 1)...].first { !going.contains($0.name) }
            ?? entries.last { !going.contains($0.name) }
        Task { [weak self] in
            let failures = await Self.moveToTrash(paths)
            guard let self else { return }
            let moved = paths.filter { failures[$0] == nil }
            if let staying, going.contains(model.document.path.lastComponent), !moved.isEmpty { model.show(staying) }
            if let (path, reason) = failures.first {
                self.window.toasts.show(tr("“%1$s” was not moved to the trash: %2$s", path.lastComponent.displayString, reason))
            }
            guard !moved.isEmpty else { return }
            self.window.toasts.show(
                trn("%d image moved to the trash", "%d images moved to the trash", moved.count, moved.count),
                undo: { [weak self] in self?.restore(moved) })
        }
    }

    /// Undo: every file back from the trash, where the folder's views see it come back (no
    /// tab opens for each, as one does for a single image put back).
    private func restore(_ paths: [RawPath]) {
        Task { [weak self] in
            for path in paths {
                guard let failure = await Self.restore(path) else { continue }
                self?.window.toasts.show(tr("“%1$s” could not be put back: %2$s", path.lastComponent.displayString, failure))
            }
        }
    }

    /// Each path moved to the trash, off the main thread; the reasons of those that were not.
    @concurrent
    nonisolated private static func moveToTrash(_ paths: [RawPath]) async -> [RawPath: String] {
        var failures: [RawPath: String] = [:]
        for path in paths {
            do throws(Trash.Failure) { try Trash.move(path) } catch {
                if case .notMoved(let reason) = error { failures[path] = reason } else { failures[path] = "\(error)" }
            }
        }
        return failures
    }

    /// Copy Path with several selected: every path, a line each.
    func copyPaths(_ paths: [RawPath]) {
        guard let clipboard = gtk_widget_get_clipboard(window.window.widget) else { return }
        gdk_clipboard_set_text(clipboard, paths.map(\.displayString).joined(separator: "\n"))
    }
}
