import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// What a locked document's page asks (BEHAVIOUR G4): its password, in a password entry
/// that has the keyboard, with Unlock (Enter) and Cancel. Unlock hands the password to
/// `unlock`, which opens the document again with it (a wrong one comes back here, saying
/// so). Cancel leaves the page saying the document is protected, with Retry, which asks
/// again.
final class PasswordPrompt {
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
    let entry = gtk_password_entry_new()!
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    private let unlock: (String) -> Void
    /// The prompt lives as long as its widgets: they hold it.
    private static let key = StateKey<PasswordPrompt>("iro-password-prompt")

    init(unlock: @escaping (String) -> Void, in page: UnsafeMutablePointer<AdwStatusPage>) {
        self.unlock = unlock
        gtk_password_entry_set_show_peek_icon(OpaquePointer(entry), 1)
        iro_object_set_string(raw(entry), "placeholder-text", tr("Password"))
        iro_accessible_set_label(entry, tr("Password"))
        gtk_widget_set_size_request(entry, 280, -1)
        gtk_widget_set_halign(box.widget, GTK_ALIGN_CENTER)
        let buttons: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_CENTER)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        let open = gtk_button_new_with_mnemonic(tr("_Unlock"))!
        for button in [cancel, open] {
            gtk_widget_add_css_class(button, "pill")
            gtk_box_append(buttons, button)
        }
        gtk_widget_add_css_class(open, "suggested-action")
        gtk_box_append(box, entry)
        gtk_box_append(box, buttons.widget)
        Self.key.attach(self, to: raw(box.widget))
        onSignal(raw(entry), "activate") { [weak self] in self?.submit() }
        onSignal(raw(open), "clicked") { [weak self] in self?.submit() }
        onSignal(raw(cancel), "clicked") { [page] in
            adw_status_page_set_child(page, StatusPages.pillButton(tr("_Retry"), action: "win.reload"))
        }
        // The keyboard goes to the entry once it is on screen.
        onSignal(raw(entry), "map") { [entry] in gtk_widget_grab_focus(entry) }
    }

    private func submit() {
        let password = String(cString: gtk_editable_get_text(gcastOpaque(raw(entry), gtk_editable_get_type())))
        guard !password.isEmpty else { return gtk_widget_error_bell(entry) }
        unlock(password)
    }
}
