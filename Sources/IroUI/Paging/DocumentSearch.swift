import GtkSupport
import IroCore
import IroImaging

/// A search of a document's text (BEHAVIOUR G7), one tab's, held by its model: the pages are
/// searched in the decoder helpers (`TextSearch`), from the page shown to the end and then
/// from the start, so the first match near the reader comes first. Matches are kept by page;
/// one of them is current, and Enter / Shift+Enter step through them in reading order,
/// wrapping at the ends.
@MainActor
final class DocumentSearch {
    private(set) var text = ""
    /// The areas found on each page searched that has any.
    private(set) var matches: [Int: [TextMatches.Area]] = [:]
    /// The match shown as current: its page and which of the page's areas.
    private(set) var current: (page: Int, index: Int)?
    /// Pages searched so far, and whether any of them had text.
    private(set) var searchedPages = 0
    private(set) var anyText = false
    private(set) var isSearching = false
    private var pageCount = 0
    private var task: Task<Void, Never>?
    /// Something above changed (the model bumps its `search` revision).
    var onChange: (() -> Void)?
    /// A match became current on `page`: the model shows that page.
    var onCurrentPage: ((Int) -> Void)?

    var matchCount: Int { matches.values.reduce(0) { $0 + $1.count } }

    /// The areas to highlight on `page`, and which of them is current (nil: none there).
    func areas(onPage page: Int) -> (areas: [TextMatches.Area], current: Int?)? {
        guard let areas = matches[page], !areas.isEmpty else { return nil }
        return (areas, current?.page == page ? current?.index : nil)
    }

    /// The current match's place among all found so far, from 1 (for "3 of 12").
    var currentNumber: Int? {
        guard let current else { return nil }
        return matches.keys.filter { $0 < current.page }.reduce(0) { $0 + (matches[$1]?.count ?? 0) } + current.index + 1
    }

    /// Searches `path`'s `count` pages for `text`, from page `from`; an empty text ends the search.
    func start(_ text: String, path: RawPath, password: String?, from: Int, count: Int) {
        cancel()
        self.text = text
        pageCount = count
        guard !text.isEmpty, count > 0 else { return changed() }
        isSearching = true
        changed()
        let order = Array(from..<count) + Array(0..<from)
        task = Task { [weak self] in
            for await batch in TextSearch.pages(text, of: path, password: password, order: order) {
                guard !Task.isCancelled, let self else { return }
                self.add(batch.pages, searched: batch.searched)
            }
            guard !Task.isCancelled, let self else { return }
            self.isSearching = false
            self.task = nil
            self.changed()
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
        matches = [:]
        current = nil
        searchedPages = 0
        anyText = false
        isSearching = false
    }

    /// Ends the search and its highlights.
    func clear() {
        cancel()
        text = ""
        changed()
    }

    private func add(_ pages: [TextMatches], searched: Int) {
        for page in pages {
            anyText = anyText || page.hasText
            if !page.areas.isEmpty { matches[page.page] = page.areas }
        }
        searchedPages += searched
        if current == nil, let first = pages.first(where: { !$0.areas.isEmpty }) {
            current = (first.page, 0)
            onCurrentPage?(first.page)
        }
        changed()
    }

    /// Steps to the next match (or the previous one), wrapping; shows its page.
    func step(forward: Bool) {
        let all = matches.keys.sorted().flatMap { page in (0..<(matches[page]?.count ?? 0)).map { (page, $0) } }
        guard !all.isEmpty else { return }
        let position = current.flatMap { current in all.firstIndex { $0 == current } }
        let next: Int
        if let position {
            next = (position + (forward ? 1 : -1) + all.count) % all.count
        } else {
            next = forward ? 0 : all.count - 1
        }
        current = all[next]
        onCurrentPage?(all[next].0)
        changed()
    }

    private func changed() { onChange?() }
}
