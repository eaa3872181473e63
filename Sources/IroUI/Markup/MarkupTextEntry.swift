import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Typing markup's text and sticky notes (BEHAVIOUR I1): a popover where the pointer placed
/// them, with the text to type (a line for text, a few lines for a note) and, for a note,
/// Collapse and Delete. The text goes into the layer when the popover closes.
enum MarkupTextEntry {
    /// Asks for text at `point` (view points of `canvas`); `done` gets what was typed (nil:
    /// nothing, or deleted) and whether a note is to be collapsed.
    static func ask(
        over canvas: UnsafeMutablePointer<GtkWidget>, at point: Point, note: Bool, text initial: String, collapsed: Bool,
        _ done: @escaping @MainActor (_ text: String?, _ collapsed: Bool) -> Void
    ) {
        let popover = gtk_popover_new()!
        gtk_widget_set_parent(popover, canvas)
        var anchor = GdkRectangle(x: Int32(point.x), y: Int32(point.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(popover), &anchor)
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        let view: UnsafeMutablePointer<GtkTextView> = cast(gtk_text_view_new())
        let buffer = gtk_text_view_get_buffer(view)!
        gtk_text_buffer_set_text(buffer, initial, -1)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_widget_set_size_request(view.widget, 240, note ? 96 : 32)
        iro_accessible_set_label(view.widget, note ? tr("Note Text") : tr("Text"))
        gtk_text_view_set_left_margin(view, 6)
        gtk_text_view_set_top_margin(view, 4)
        // Framed, so it reads as a field to type in.
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(UnsafeMutablePointer(OpaquePointer(frame)), view.widget)
        gtk_box_append(box, frame)
        var isCollapsed = collapsed
        var deleted = false
        if note {
            let row: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
            let collapse = gtk_check_button_new_with_label(tr("Collapse"))!
            gtk_check_button_set_active(UnsafeMutablePointer(OpaquePointer(collapse)), collapsed ? 1 : 0)
            onNotify(raw(collapse), "active") {
                isCollapsed = gtk_check_button_get_active(UnsafeMutablePointer(OpaquePointer(collapse))) != 0
            }
            let delete = StatusPages.mnemonicButton(tr("_Delete Note"))
            gtk_widget_add_css_class(delete, "destructive-action")
            onSignal(raw(delete), "clicked") {
                deleted = true
                gtk_popover_popdown(cast(popover))
            }
            gtk_box_append(row, collapse)
            gtk_box_append(row, delete)
            gtk_box_append(box, row.widget)
        }
        gtk_popover_set_child(cast(popover), box.widget)
        onSignal(raw(popover), "closed") {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let text = takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
            done(deleted || text.isEmpty ? nil : text, isCollapsed)
            // Unparented after the closing is over, not inside it.
            _ = addIdle {
                gtk_widget_unparent(popover)
                return false
            }
        }
        // The typing goes to the text once the popover is on screen (before, it cannot take focus).
        onSignal(raw(popover), "map") {
            _ = addIdle {
                gtk_widget_grab_focus(view.widget)
                return false
            }
        }
        gtk_popover_popup(cast(popover))
    }
}
