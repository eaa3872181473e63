import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// BEHAVIOUR A9: a file changed on disk reloads its tab (keeping the view); a deleted
/// file keeps its last image and says so. Events come in bursts (write, close,
/// rename over), so they are gathered for a moment before acting on the result.
extension DocumentView {
    static let fileSettleMilliseconds: UInt32 = 250

    func watchFile() {
        guard fileMonitor == nil else { return }
        let file = document.path.newGFile()
        defer { g_object_unref(raw(file)) }
        let made: UnsafeMutablePointer<GFileMonitor>?
        do throws(GLibError) { made = try withGError { g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, $0) } } catch {
            // The tab still works; it just will not follow changes to the file.
            Log.debug("cannot watch \(document.fullPath) for changes: \(error.message)")
            return
        }
        guard let monitor = made else { return }
        fileMonitor = ObjectRef(taking: raw(monitor))
        onFileMonitorChanged(raw(monitor)) { [weak self] event, file, other in
            guard let self else { return }
            // Our file renamed away is followed; another file renamed onto ours (an editor's
            // atomic save) is a change like any other.
            if event == G_FILE_MONITOR_EVENT_RENAMED, let file, RawPath(locationOf: file) == self.document.path,
                let other, let newPath = RawPath(locationOf: other), newPath != self.document.path
            {
                self.fileMoved(to: newPath)
            } else {
                self.fileEventArrived()
            }
        }
    }

    /// The file was renamed (or moved within its file system): the same image under
    /// another name, so the tab follows it and nothing is decoded again.
    private func fileMoved(to path: RawPath) {
        fileMonitor = nil
        let old = document.path
        document.moved(to: path)
        // The pixels' file moved with it: itself, or the image inside a note package.
        if let image = imagePath, image == old {
            imagePath = path
        } else if let image = imagePath, image.deletingLastComponent == old {
            imagePath = path.appending(image.lastComponent)
        }
        if path.deletingLastComponent == folderBrowser?.folder { folderBrowser?.select(path) }
        watchFile()
        onStateChanged?()
    }

    private func fileEventArrived() {
        fileSettle?.cancel()
        fileSettle = after(milliseconds: Self.fileSettleMilliseconds) { [weak self] in
            self?.fileSettle = nil
            self?.fileSettled()
        }
    }

    private func fileSettled() {
        guard !isMovingToTrash else { return }
        if document.path.exists {
            fileBanner.hide()
            isFileDeleted = false
            reload()
        } else {
            isFileDeleted = true
            fileBanner.show(tr("“%s” was deleted. This is the last version Iro opened.", document.displayName))
        }
    }

    /// Decodes the file again, keeping zoom, scroll, rotation and hue.
    func reload() {
        saveViewState()
        load(keepingCurrent: true)
    }
}
