import GtkSupport
import IroCore
import IroImaging

/// The text selected on a document's page (BEHAVIOUR G10), one tab's, held by its model: the
/// texts of the pages the pointer came over (read in the decoder helper the first time; paging
/// through with the keys reads none), and the selection, a run of one page's characters between
/// two ends. Another file drops everything; another page shown singly drops the selection.
@MainActor
final class TextSelection {
    /// The file whose pages' texts are held.
    private(set) var path: RawPath?
    private var password: String?
    /// The pages' texts read (empty for a page without any, a scan's), at most `kept`.
    private var texts: [Int: PageText] = [:]
    /// Pages whose text is being read, and the order the texts came in (to let the oldest go).
    private var reading: [Int: Task<Void, Never>] = [:]
    private var order: [Int] = []
    /// The selection: its page, and the characters at its two ends (the first where it started).
    private(set) var ends: (page: Int, anchor: Int, end: Int)?
    /// Select all was asked for this page before its text came: it selects all when it comes.
    private var selectsAllWhenRead: Int?
    /// The selection changed (the model bumps its `selection` revision).
    var onChange: (() -> Void)?

    /// Pages' texts kept (a dense page's is about 160 KB).
    static let kept = 12

    /// The text of `page`, once read.
    func text(of page: Int) -> PageText? { texts[page] }

    /// The page the selection is on.
    var page: Int? { ends?.page }

    /// Reads the text of `page` of `path` (opened with `password`), unless it is read or being
    /// read; another file drops what was held.
    func read(_ path: RawPath, page: Int, password: String?) {
        if path != self.path || password != self.password { forget() }
        (self.path, self.password) = (path, password)
        guard texts[page] == nil, reading[page] == nil else { return }
        reading[page] = Task { [weak self] in
            let text: PageText
            do throws(LoadError) { text = try await ImageDecoder.text(path: path, page: DocumentPage(page, password: password)) } catch {
                Log.debug("no text read on page \(page + 1): \(error.reason)")
                text = PageText(glyphs: [])
            }
            guard !Task.isCancelled, let self else { return }
            self.reading[page] = nil
            self.keep(text, of: page)
            if self.selectsAllWhenRead == page { self.selectAll(onPage: page) }
        }
    }

    private func keep(_ text: PageText, of page: Int) {
        texts[page] = text
        order.append(page)
        // The oldest go, but never the selection's page.
        while order.count > Self.kept, let oldest = order.first(where: { $0 != ends?.page }) {
            order.removeAll { $0 == oldest }
            texts[oldest] = nil
        }
    }

    /// Another file is shown: its pages' texts are read anew when wanted.
    func forget() {
        for task in reading.values { task.cancel() }
        (path, password, texts, reading, order, selectsAllWhenRead) = (nil, nil, [:], [:], [], nil)
        clear()
    }

    /// Starts a selection at character `glyph` of `page` (nothing is selected until it is extended).
    func begin(onPage page: Int, at glyph: Int) {
        ends = (page, glyph, glyph)
        changed()
    }

    /// Moves the selection's free end to character `glyph` of its page.
    func extend(to glyph: Int) {
        guard let ends, ends.end != glyph else { return }
        self.ends = (ends.page, ends.anchor, glyph)
        changed()
    }

    func clear() {
        selectsAllWhenRead = nil
        guard ends != nil else { return }
        ends = nil
        changed()
    }

    /// Selects every character of `page` of `path`, once its text is read (reading it now if needed).
    func selectAll(of path: RawPath, page: Int, password: String?) {
        read(path, page: page, password: password)
        if texts[page] != nil { selectAll(onPage: page) } else { selectsAllWhenRead = page }
    }

    private func selectAll(onPage page: Int) {
        selectsAllWhenRead = nil
        guard let count = texts[page]?.glyphs.count, count > 0 else { return }
        ends = (page, 0, count - 1)
        changed()
    }

    /// The text selected, when a selection spans more than its first character's start.
    var selectedText: String? {
        guard let (text, ends) = selected else { return nil }
        let selected = text.text(from: ends.anchor, to: ends.end)
        return selected.isEmpty ? nil : selected
    }

    /// Where the selection shows on its page (its lines' areas), in page pixels.
    var areas: [TextMatches.Area] {
        guard let (text, ends) = selected else { return [] }
        return text.areas(from: ends.anchor, to: ends.end)
    }

    /// The selection and its page's text, unless it is only a press on a character (a page of
    /// one character selected whole is a selection).
    private var selected: (PageText, (page: Int, anchor: Int, end: Int))? {
        guard let ends, let text = texts[ends.page], ends.anchor != ends.end || text.glyphs.count == 1 else { return nil }
        return (text, ends)
    }

    private func changed() { onChange?() }
}
