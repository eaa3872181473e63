import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The strip of the folder's thumbnails under the image (BEHAVIOUR H1): a horizontal
/// GtkListView that follows the folder position, keeping the current image's thumbnail
/// selected and in the middle; a click shows that image. It never takes the focus: the
/// keys stay with the image, so the arrows still step.
@MainActor
final class FolderStrip {
    /// The cells' picture width, in points.
    static let side: Int32 = 72

    private let revealer: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    let list: UnsafeMutablePointer<GtkWidget>
    private let selection: OpaquePointer
    private let items: FolderItems
    let cells: FolderCells
    /// Show the image at this position.
    var onOpen: ((Int) -> Void)?
    /// While the strip is told the current image (not a click).
    private var following = false

    var widget: UnsafeMutablePointer<GtkWidget> { revealer.widget }
    var isRevealed: Bool { gtk_revealer_get_reveal_child(revealer) != 0 }

    init(items: FolderItems, thumbnails: FolderThumbnails) {
        self.items = items
        cells = FolderCells(items: items, thumbnails: thumbnails, side: Self.side, named: false)
        selection = items.makeSelection()
        list = gtk_list_view_new(OpaquePointer(g_object_ref(raw(selection))), cells.factory)
        gtk_orientable_set_orientation(OpaquePointer(list), GTK_ORIENTATION_HORIZONTAL)
        gtk_list_view_set_single_click_activate(OpaquePointer(list), 1)
        gtk_widget_set_can_focus(list, 0)
        gtk_widget_add_css_class(list, "folder-strip")
        // TRANSLATORS: the strip of a folder's images under the image, for screen readers.
        iro_accessible_set_label(list, tr("Images in This Folder"))
        onSignal(raw(list), "activate") { [weak self] (position: Int32) in
            guard let self, !self.following else { return }
            self.onOpen?(Int(position))
        }
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(scroller, list)
        gtk_widget_add_css_class(scroller.widget, "folder-strip-band")
        cells.watch(scroller)
        if let adjustment = gtk_scrolled_window_get_hadjustment(scroller) {
            // Laid out again (the window resized, files added): the current one back in the middle.
            onSignal(raw(adjustment), "changed") { [weak self] in self?.centreCurrent() }
        }
        onSignal(raw(list), "map") { [weak self] in
            self?.centreCurrent()
            self?.cells.wantCellsOnScreen()
        }
        gtk_revealer_set_transition_duration(revealer, 0)
        gtk_revealer_set_child(revealer, scroller.widget)
        gtk_revealer_set_reveal_child(revealer, 0)
    }

    /// Shows or hides the strip, at once: it takes its band from the image, whose fit would
    /// follow a sliding edge frame by frame.
    func reveal(_ on: Bool) {
        if on != isRevealed { gtk_revealer_set_reveal_child(revealer, on ? 1 : 0) }
    }

    /// The current image changed (or the folder did): selected, and in the middle.
    func follow() {
        following = true
        gtk_single_selection_set_selected(selection, items.current.map { guint($0) } ?? GTK_INVALID_LIST_POSITION)
        following = false
        centreCurrent()
    }

    var selected: Int? { FolderItems.selected(in: selection) }

    /// Scrolls so that the current image's cell is in the middle (as far as the ends
    /// allow): the cells are of one width, so a cell's place is its position times that.
    private func centreCurrent() {
        guard let current = items.current, items.count > 0, let adjustment = gtk_scrolled_window_get_hadjustment(scroller) else { return }
        let total = gtk_adjustment_get_upper(adjustment), visible = gtk_adjustment_get_page_size(adjustment)
        guard total > 0, visible > 0 else { return }
        let cell = total / Double(items.count)
        let target = max(0, min(total - visible, cell * (Double(current) + 0.5) - visible / 2))
        if abs(gtk_adjustment_get_value(adjustment) - target) > 0.5 { gtk_adjustment_set_value(adjustment, target) }
    }
}
