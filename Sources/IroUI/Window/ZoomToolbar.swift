import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The header bar's zoom controls (SPEC C3): zoom out, reset, zoom in — in
/// that order — and the current percentage. The buttons are bound to the
/// window's actions, so they turn insensitive exactly when the action is
/// disabled at a zoom limit.
final class ZoomToolbar {
    let widget: UnsafeMutablePointer<GtkWidget>
    let percentage: UnsafeMutablePointer<GtkWidget>

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(widget, "linked")
        percentage = gtk_label_new(nil)
        gtk_widget_add_css_class(percentage, "numeric")
        gtk_label_set_width_chars(OpaquePointer(percentage), 5)
        gtk_label_set_xalign(OpaquePointer(percentage), 1)
        iro_accessible_set_description(OpaquePointer(raw(percentage)), "Zoom level")
        let buttons: [(icon: String, action: String, name: String, shortcut: String)] = [
            ("zoom-out-symbolic", "win.zoom-out", "Zoom Out", "Ctrl+−"),
            ("zoom-original-symbolic", "win.zoom-reset", "Reset Zoom", "Ctrl+0"),
            ("zoom-in-symbolic", "win.zoom-in", "Zoom In", "Ctrl++"),
        ]
        for spec in buttons {
            let button = gtk_button_new_from_icon_name(spec.icon)!
            gtk_actionable_set_action_name(OpaquePointer(button), spec.action)
            gtk_widget_set_tooltip_text(button, "\(spec.name) (\(spec.shortcut))")
            iro_accessible_set_label(OpaquePointer(button), spec.name)
            gtk_box_append(asBox(widget), button)
        }
    }

    /// Shows `zoom`'s percentage (blank when no image is shown).
    func show(_ scale: Double?) {
        let text = scale.map { "\(Int(($0 * 100).rounded())) %" } ?? ""
        gtk_label_set_text(OpaquePointer(percentage), text)
    }
}
