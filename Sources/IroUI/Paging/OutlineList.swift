import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// A PDF's outline, its table of contents (BEHAVIOUR G3), as the page sidebar's second tab:
/// every entry in reading order, indented by its depth; a click goes to its page. Read in
/// the decoder helper once per document the sidebar shows.
final class OutlineList {
    let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    let list: UnsafeMutablePointer<GtkWidget>
    /// The entries shown; the list's items are their indices.
    private(set) var entries: [OutlineEntry] = []
    private let items = gtk_string_list_new(nil)!
    private var task: Task<Void, Never>?
    private var path: RawPath?
    /// Asked to show page `page` (from 0).
    var onPage: ((Int) -> Void)?
    /// The entries arrived (the sidebar shows its tab only when there are some).
    var onChange: (() -> Void)?

    init() {
        let factory = gtk_signal_list_item_factory_new()!
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(raw(items))))!
        list = gtk_list_view_new(selection, factory)
        gtk_list_view_set_single_click_activate(OpaquePointer(list), 1)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        iro_accessible_set_label(list, tr("Contents"))
        onSignalWithPointer(raw(factory), "setup") { item in
            guard let item else { return }
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(cast(label), 0)
            gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        onSignalWithPointer(raw(factory), "bind") { [weak self] item in
            guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            let index = Int(gtk_list_item_get_position(OpaquePointer(item)))
            guard self.entries.indices.contains(index) else { return }
            let entry = self.entries[index]
            gtk_label_set_text(cast(label), entry.title)
            gtk_widget_set_tooltip_text(label, entry.title)
            gtk_widget_set_margin_start(label, Int32(entry.depth * 14))
            gtk_widget_set_sensitive(label, entry.page == nil ? 0 : 1)
        }
        onSignal(raw(list), "activate") { [weak self] (position: Int32) in
            guard let self, self.entries.indices.contains(Int(position)), let page = self.entries[Int(position)].page else { return }
            self.onPage?(page)
        }
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller, list)
    }

    /// Reads `path`'s outline (opened with `password`), once for each document.
    func read(_ path: RawPath?, password: String?) {
        guard path != self.path else { return }
        self.path = path
        task?.cancel()
        set([])
        guard let path else { return }
        task = Task { [weak self] in
            let entries: [OutlineEntry]
            do throws(LoadError) { entries = try await ImageDecoder.outline(path: path, page: DocumentPage(0, password: password)) } catch {
                Log.debug("no outline read: \(error.reason)")
                entries = []
            }
            guard !Task.isCancelled, let self else { return }
            self.set(entries)
        }
    }

    private func set(_ entries: [OutlineEntry]) {
        self.entries = entries
        let numbers = entries.indices.map { strdup("\($0)") }
        var pointers = numbers.map { UnsafePointer($0) } + [nil]
        gtk_string_list_splice(items, 0, g_list_model_get_n_items(items), &pointers)
        for number in numbers { free(number) }
        onChange?()
    }
}
