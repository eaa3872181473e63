import CGtk
import GtkSupport
import IroCore

/// Brief messages over a window, some with Undo (“moved to the trash”): libadwaita's toast
/// overlay around everything the window shows.
final class Toasts {
    let overlay: UnsafeMutablePointer<AdwToastOverlay> = cast(adw_toast_overlay_new())
    /// The last toast shown and its Undo, if it has one (tests look).
    private(set) var last: (title: String, undo: (@MainActor () -> Void)?)?

    var widget: UnsafeMutablePointer<GtkWidget> { overlay.widget }

    /// Shows `title`; with `undo`, an Undo button that runs it.
    func show(_ title: String, undo: (@MainActor () -> Void)? = nil) {
        let toast = adw_toast_new(title)!
        if let undo {
            adw_toast_set_button_label(toast, tr("_Undo"))
            onSignal(raw(toast), "button-clicked") { undo() }
        }
        last = (title, undo)
        adw_toast_overlay_add_toast(overlay, toast)
    }
}
