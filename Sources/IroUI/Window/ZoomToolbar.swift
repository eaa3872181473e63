import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The header bar's zoom controls (BEHAVIOUR C3): zoom out, reset, zoom in — in
/// that order — and the current percentage. The buttons are bound to the
/// window's actions, so they turn insensitive exactly when the action is
/// disabled at a zoom limit.
final class ZoomToolbar {
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
    private let label: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    var percentage: UnsafeMutablePointer<GtkWidget> { label.widget }

    init() {
        gtk_widget_add_css_class(widget, "linked")
        gtk_widget_add_css_class(percentage, "numeric")
        gtk_label_set_width_chars(label, 5)
        gtk_label_set_xalign(label, 1)
        iro_accessible_set_description(percentage, tr("Zoom level"))
        let buttons: [(icon: String, action: String, name: String, shortcut: String)] = [
            ("zoom-out-symbolic", "win.zoom-out", tr("Zoom Out"), "Ctrl+−"),
            ("zoom-original-symbolic", "win.zoom-reset", tr("Reset Zoom"), "Ctrl+0"),
            ("zoom-in-symbolic", "win.zoom-in", tr("Zoom In"), "Ctrl++"),
        ]
        for spec in buttons {
            let button = gtk_button_new_from_icon_name(spec.icon)!
            setAction(button, spec.action)
            // TRANSLATORS: a button's tooltip: what it does, then its keyboard shortcut: "Zoom In (Ctrl++)".
            gtk_widget_set_tooltip_text(button, tr("%1$s (%2$s)", spec.name, spec.shortcut))
            iro_accessible_set_label(button, spec.name)
            gtk_box_append(box, button)
        }
    }

    /// Shows the zoom's percentage (blank when no image is shown).
    func show(percent: Int?) {
        let text = percent.map { tr("%d %%", $0) } ?? ""
        gtk_label_set_text(label, text)
    }
}
