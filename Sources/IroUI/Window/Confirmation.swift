import CGtk
import GtkSupport
import IroCore

/// A question before something that cannot be taken back (deleting for good, replacing a
/// file another program changed): Cancel, the default, and one destructive answer.
enum Confirmation {
    /// Asks `heading` with `body` over `window`; `answered(true)` when `confirm` is chosen.
    @discardableResult
    static func ask(
        _ heading: String, _ body: String, confirm label: String, over window: UnsafeMutablePointer<GtkWindow>,
        _ answered: @escaping @MainActor (Bool) -> Void
    ) -> UnsafeMutablePointer<AdwMessageDialog> {
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = cast(adw_message_dialog_new(window, heading, body))
        adw_message_dialog_add_response(dialog, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog, "confirm", label)
        adw_message_dialog_set_response_appearance(dialog, "confirm", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(dialog, "cancel")
        adw_message_dialog_set_close_response(dialog, "cancel")
        onSignalWithPointer(raw(dialog), "response") { response in
            answered(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } == "confirm")
        }
        gtk_window_present(dialog.window)
        return dialog
    }
}
