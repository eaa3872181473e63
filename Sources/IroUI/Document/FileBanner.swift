import CGtk
import GtkSupport

/// A note across the top of a tab about its file (SPEC A9: "the file was deleted;
/// the last image stays"). libadwaita 1.2 has no AdwBanner, so: a revealer with
/// an on-screen-display box, floating over the image like the loading bar.
final class FileBanner {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>

    init() {
        widget = gtk_revealer_new()!
        gtk_revealer_set_transition_type(OpaquePointer(raw(widget)), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        label = gtk_label_new(nil)!
        gtk_label_set_wrap(OpaquePointer(raw(label)), 1)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "osd")
        gtk_widget_add_css_class(box, "file-banner")
        gtk_box_append(asBox(box), label)
        gtk_revealer_set_child(OpaquePointer(raw(widget)), box)
        gtk_widget_set_visible(widget, 0)     // out of the accessibility tree until there is news
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(OpaquePointer(raw(widget))) != 0 }
    var text: String { string(gtk_label_get_text(OpaquePointer(raw(label)))) ?? "" }

    func show(_ text: String) {
        gtk_label_set_text(OpaquePointer(raw(label)), text)
        gtk_widget_set_visible(widget, 1)
        gtk_revealer_set_reveal_child(OpaquePointer(raw(widget)), 1)
    }

    func hide() {
        gtk_revealer_set_reveal_child(OpaquePointer(raw(widget)), 0)
        gtk_widget_set_visible(widget, 0)
    }
}
