import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The text of a note package, read-only, beside its image (BEHAVIOUR A8).
final class NoteSidebar {
    private let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    private let view: UnsafeMutablePointer<GtkTextView> = cast(gtk_text_view_new())
    var widget: UnsafeMutablePointer<GtkWidget> { scroller.widget }

    init() {
        gtk_text_view_set_editable(view, 0)
        gtk_text_view_set_cursor_visible(view, 0)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(view, 18)
        gtk_text_view_set_right_margin(view, 18)
        gtk_text_view_set_top_margin(view, 18)
        gtk_text_view_set_bottom_margin(view, 18)
        iro_accessible_set_label(view.widget, tr("Note"))
        gtk_scrolled_window_set_child(scroller, view.widget)
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(widget, 340, -1)
        gtk_widget_add_css_class(widget, "note-sidebar")
        gtk_widget_set_visible(widget, 0)
    }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    var text: String {
        let buffer = gtk_text_view_get_buffer(view)
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
    }

    func hide() { gtk_widget_set_visible(widget, 0) }

    /// Shows `text`; with `alone` (no image) the note takes the whole tab.
    func show(_ text: String, alone: Bool) {
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(view), text, -1)
        gtk_widget_set_hexpand(widget, alone ? 1 : 0)
        gtk_widget_set_visible(widget, 1)
    }
}
