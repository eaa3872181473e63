import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The bar that searches a document's text (BEHAVIOUR G7), under the header: a search entry
/// (the search runs as you type, after GtkSearchEntry's pause), where the search is ("3 of 12",
/// "No matches", "This document has no text to search"), previous and next. Enter goes to the
/// next match, Shift+Enter to the previous; Escape closes the bar and the highlights go.
final class SearchBar {
    let bar = gtk_search_bar_new()!
    let entry = gtk_search_entry_new()!
    let status: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    var onSearch: ((String) -> Void)?
    var onStep: ((_ forward: Bool) -> Void)?
    var onClose: (() -> Void)?

    var isOpen: Bool { gtk_search_bar_get_search_mode(OpaquePointer(bar)) != 0 }

    init() {
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        gtk_widget_set_size_request(entry, 320, -1)
        iro_accessible_set_label(entry, tr("Find in Document"))
        iro_object_set_string(raw(entry), "placeholder-text", tr("Find in Document"))
        let previous = gtk_button_new_from_icon_name("go-up-symbolic")!
        let next = gtk_button_new_from_icon_name("go-down-symbolic")!
        for (button, name, forward) in [(previous, tr("Previous Match (Shift+Enter)"), false), (next, tr("Next Match (Enter)"), true)] {
            gtk_widget_set_tooltip_text(button, name)
            iro_accessible_set_label(button, name)
            onSignal(raw(button), "clicked") { [weak self] in self?.onStep?(forward) }
        }
        let buttons: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(buttons.widget, "linked")
        gtk_box_append(buttons, previous)
        gtk_box_append(buttons, next)
        gtk_widget_add_css_class(status.widget, "dim-label")
        gtk_widget_add_css_class(status.widget, "numeric")
        gtk_box_append(box, entry)
        gtk_box_append(box, buttons.widget)
        gtk_box_append(box, status.widget)
        gtk_widget_set_visible(status.widget, 0) // an empty label is hidden, not read out
        gtk_search_bar_set_child(OpaquePointer(bar), box.widget)
        gtk_search_bar_connect_entry(OpaquePointer(bar), OpaquePointer(entry))
        gtk_search_bar_set_show_close_button(OpaquePointer(bar), 1)
        onSignal(raw(entry), "search-changed") { [weak self] in
            guard let self else { return }
            self.onSearch?(String(cString: gtk_editable_get_text(gcastOpaque(raw(self.entry), gtk_editable_get_type()))))
        }
        onSignal(raw(entry), "activate") { [weak self] in self?.onStep?(true) }
        // Shift+Enter: the previous match (the entry's own activate takes Enter alone).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        onKeyPressed(raw(keys)) { [weak self] key, _, state in
            guard key == GDK_KEY_Return || key == GDK_KEY_KP_Enter, state.rawValue & GDK_SHIFT_MASK.rawValue != 0 else { return false }
            self?.onStep?(false)
            return true
        }
        gtk_widget_add_controller(entry, keys)
        onNotify(raw(bar), "search-mode-enabled") { [weak self] in
            guard let self, !self.isOpen else { return }
            self.onClose?()
        }
    }

    /// Opens the bar with the keyboard in its entry, the text selected to type anew.
    func open() {
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 1)
        gtk_widget_grab_focus(entry)
        gtk_editable_select_region(gcastOpaque(raw(entry), gtk_editable_get_type()), 0, -1)
    }

    func close() { gtk_search_bar_set_search_mode(OpaquePointer(bar), 0) }

    /// Says where `search` is.
    func show(_ search: DocumentSearch?) {
        guard let search, !search.text.isEmpty else {
            gtk_label_set_text(status, "")
            return gtk_widget_set_visible(status.widget, 0)
        }
        gtk_widget_set_visible(status.widget, 1)
        let text: String
        if let number = search.currentNumber {
            // TRANSLATORS: which match of a search is shown, of how many found so far.
            text = tr("%1$d of %2$d", number, search.matchCount)
        } else if search.isSearching {
            text = tr("Searching…")
        } else if !search.anyText {
            text = tr("This document has no text to search: it may be a scan")
        } else {
            text = tr("No matches")
        }
        gtk_label_set_text(status, text)
    }
}
