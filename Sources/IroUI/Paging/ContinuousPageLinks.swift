import CGtk
import GtkSupport
import IroCore
import IroImaging

/// The links on the stacked pages (BEHAVIOUR G6, G11), as on a single page: read in the
/// decoder helper for each page that comes into view (once), the pointer a hand over one with
/// a web link's address as its tooltip (the text cursor over text, G10), and a click (not a
/// drag, which pans) follows it.
@MainActor
final class ContinuousPageLinks {
    /// The links of each page read, by page.
    private(set) var read: [Int: [PageLink]] = [:]
    /// The pages whose links are being read, or were; the readings under way.
    private var asked: Set<Int> = []
    private var reading: [Int: Task<Void, Never>] = [:]
    /// The link under the pointer, while there is one, and the cursor shown.
    private(set) var hovered: PageLink?
    private var cursor = "grab"
    /// The click that follows a link (the pages' input installs it; tests emit its signal).
    var click: OpaquePointer?

    /// Another document: what was read of the one before is let go.
    func forget() {
        for task in reading.values { task.cancel() }
        (read, asked, reading, hovered) = ([:], [], [:], nil)
    }

    /// Reads the links of `pages` of `path` (a PDF's) not read yet.
    func want(_ pages: [Int], of path: RawPath, password: String?) {
        for page in pages where !asked.contains(page) {
            asked.insert(page)
            reading[page] = Task { [weak self] in
                let links: [PageLink]
                do throws(LoadError) {
                    links = try await ImageDecoder.links(path: path, page: DocumentPage(page, password: password))
                } catch {
                    links = []
                }
                guard !Task.isCancelled, let self else { return }
                self.read[page] = links
                self.reading[page] = nil
            }
        }
    }

    /// The link at `point` of `page` (its image pixels at 100 %), if it has one there.
    func link(onPage page: Int, at point: Point) -> PageLink? {
        read[page]?.last { $0.contains(point) } // the one drawn last is on top
    }

    /// The pointer is over `link` (or none), or text: the hand and the address, the text
    /// cursor, or the pan's open hand.
    func hover(_ link: PageLink?, overText: Bool, on widget: UnsafeMutablePointer<GtkWidget>) {
        let cursor = link != nil ? "pointer" : overText ? "text" : "grab"
        guard link != hovered || cursor != self.cursor else { return }
        (hovered, self.cursor) = (link, cursor)
        gtk_widget_set_cursor_from_name(widget, cursor)
        if case .uri(let uri) = link?.target {
            gtk_widget_set_tooltip_text(widget, uri)
        } else {
            gtk_widget_set_tooltip_text(widget, nil)
        }
    }
}
