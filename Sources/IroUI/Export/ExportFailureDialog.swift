import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Tells that an export failed, and why. A dialog rather than a toast: nothing was
/// written, which the user has to notice, and a toast can time out unread.
enum ExportFailureDialog {
    static var heading: String { tr("Could Not Export") }

    @discardableResult
    static func present(_ error: ExportError, parent: UnsafeMutablePointer<GtkWindow>?, heading: String? = nil)
        -> UnsafeMutablePointer<AdwMessageDialog>
    {
        present(error.message, parent: parent, heading: heading)
    }

    /// `body` under `heading` (Could Not Export, unless said).
    @discardableResult
    static func present(_ body: String, parent: UnsafeMutablePointer<GtkWindow>?, heading: String? = nil)
        -> UnsafeMutablePointer<AdwMessageDialog>
    {
        let message: UnsafeMutablePointer<AdwMessageDialog> = cast(adw_message_dialog_new(parent, heading ?? Self.heading, body))
        adw_message_dialog_add_response(message, "close", tr("_Close"))
        adw_message_dialog_set_default_response(message, "close")
        adw_message_dialog_set_close_response(message, "close")
        gtk_window_present(message.window)
        return message
    }
}
