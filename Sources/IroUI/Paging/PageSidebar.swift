import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The sidebar of a document's pages (BEHAVIOUR G3), left of the tabs: a GtkListView of the
/// selected tab's pages (it makes rows only for those on screen, so a 2000-page document
/// costs what a screenful does), each a thumbnail over its number. The current page is
/// selected and kept in view; clicking another goes to it. Thumbnails come from
/// `PageThumbnails`, made for the rows on screen: GTK 4.8's list binds rows well beyond
/// the viewport (up to 200), so the rows in view are worked out from the scroll position.
final class PageSidebar {
    static let width: Int32 = 180

    private let revealer: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    private let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    /// The list's items, one a page, made as rows ask for them.
    private let pages = iro_page_list_new()!
    private let selection: OpaquePointer
    let list: UnsafeMutablePointer<GtkWidget>
    let thumbnails = PageThumbnails()
    /// The second tab: the PDF's outline, when it has one.
    let outline = OutlineList()
    private let tabs: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    private let switcher = gtk_stack_switcher_new()!
    /// Asked to show page `page` (from 0).
    var onPage: ((Int) -> Void)?
    /// The pictures of the rows on screen, by page, for a thumbnail that arrives.
    private var shownPictures: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
    /// While the list is told the page shown (not a click).
    private var following = false
    /// The rows and thumbnails come only once the window's first page is on screen
    /// (`start`): laying out a list's rows (GTK 4.8 makes up to 200) and drawing thumbnails
    /// would delay that page's first frame by tens of milliseconds on a machine of two cores.
    /// Until then the sidebar is there, empty, at its width, so the page is laid out once.
    private var started = false
    /// What `show` was asked before `start`.
    private var pending: (path: RawPath?, password: String?, page: Int, count: Int)?

    var widget: UnsafeMutablePointer<GtkWidget> { revealer.widget }
    var isRevealed: Bool { gtk_revealer_get_reveal_child(revealer) != 0 }

    init() {
        selection = gtk_single_selection_new(OpaquePointer(g_object_ref(raw(pages))))!
        gtk_single_selection_set_autoselect(selection, 0)
        let factory = gtk_signal_list_item_factory_new()!
        list = gtk_list_view_new(OpaquePointer(g_object_ref(raw(selection))), factory)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        gtk_widget_add_css_class(list, "page-thumbnails")
        iro_accessible_set_label(list, tr("Pages"))
        onSignalWithPointer(raw(factory), "setup") { item in if let item { Self.setUp(item) } }
        onSignalWithPointer(raw(factory), "bind") { [weak self] item in if let item { self?.bind(item) } }
        onSignalWithPointer(raw(factory), "unbind") { [weak self] item in if let item { self?.unbind(item) } }
        onNotify(raw(selection), "selected") { [weak self] in
            guard let self, !self.following else { return }
            let chosen = Int(gtk_single_selection_get_selected(self.selection))
            if chosen != Int(GTK_INVALID_LIST_POSITION) { self.onPage?(chosen) }
        }
        thumbnails.onReady = { [weak self] page in
            guard let self, let picture = self.shownPictures[page], let texture = self.thumbnails.texture(of: page) else { return }
            gtk_picture_set_paintable(OpaquePointer(picture), texture)
        }
        if let adjustment = gtk_scrolled_window_get_vadjustment(scroller) {
            // Scrolled, or resized (the page size and range change): other rows are in view.
            for signal in ["value-changed", "changed"] { onSignal(raw(adjustment), signal) { [weak self] in self?.wantRowsInView() } }
        }
        // Once the frame that maps the sidebar (the window's first, with its page) is painted.
        afterFirstPaint(of: list) { [weak self] in self?.start() }
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller, list)
        gtk_widget_set_size_request(scroller.widget, Self.width, -1)
        // Pages, and Contents beside them once the document has an outline.
        gtk_widget_set_vexpand(tabs.widget, 1)
        // Icons, not words: the switcher must fit the sidebar's width, which never changes
        // (the page beside it would be laid out again).
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(tabs, scroller.widget, "pages", tr("Pages")), "view-grid-symbolic")
        gtk_stack_page_set_icon_name(
            gtk_stack_add_titled(tabs, outline.scroller.widget, "contents", tr("Contents")), "view-list-bullet-symbolic")
        gtk_stack_switcher_set_stack(OpaquePointer(switcher), tabs)
        gtk_widget_set_margin_top(switcher, 6)
        gtk_widget_set_margin_bottom(switcher, 6)
        gtk_widget_set_halign(switcher, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(switcher, 0)
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(box, switcher)
        gtk_box_append(box, tabs.widget)
        outline.onPage = { [weak self] page in self?.onPage?(page) }
        outline.onChange = { [weak self] in self?.outlineChanged() }
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT)
        gtk_revealer_set_child(revealer, box.widget)
        gtk_revealer_set_reveal_child(revealer, 0)
    }

    /// Shows or hides the sidebar, sliding when `animated` (F9); a document shown, or another
    /// tab chosen, has it there at once, so that the page is laid out once.
    func reveal(_ on: Bool, animated: Bool) {
        guard on != isRevealed else { return }
        gtk_revealer_set_transition_duration(revealer, animated ? 200 : 0)
        gtk_revealer_set_reveal_child(revealer, on ? 1 : 0)
    }

    /// The window's first page is on screen: the rows, then their thumbnails, come.
    func start() {
        guard !started else { return }
        started = true
        if let pending { show(path: pending.path, password: pending.password, page: pending.page, of: pending.count) }
        pending = nil
        wantRowsInView()
    }

    /// The pages whose rows are in view (and one row either side), from the scroll position:
    /// the rows are of one height.
    private var pagesInView: ClosedRange<Int>? {
        let count = Int(g_list_model_get_n_items(pages))
        guard count > 0, let adjustment = gtk_scrolled_window_get_vadjustment(scroller) else { return nil }
        let total = gtk_adjustment_get_upper(adjustment), visible = gtk_adjustment_get_page_size(adjustment)
        guard total > 0, visible > 0 else { return nil }
        let rowHeight = total / Double(count), top = gtk_adjustment_get_value(adjustment)
        let first = max(0, Int(top / rowHeight) - 1), last = min(count - 1, Int((top + visible) / rowHeight) + 1)
        return first <= last ? first...last : nil
    }

    /// Asks for the thumbnails of the bound rows in view, and drops the wish for the others.
    private func wantRowsInView() {
        guard started, isRevealed, let inView = pagesInView else { return }
        for page in shownPictures.keys.sorted() {
            if inView.contains(page) {
                if thumbnails.texture(of: page) == nil { thumbnails.want(page) }
            } else {
                thumbnails.unwant(page)
            }
        }
    }

    /// Shows the pages of `path` (`count` of them), page `page` selected and scrolled to.
    func show(path: RawPath?, password: String?, page: Int, of count: Int) {
        guard started else {
            pending = (path, password, page, count)
            return
        }
        outline.read(path, password: password)
        if path != thumbnails.path || Int(g_list_model_get_n_items(pages)) != count {
            thumbnails.use(path, password: password)
            shownPictures = [:]
            following = true
            iro_page_list_set_count(pages, guint(max(0, count)))
            following = false
        }
        guard count > 0 else { return }
        following = true
        gtk_single_selection_set_selected(selection, guint(page))
        following = false
        // GTK 4.8's list view has no scroll_to: moving the focus to the row scrolls it into view,
        // and only while the list has the focus already (the image keeps the keys otherwise).
        if gtk_widget_has_focus(list) != 0 || gtk_widget_is_focus(list) != 0 {
            _ = gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(guint32(page)))
        } else {
            scrollTo(page)
        }
    }

    /// The Contents tab shows only for a document with an outline; without one the pages show.
    private func outlineChanged() {
        let has = !outline.entries.isEmpty
        gtk_widget_set_visible(switcher, has ? 1 : 0)
        if !has { gtk_stack_set_visible_child_name(tabs, "pages") }
    }

    /// Whether the Contents tab is offered, and shown (tests).
    var showsContents: (offered: Bool, shown: Bool) {
        (gtk_widget_get_visible(switcher) != 0, string(gtk_stack_get_visible_child_name(tabs)) == "contents")
    }

    func showContents() { gtk_stack_set_visible_child_name(tabs, "contents") }

    /// Scrolls the list so that `page`'s row shows, without taking the focus: rows are of
    /// one height, so the row's place is its index times that.
    private func scrollTo(_ page: Int) {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(scroller) else { return }
        let count = Double(g_list_model_get_n_items(pages))
        let total = gtk_adjustment_get_upper(adjustment), visible = gtk_adjustment_get_page_size(adjustment)
        guard count > 0, total > 0 else { return }
        let rowHeight = total / count
        let top = rowHeight * Double(page), scrolled = gtk_adjustment_get_value(adjustment)
        if top < scrolled || top + rowHeight > scrolled + visible {
            gtk_adjustment_set_value(adjustment, max(0, top - (visible - rowHeight) / 2))
        }
    }

    // MARK: Rows

    /// A row: the thumbnail (its space kept while it is made) over the page's number.
    private static func setUp(_ item: UnsafeMutableRawPointer) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_size_request(picture, Int32(width) - 40, Int32(width) - 20)
        gtk_widget_add_css_class(picture, "page-thumbnail")
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "caption")
        gtk_box_append(cast(box), picture)
        gtk_box_append(cast(box), label)
        gtk_list_item_set_child(OpaquePointer(item), box)
    }

    private func parts(of item: UnsafeMutableRawPointer) -> (
        page: Int, picture: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>
    )? {
        guard let box = gtk_list_item_get_child(OpaquePointer(item)), let picture = gtk_widget_get_first_child(box),
            let label = gtk_widget_get_next_sibling(picture)
        else { return nil }
        return (Int(gtk_list_item_get_position(OpaquePointer(item))), picture, label)
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        guard let (page, picture, label) = parts(of: item) else { return }
        gtk_label_set_text(cast(label), "\(page + 1)")
        // TRANSLATORS: a page thumbnail's name for screen readers.
        iro_accessible_set_label(gtk_list_item_get_child(OpaquePointer(item)), tr("Page %d", page + 1))
        shownPictures[page] = picture
        if let texture = thumbnails.texture(of: page) {
            gtk_picture_set_paintable(OpaquePointer(picture), texture)
        } else {
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
            if started, isRevealed, pagesInView?.contains(page) ?? false { thumbnails.want(page) }
        }
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        guard let (page, picture, _) = parts(of: item) else { return }
        if shownPictures[page] == picture { shownPictures[page] = nil }
        thumbnails.unwant(page)
    }
}
