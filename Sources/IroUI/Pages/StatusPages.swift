import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The pages shown in place of an image: the error page of a tab that could
/// not load (BEHAVIOUR A7) and the start page of an empty window (BEHAVIOUR B3).
enum StatusPages {
    /// An AdwStatusPage naming the file and saying why it cannot be shown. A locked
    /// document's asks for its password, which goes to `unlock` (BEHAVIOUR G4).
    static func error(_ error: LoadError, fileName: String, unlock: ((String) -> Void)? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let page: UnsafeMutablePointer<AdwStatusPage> = cast(adw_status_page_new())
        // A locked document is not broken: a key, in the page's own colour.
        let locked = error == .needsPassword(wrong: false) || error == .needsPassword(wrong: true)
        adw_status_page_set_icon_name(page, locked ? "dialog-password-symbolic" : "image-missing-symbolic")
        adw_status_page_set_title(page, error.title)
        // TRANSLATORS: an error page: the file's name, then on a line of its own why it cannot be shown.
        let description = tr("“%1$s”\n%2$s", escapeMarkup(fileName), escapeMarkup(error.reason))
        adw_status_page_set_description(page, description)
        gtk_widget_add_css_class(page.widget, locked ? "locked-page" : "error-page")
        switch error {
        case .decoderStopped, .notMounted, .networkUnreachable:
            // Another try starts a fresh decoder, or finds the location mounted or reachable.
            adw_status_page_set_child(page, pillButton(tr("_Retry"), action: "win.reload"))
        case .needsPassword:
            if let unlock { adw_status_page_set_child(page, PasswordPrompt(unlock: unlock, in: page).widget) }
        default: break
        }
        return page.widget
    }

    /// The empty window's page: an Open button and a drop hint.
    static func start() -> UnsafeMutablePointer<GtkWidget> {
        let page: UnsafeMutablePointer<AdwStatusPage> = cast(adw_status_page_new())
        adw_status_page_set_icon_name(page, "io.github.iroviewer.Iro-symbolic")
        adw_status_page_set_title(page, tr("View Images"))
        adw_status_page_set_description(page, tr("Open images, or drop images here"))
        let button = pillButton(tr("_Open…"), action: "app.open")
        gtk_widget_add_css_class(button, "suggested-action")
        adw_status_page_set_child(page, button)
        gtk_widget_add_css_class(page.widget, "start-page")
        return page.widget
    }

    /// A pill button under a page's text, bound to `action`. Its child is the mnemonic
    /// label: GTK 4.8 would otherwise read the button's own label ("_Open…") and then the
    /// child's, so "Open…" twice.
    static func pillButton(_ mnemonic: String, action: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = mnemonicButton(mnemonic, action: action)
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        return button
    }

    /// A button labelled `mnemonic` ("_Retry") for `action`. Its label is a child of its own:
    /// GTK 4.8 names a button made with a mnemonic label by the raw label and the text both
    /// ("_Retry Retry"); a label child gives screen readers the text alone.
    static func mnemonicButton(_ mnemonic: String, action: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkButton> = cast(gtk_button_new())
        let label: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new_with_mnemonic(mnemonic))
        gtk_label_set_mnemonic_widget(label, button.widget)
        gtk_button_set_child(button, label.widget)
        if let action { setAction(button.widget, action) }
        return button.widget
    }

    /// AdwStatusPage descriptions are Pango markup.
    static func escapeMarkup(_ text: String) -> String {
        takeString(g_markup_escape_text(text, -1)) ?? ""
    }
}
