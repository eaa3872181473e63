import CGtk
import GtkSupport

/// A note across the top of a tab about its file (BEHAVIOUR A9: "the file was deleted;
/// the last image stays"). libadwaita 1.2 has no AdwBanner, so: a revealer with
/// an on-screen-display box, floating over the image like the loading bar.
final class FileBanner {
    private let revealer: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    private let label: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    var widget: UnsafeMutablePointer<GtkWidget> { revealer.widget }

    init() {
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_label_set_wrap(label, 1)
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(box.widget, "osd")
        gtk_widget_add_css_class(box.widget, "file-banner")
        gtk_box_append(box, label.widget)
        gtk_revealer_set_child(revealer, box.widget)
        gtk_widget_set_visible(widget, 0) // out of the accessibility tree until there is news
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(revealer) != 0 }
    var text: String { string(gtk_label_get_text(label)) ?? "" }

    func show(_ text: String) {
        gtk_label_set_text(label, text)
        gtk_widget_set_visible(widget, 1)
        gtk_revealer_set_reveal_child(revealer, 1)
    }

    func hide() {
        gtk_revealer_set_reveal_child(revealer, 0)
        gtk_widget_set_visible(widget, 0)
    }
}
