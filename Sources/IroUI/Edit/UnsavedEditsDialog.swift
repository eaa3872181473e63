import CGtk
import GtkSupport
import IroCore

/// Asks before unsaved edits are lost (BEHAVIOUR D7): closing their tab or window, quitting,
/// stepping to another image, reloading. Save writes them first (and goes on only once
/// saved), Discard forgets them, Cancel keeps everything as it is.
enum UnsavedEditsDialog {
    /// Whether `model` holds edits that leaving it would lose: made and not saved, or under
    /// way in edit mode.
    static func hasChanges(_ model: DocumentModel) -> Bool { model.hasEditsToLose || model.hasMarkupToLose }

    /// Asks about `model`'s edits; `proceed(true)` once they are saved or discarded,
    /// `proceed(false)` when the user keeps them (Cancel, or a save that failed).
    @discardableResult
    static func ask(about model: DocumentModel, in window: DocumentWindow, _ proceed: @escaping @MainActor (Bool) -> Void)
        -> UnsafeMutablePointer<AdwMessageDialog>
    {
        // Markup alone is kept with Save Markup (a package); edits with Save (the file).
        let markupOnly = !model.hasEditsToLose
        let canSave: Bool
        if markupOnly {
            canSave = true
        } else if case .writes = SaveAbility.of(model) {
            canSave = true
        } else {
            canSave = false
        }
        let body =
            markupOnly
            ? tr("The markup drawn on the image is not saved. If you discard it, it is lost.")
            : canSave
                ? tr("The image has edits that are not saved. If you discard them, they are lost.")
                : tr("The image has edits that are not saved, and Iro cannot write its format. Save a copy first to keep them.")
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = cast(
            adw_message_dialog_new(window.window, tr("Save Changes to “%s”?", model.document.displayName), body))
        adw_message_dialog_add_response(dialog, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog, "discard", tr("_Discard"))
        adw_message_dialog_set_response_appearance(dialog, "discard", ADW_RESPONSE_DESTRUCTIVE)
        if canSave {
            adw_message_dialog_add_response(dialog, "save", markupOnly ? tr("_Save Markup…") : tr("_Save"))
            adw_message_dialog_set_response_appearance(dialog, "save", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(dialog, "save")
        } else {
            adw_message_dialog_set_default_response(dialog, "cancel")
        }
        adw_message_dialog_set_close_response(dialog, "cancel")
        onSignalWithPointer(raw(dialog), "response") { [weak model, weak window] response in
            let answer = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "cancel"
            // Once the dialog has closed: going on may close the window it belongs to, which
            // must not happen while the dialog is still answering.
            _ = addIdle {
                guard let model, let window else {
                    proceed(false)
                    return false
                }
                switch answer {
                case "save" where markupOnly:
                    // Asks where; what was to happen waits for the user to do it again.
                    SaveMarkup.begin(in: window)
                    proceed(false)
                case "save": SaveEdits.save(model, in: window) { saved in proceed(saved) }
                case "discard":
                    model.discardEdits()
                    model.forgetMarkup()
                    proceed(true)
                default: proceed(false)
                }
                return false
            }
        }
        gtk_window_present(dialog.window)
        return dialog
    }
}
