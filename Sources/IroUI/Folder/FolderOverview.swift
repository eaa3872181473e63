import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The grid of the folder's thumbnails that takes the image's place (BEHAVIOUR H1): a
/// GtkGridView, whose recycled cells make 10 000 files cost what a screenful costs. It
/// opens on the tab's image, selected, and the image selected is the tab's image from then
/// on, so that the file actions (Delete, Copy, Open With…, the properties) act on it. The
/// arrows, Page Up/Down, Home and End move the selection (GtkGridView's own keys); typing a
/// name selects the first file that starts with it (or holds it); Enter, a double-click or
/// Esc go back to the image.
@MainActor
final class FolderOverview {
    /// The cells' picture width, in points.
    static let side: Int32 = 160
    static let maxColumns: guint = 12
    /// Typing pauses this long before the next key starts a new name.
    static let typingPauseMilliseconds: UInt32 = 1000

    let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    let grid: UnsafeMutablePointer<GtkWidget>
    /// The grid under its bar, which has the order's choice.
    private let column: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    /// Sort By: the folder's order (Preferences.folderSort), in FolderSort's order.
    let sortChoice: UnsafeMutablePointer<GtkWidget>
    private let selection: OpaquePointer
    private let items: FolderItems
    let cells: FolderCells
    /// The user selected the image at this position (keys, a click, type-to-find).
    var onSelect: ((Int) -> Void)?
    /// Open the image at this position (Enter, a double-click).
    var onOpen: ((Int) -> Void)?
    /// Back to the image (Esc).
    var onClose: (() -> Void)?
    /// While the grid is told which image is selected (not the user's choice).
    private var following = false
    /// What was typed so far of a name, and when that ends.
    private(set) var typed = ""
    private var typingEnds: SourceID?

    var widget: UnsafeMutablePointer<GtkWidget> { column.widget }

    /// The order's choices, in FolderSort's order.
    static var sortChoices: [String] { [tr("Name"), tr("Date Taken"), tr("Date Modified"), tr("Size")] }

    init(items: FolderItems, thumbnails: FolderThumbnails) {
        self.items = items
        cells = FolderCells(items: items, thumbnails: thumbnails, side: Self.side, named: true)
        // Several may be selected (Ctrl and Shift with a click or the arrows): the file
        // actions that make sense for several act on them all (FileActions).
        selection = gtk_multi_selection_new(OpaquePointer(g_object_ref(raw(items.model))))!
        grid = gtk_grid_view_new(OpaquePointer(g_object_ref(raw(selection))), cells.factory)
        let choices = gtk_string_list_new(nil)
        for choice in Self.sortChoices { gtk_string_list_append(choices, choice) }
        sortChoice = gtk_drop_down_new(choices, nil) // takes the list
        // GTK 4.8's grid binds 30 rows of its most columns, whatever the width: 12 at most
        // keep that to 360 cells (a screenful at 1920 points is 11 columns).
        gtk_grid_view_set_max_columns(OpaquePointer(grid), Self.maxColumns)
        gtk_widget_add_css_class(grid, "folder-overview")
        // TRANSLATORS: the grid of a folder's images, for screen readers.
        iro_accessible_set_label(grid, tr("Images in This Folder"))
        onSignal(raw(grid), "activate") { [weak self] (position: Int32) in self?.onOpen?(Int(position)) }
        // One image selected is the tab's; with several, the tab keeps the one it shows.
        onSelectionChanged(raw(selection)) { [weak self] _, _ in
            guard let self, !self.following, let index = self.selected else { return }
            self.onSelect?(index)
        }
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(raw(keys)) { [weak self] key, _, state in self?.keyPressed(key, state) ?? false }
        gtk_widget_add_controller(grid, keys)
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller, grid)
        gtk_widget_set_vexpand(scroller.widget, 1)
        gtk_widget_set_hexpand(scroller.widget, 1)
        cells.watch(scroller)
        onSignal(raw(grid), "map") { [weak self] in self?.cells.wantCellsOnScreen() }
        // TRANSLATORS: before the folder's order in the grid's bar: "Sort by: Name".
        let label = gtk_label_new_with_mnemonic(tr("_Sort by"))!
        gtk_label_set_mnemonic_widget(cast(label), sortChoice)
        let bar: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        gtk_widget_add_css_class(bar.widget, "toolbar")
        gtk_widget_set_halign(bar.widget, GTK_ALIGN_END)
        gtk_box_append(bar, label)
        gtk_box_append(bar, sortChoice)
        gtk_box_append(column, bar.widget)
        gtk_box_append(column, scroller.widget)
        showSort()
        onNotify(raw(sortChoice), "selected") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(OpaquePointer(self.sortChoice)))
            if FolderSort.allCases.indices.contains(index) { Preferences.shared.setFolderSort(FolderSort.allCases[index]) }
        }
    }

    /// The bar shows the order preferred (chosen here or in another window).
    func showSort() {
        let index = FolderSort.allCases.firstIndex(of: Preferences.shared.folderSort) ?? 0
        if Int(gtk_drop_down_get_selected(OpaquePointer(sortChoice))) != index {
            gtk_drop_down_set_selected(OpaquePointer(sortChoice), guint(index))
        }
    }

    /// The position selected, if any.
    /// The positions selected, in order.
    var selectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(selection) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        var positions: [Int] = []
        var iterator = GtkBitsetIter()
        var value: guint = 0
        var more = gtk_bitset_iter_init_first(&iterator, bitset, &value) != 0
        while more {
            positions.append(Int(value))
            more = gtk_bitset_iter_next(&iterator, &value) != 0
        }
        return positions
    }

    /// Selects exactly `positions` (several stay selected as files come and go around them).
    func select(positions: [Int]) {
        guard positions.count > 1 else { return select(positions.first) }
        guard let wanted = gtk_bitset_new_empty(), let all = gtk_bitset_new_range(0, guint(items.count)) else { return }
        defer {
            gtk_bitset_unref(wanted)
            gtk_bitset_unref(all)
        }
        for position in positions { gtk_bitset_add(wanted, guint(position)) }
        following = true
        _ = gtk_selection_model_set_selection(selection, wanted, all)
        following = false
    }

    /// The position selected, when one alone is.
    var selected: Int? {
        let positions = selectedPositions
        return positions.count == 1 ? positions[0] : nil
    }

    /// Selects `index` (none when nil), scrolls it into view and gives it the keyboard focus:
    /// Enter opens the focused cell, and the arrows move from it.
    func select(_ index: Int?) {
        following = true
        if let index {
            _ = gtk_selection_model_select_item(selection, guint(index), 1)
        } else {
            _ = gtk_selection_model_unselect_all(selection)
        }
        following = false
        guard let index else {
            _ = gtk_widget_grab_focus(grid)
            return
        }
        // GTK 4.8's grid has no scroll_to: its own action scrolls the item into view. The
        // cell is there once the grid is laid out again; then it takes the focus.
        _ = gtk_widget_activate_action_variant(grid, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
        focusing?.cancel()
        focusing = addIdle { [weak self] in
            guard let self else { return false }
            self.focusing = nil
            // Not once the grid has gone (an Enter that opened the image came first). The
            // grid's own action focuses the cell and makes it the anchor that Shift and the
            // arrows extend the selection from.
            if self.selected == index, gtk_widget_get_mapped(self.grid) != 0, let cell = self.cells.cell(at: index) {
                self.following = true
                var parts = [g_variant_new_uint32(guint32(index)), g_variant_new_boolean(0), g_variant_new_boolean(0)]
                let item = parts.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 3) }
                _ = gtk_widget_activate_action_variant(self.grid, "list.select-item", item)
                self.following = false
                _ = gtk_widget_grab_focus(cell)
            }
            return false
        }
    }

    private var focusing: SourceID?

    // MARK: Keys

    private func keyPressed(_ key: UInt32, _ state: GdkModifierType) -> Bool {
        if key == UInt32(GDK_KEY_Escape) {
            onClose?()
            return true
        }
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
        guard modifiers == 0 else { return false }
        if gdk_keyval_to_unicode(key) == 0, key != UInt32(GDK_KEY_BackSpace) {
            endTyping() // the arrows, Page and end keys move on: the next letters start a new name
            return false
        }
        if key == UInt32(GDK_KEY_BackSpace), !typed.isEmpty {
            typed.removeLast()
            return true
        }
        let character = gdk_keyval_to_unicode(key)
        // Space starts no name (it moves on, as in a file manager), but may be part of one.
        guard character >= 0x20, character != 0x7F, let scalar = Unicode.Scalar(character), !(scalar == " " && typed.isEmpty) else {
            return false
        }
        type(String(Character(scalar)))
        return true
    }

    private func endTyping() {
        typed = ""
        typingEnds?.cancel()
        typingEnds = nil
    }

    /// Adds `text` to the name typed and selects the file it finds (type-to-find).
    func type(_ text: String) {
        typed += text
        typingEnds?.cancel()
        typingEnds = after(milliseconds: Self.typingPauseMilliseconds) { [weak self] in self?.endTyping() }
        if let found = TypeToFind.first(matching: typed, in: items.entries.map { $0.name.displayString }) {
            select(found)
            onSelect?(found)
        }
    }
}
