import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The pages shown in place of an image: the error page of a tab that could
/// not load (SPEC A7) and the start page of an empty window (SPEC B3).
enum StatusPages {
    /// An AdwStatusPage naming the file and saying why it cannot be shown.
    static func error(_ error: LoadError, fileName: String) -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_status_page_new()!
        let status = OpaquePointer(page)
        adw_status_page_set_icon_name(status, "image-missing-symbolic")
        adw_status_page_set_title(status, error.title)
        adw_status_page_set_description(status, "“\(escapeMarkup(fileName))”\n\(escapeMarkup(error.reason))")
        gtk_widget_add_css_class(page, "error-page")
        return page
    }

    /// The empty window's page: an Open button and a drop hint.
    static func start() -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_status_page_new()!
        let status = OpaquePointer(page)
        adw_status_page_set_icon_name(status, "io.github.iroviewer.Iro-symbolic")
        adw_status_page_set_title(status, "View Images")
        adw_status_page_set_description(status, "Open images, or drop images here")
        // A button whose child is the mnemonic label: GTK 4.8 would otherwise read the
        // button's own label ("_Open…") and then the child's, so "Open…" twice.
        let button = gtk_button_new()!
        let label = gtk_label_new_with_mnemonic("_Open…")!
        gtk_label_set_mnemonic_widget(OpaquePointer(raw(label)), button)
        gtk_button_set_child(gcast(raw(button), gtk_button_get_type()), label)
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_actionable_set_action_name(OpaquePointer(button), "app.open")
        adw_status_page_set_child(status, button)
        gtk_widget_add_css_class(page, "start-page")
        return page
    }

    /// AdwStatusPage descriptions are Pango markup.
    static func escapeMarkup(_ text: String) -> String {
        takeString(g_markup_escape_text(text, -1)) ?? ""
    }
}
