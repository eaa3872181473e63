import GtkSupport
import IroCore
import IroImaging

/// The pages of a document (BEHAVIOUR G2): a PDF or a multi-page TIFF shows one page at a
/// time, and steps go through its pages before they go on through the folder.
extension DocumentModel {
    /// Whether the file shown has more than one page.
    var hasPages: Bool { document.pageCount > 1 }

    /// What a decode found the file to hold; the page shown stays within it.
    func setPageCount(_ count: Int) {
        let count = max(1, count)
        guard count != document.pageCount else { return }
        document.pageCount = count
        document.page = min(document.page, count - 1)
        observable.bump(Property.pages)
    }

    /// The page a step leads to within the document, or nil when it leads out of it (past
    /// the first or last page) or there are no pages.
    func page(after step: Step) -> Int? {
        guard hasPages else { return nil }
        let page = document.page, last = document.pageCount - 1
        switch step {
        case .next: return page < last ? page + 1 : nil
        case .previous: return page > 0 ? page - 1 : nil
        case .first: return page > 0 ? 0 : nil
        case .last: return page < last ? last : nil
        }
    }

    /// Whether `step` goes anywhere: to another page, or (next and previous, past the
    /// document's ends) to another file of the folder. First and last stay in a document.
    func canGo(_ step: Step) -> Bool {
        if page(after: step) != nil { return true }
        if hasPages, step == .first || step == .last { return false }
        return target(of: step) != nil
    }

    /// Another page (or image) is shown: its links are read once it is painted (a document's;
    /// an image has none), and its text when the pointer first comes over it. A selection on
    /// the page before goes, but for one on stacked pages, which stay in view (BEHAVIOUR G11).
    func newPageShown() {
        if selection.path != imagePath {
            selection.forget()
        } else if viewer?.showsContinuousPages != true {
            selection.clear()
        }
        tasks.links?.cancel()
        tasks.links = nil
        links = []
        guard formatName == ImageFormats.pdf, let path = imagePath, let viewer else { return }
        let page = document.shownPage
        viewer.afterNextFrame { [weak self] in
            guard let self, self.document.shownPage == page, self.imagePath == path else { return }
            self.tasks.links = Task { [weak self] in
                let found: [PageLink]
                do throws(LoadError) { found = try await ImageDecoder.links(path: path, page: page) } catch {
                    Log.debug("no links read on page \(page.index + 1): \(error.reason)")
                    found = []
                }
                guard !Task.isCancelled, let self else { return }
                self.tasks.links = nil
                self.links = found
            }
        }
    }

    /// Reads the text of `page`, unless it is read (a PDF's; the pointer came over it).
    func readText(ofPage page: Int) {
        guard formatName == ImageFormats.pdf, shown == .image, let path = imagePath else { return }
        selection.read(path, page: page, password: document.password)
    }

    /// Selects all the text of the page shown (Ctrl+A), once it is read.
    func selectAllText() {
        guard formatName == ImageFormats.pdf, shown == .image, let path = imagePath else { return }
        selection.selectAll(of: path, page: document.page, password: document.password)
    }

    /// Opens the locked document shown again with `password` (BEHAVIOUR G4); a wrong one
    /// fails as the first try did, saying the password is wrong.
    func unlock(_ password: String) {
        document.password = password
        load()
    }

    /// Shows page `page` (from 0) at best fit: at once when it was drawn ahead (the pages
    /// next to the one shown are, `preloadNeighbours`), else the page shown stays until it arrives.
    func showPage(_ page: Int) {
        guard hasPages, (0..<document.pageCount).contains(page), page != document.page, let path = imagePath else { return }
        let ahead = preloader.take(path, page: DocumentPage(page, password: document.password))
        document.page = page
        observable.bump(Property.pages)
        if let ahead {
            cancelLoad()
            finishLoad(.success(ahead.pyramid), startsFresh: true, renderedAhead: ahead.rendering)
        } else {
            loadImage(at: path, keepingCurrent: true, startsFresh: true)
        }
    }
}
