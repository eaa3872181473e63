import CGtk
import FoundationEssentials
import GtkSupport
import IroCore
import IroImaging

/// Note packages (BEHAVIOUR A8): a `*.notesdoc` folder opens as one read-only document,
/// its image with its text beside it. The folder is read off the main thread.
extension DocumentView {
    func loadNotePackage() {
        cancelLoad()
        document.state = .loading
        let folder = document.path
        loadTask = Task { [weak self] in
            let result = await Self.readPackage(folder)
            guard !Task.isCancelled, let self else { return }
            self.loadTask = nil
            switch result {
            case .failure(let error):
                self.noteSidebar.hide()
                self.showError(.notePackage(error))
                self.onStateChanged?()
            case .success(let package):
                self.noteSidebar.show(package.text, alone: package.imagePath == nil)
                if let image = package.imagePath {
                    self.loadImage(at: image)
                } else {
                    self.document.state = .loaded(width: 0, height: 0)
                    self.hideImageArea()
                    self.onStateChanged?()
                }
                self.watchFile()
            }
        }
    }

    @concurrent
    nonisolated static func readPackage(_ folder: RawPath) async -> Result<NotePackage, NotePackageError> {
        do throws(NotePackageError) { return .success(try NotePackage.load(folder: folder)) } catch { return .failure(error) }
    }
}
