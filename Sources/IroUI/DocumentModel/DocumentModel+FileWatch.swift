import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// BEHAVIOUR A9: a file changed on disk reloads (keeping the view); a deleted file keeps its
/// last image and says so. Events come in bursts (write, close, rename over), so they are
/// gathered for a moment before acting on the result.
extension DocumentModel {
    static let fileSettleMilliseconds: UInt32 = 250

    func watchFile() {
        guard file.monitor == nil else { return }
        let location = document.path.newGFile()
        defer { g_object_unref(raw(location)) }
        let made: UnsafeMutablePointer<GFileMonitor>?
        do throws(GLibError) {
            made = try withGError { g_file_monitor_file(location, G_FILE_MONITOR_WATCH_MOVES, nil, $0) }
        } catch {
            // The document still works; it just will not follow changes to the file.
            Log.debug("cannot watch \(document.fullPath) for changes: \(error.message)")
            return
        }
        guard let monitor = made else { return }
        file.monitor = ObjectRef(taking: raw(monitor))
        onFileMonitorChanged(raw(monitor)) { [weak self] event, changed, other in
            guard let self else { return }
            // Our file renamed away is followed; another file renamed onto ours (an editor's
            // atomic save) is a change like any other.
            if event == G_FILE_MONITOR_EVENT_RENAMED, let changed, RawPath(locationOf: changed) == self.document.path,
                let other, let newPath = RawPath(locationOf: other), newPath != self.document.path
            {
                self.fileMoved(to: newPath)
            } else {
                self.fileEventArrived()
            }
        }
    }

    /// Stops watching the file (another one is shown next).
    func stopWatchingFile() {
        file.monitor = nil
        file.settle?.cancel()
        file.settle = nil
        file.isDeleted = false
        setBanner(nil)
    }

    /// The file was renamed (or moved within its file system): the same image under another
    /// name, so the document follows it and nothing is decoded again.
    private func fileMoved(to path: RawPath) {
        file.monitor = nil
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
        nameChanged()
    }

    private func fileEventArrived() {
        file.settle?.cancel()
        file.settle = after(milliseconds: Self.fileSettleMilliseconds) { [weak self] in
            self?.file.settle = nil
            self?.fileSettled()
        }
    }

    private func fileSettled() {
        guard !file.isMovingToTrash else { return }
        if document.path.exists, hasUnsavedEdits || editing != nil {
            // Reloading would lose the edits; Save asks before it replaces the new file.
            setBanner(tr("“%s” was changed by another program. Save asks before replacing it.", document.displayName))
        } else if document.path.exists {
            setBanner(nil)
            file.isDeleted = false
            reload()
        } else {
            file.isDeleted = true
            setBanner(tr("“%s” was deleted. This is the last version Iro opened.", document.displayName))
        }
    }
}
