import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Stepping through the folder of the image shown (BEHAVIOUR F1), in the same document.
extension DocumentModel {
    enum Step {
        case next, previous, first, last
    }

    /// Starts listing the folder of the image shown, once, when the tab is on screen with its
    /// image or error (tabs opened in the background list theirs when first shown; a note
    /// package is a document of its own, not an image of a folder).
    func startBrowsing() {
        guard isOnScreen else { return }
        listFolder()
    }

    /// Lists the folder of the image shown (once); for the folder's grid too, where the
    /// image itself is hidden.
    private func listFolder() {
        guard folderBrowser == nil, !NotePackage.isPackageName(document.path) else { return }
        switch document.state {
        case .loaded, .failed: break
        default: return
        }
        let browser = FolderBrowser(showing: document.path, sort: Preferences.shared.folderSort)
        browser.onChanged = { [weak self] in
            self?.preloadNeighboursSoon()
            self?.folderChanged()
        }
        browser.onFilesChanged = { [weak self] names in
            guard let self, let folder = self.folderBrowser?.folder else { return }
            self.preloader.forget(names.map(folder.appending))
        }
        folderBrowser = browser
    }

    /// Lists the folder again in the preferred order, when it is listed in another (the
    /// grid's Sort By changed it, BEHAVIOUR H1).
    func followFolderSort() {
        guard let browser = folderBrowser, browser.sort != Preferences.shared.folderSort else { return }
        browser.stop()
        folderBrowser = nil
        preloader.dropAll()
        listFolder()
        folderChanged()
    }

    /// The image a step would show, if there is one.
    func target(of step: Step) -> FolderList.Entry? {
        guard let browser = folderBrowser, browser.isListed else { return nil }
        switch step {
        case .next: return browser.list.next
        case .previous: return browser.list.previous
        case .first: return browser.list.first
        case .last: return browser.list.last
        }
    }

    /// Shows the page (`+Pages`) or else the image a step leads to, in a fresh view; the image shown stays until it
    /// arrives, which is at once when it was decoded ahead. A linked document keeps the
    /// linked view, hue included (BEHAVIOUR F6); another starts from the unchanged hue.
    func go(_ step: Step) {
        // Edits are asked about only when the step leads somewhere.
        guard page(after: step) != nil || canGo(step) && target(of: step) != nil else { return }
        if hasEditsToLose || hasMarkupToLose && page(after: step) == nil, let ask = askToLeaveEdits {
            return ask(self) { [weak self] in self?.go(step) }
        }
        cancelEdit()
        if page(after: step) == nil { forgetMarkup() }
        if let page = page(after: step) { return showPage(page) }
        guard canGo(step), let entry = target(of: step) else { return }
        show(entry)
    }

    /// Shows the folder's image `entry` (the grid and the strip jump there, BEHAVIOUR H1), as a step would.
    func show(_ entry: FolderList.Entry) {
        guard let browser = folderBrowser, entry.name != browser.list.current.name else { return }
        if hasEditsToLose || hasMarkupToLose, let ask = askToLeaveEdits { return ask(self) { [weak self] in self?.show(entry) } }
        cancelEdit()
        forgetMarkup()
        let path = browser.path(of: entry)
        let ahead = preloader.take(path) // before the new neighbours replace the old
        browser.select(path)
        cancelLoad()
        stopPlaying()
        stopWatchingFile()
        document.show(path)
        search.clear() // another file: the search was of this one
        if !isLinked { hue = HueControl.neutral }
        nameChanged()
        if let ahead {
            imagePath = path
            finishLoad(.success(ahead.pyramid), startsFresh: true, renderedAhead: ahead.rendering)
        } else {
            loadImage(at: path, keepingCurrent: true, startsFresh: true)
        }
    }

    /// Preloads once the next frame is painted: the frame that shows a step first.
    func preloadNeighboursSoon() {
        guard let viewer else { return }
        viewer.afterNextFrame { [weak self] in self?.preloadNeighbours() }
    }

    /// Decodes the images (and pages) before and after the shown one ahead, while the tab is shown.
    func preloadNeighbours() {
        guard let browser = folderBrowser, isOnScreen, let viewer else { return }
        var neighbours = [upcoming, browser.list.next, browser.list.previous].compactMap { $0 }.map {
            Preloader.Target(path: browser.path(of: $0))
        }
        // A document's pages next to the page shown come first: Page Down goes there before the folder.
        if let path = imagePath {
            neighbours.insert(
                contentsOf: [page(after: .next), page(after: .previous)].compactMap { $0 }.map {
                    Preloader.Target(path: path, page: DocumentPage($0, password: document.password))
                }, at: 0)
        }
        let viewport = viewer.viewport
        preloader.keep(neighbours, detail: Self.screenDetail, viewport: viewport.size, pixelsPerPoint: viewport.pixelsPerPoint)
    }

    private func folderChanged() {
        observable.set(Property.folderPosition, folderPosition ?? "")
        observable.bump(Property.folder)
    }

    /// "3 / 27" under the name in the header: where the shown image is in its folder.
    private var folderPosition: String? {
        guard let position = folderBrowser?.list.position, folderBrowser?.isListed == true else { return nil }
        // TRANSLATORS: under the image's name: which image of its folder it is, of how many.
        return trn("%1$d / %2$d", "%1$d / %2$d", position.count, position.index, position.count)
    }

    /// Why the previous / next buttons are insensitive when stepping is impossible here.
    var browsingUnavailableReason: String? {
        if NotePackage.isPackageName(document.path) { return tr("Note packages are not part of a folder’s images") }
        guard let browser = folderBrowser else { return nil }
        if let reason = browser.unavailable { return reason }
        return browser.isListed && browser.list.entries.count <= 1 && browser.list.position != nil
            ? tr("No other images in this folder") : nil
    }
}
