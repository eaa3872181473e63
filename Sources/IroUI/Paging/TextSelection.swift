import GtkSupport
import IroCore
import IroImaging

/// The text selected on a document's page (BEHAVIOUR G10), one tab's, held by its model: the
/// page's text is read in the decoder helper once the pointer first comes over the page
/// (paging through with the keys reads none), and the selection is the run of its characters
/// between two ends. Another page, or another file, drops both.
@MainActor
final class TextSelection {
    /// The page whose text is read, or being read.
    private(set) var page: DocumentPage?
    private(set) var path: RawPath?
    /// The page's text, once read (empty for a page without any, a scan's).
    private(set) var text: PageText?
    /// The characters at the selection's two ends (the first where it started), in `text`.
    private(set) var ends: (anchor: Int, end: Int)?
    private var task: Task<Void, Never>?
    /// Select all was asked before the text came: it selects all when it comes.
    private var selectsAllWhenRead = false
    /// The selection changed (the model bumps its `selection` revision).
    var onChange: (() -> Void)?

    /// Reads the text of `page` of `path`, unless it is read already or being read.
    func read(_ path: RawPath, page: DocumentPage) {
        guard path != self.path || page != self.page else { return }
        forget()
        (self.path, self.page) = (path, page)
        task = Task { [weak self] in
            let text: PageText
            do throws(LoadError) { text = try await ImageDecoder.text(path: path, page: page) } catch {
                Log.debug("no text read on page \(page.index + 1): \(error.reason)")
                text = PageText(glyphs: [])
            }
            guard !Task.isCancelled, let self else { return }
            self.task = nil
            self.text = text
            if self.selectsAllWhenRead { self.selectAll() }
        }
    }

    /// Another page or file is shown: its text is read again when wanted.
    func forget() {
        task?.cancel()
        (task, path, page, text, selectsAllWhenRead) = (nil, nil, nil, nil, false)
        clear()
    }

    /// Starts a selection at character `glyph` (nothing is selected until it is extended).
    func begin(at glyph: Int) {
        ends = (glyph, glyph)
        changed()
    }

    /// Moves the selection's free end to character `glyph`.
    func extend(to glyph: Int) {
        guard let ends, ends.end != glyph else { return }
        self.ends = (ends.anchor, glyph)
        changed()
    }

    func clear() {
        guard ends != nil else { return }
        ends = nil
        changed()
    }

    /// Selects the page's every character, once its text is read (reading it now if needed).
    func selectAll(of path: RawPath, page: DocumentPage) {
        read(path, page: page)
        if text != nil { selectAll() } else { selectsAllWhenRead = true }
    }

    private func selectAll() {
        selectsAllWhenRead = false
        guard let count = text?.glyphs.count, count > 0 else { return }
        ends = (0, count - 1)
        changed()
    }

    /// The text selected, when a selection spans more than its first character's start.
    var selectedText: String? {
        guard let ends, let text, ends.anchor != ends.end || isWholeCharacter else { return nil }
        let selected = text.text(from: ends.anchor, to: ends.end)
        return selected.isEmpty ? nil : selected
    }

    /// Where the selection shows on the page (its lines' areas), in page pixels.
    var areas: [TextMatches.Area] {
        guard let ends, let text, ends.anchor != ends.end || isWholeCharacter else { return [] }
        return text.areas(from: ends.anchor, to: ends.end)
    }

    /// A selection of all of a page of one character (select all): the only one-character
    /// selection; a press on a character that is not dragged selects nothing.
    private var isWholeCharacter: Bool { text?.glyphs.count == 1 }

    private func changed() { onChange?() }
}
