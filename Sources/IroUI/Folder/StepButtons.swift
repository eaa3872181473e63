import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The header's previous / next image buttons (BEHAVIOUR F1), bound to `win.previous-image`
/// and `win.next-image`, so they turn insensitive at the ends of the folder. Their tooltips
/// name the keys, or say why stepping is not possible here.
final class StepButtons {
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    let previous: UnsafeMutablePointer<GtkWidget>
    let next: UnsafeMutablePointer<GtkWidget>

    init() {
        gtk_widget_add_css_class(box.widget, "linked")
        previous = gtk_button_new_from_icon_name("go-previous-symbolic")
        next = gtk_button_new_from_icon_name("go-next-symbolic")
        for (button, action, name) in [(previous, "win.previous-image", tr("Previous Image")), (next, "win.next-image", tr("Next Image"))] {
            setAction(button, action)
            iro_accessible_set_label(button, name)
            gtk_box_append(box, button)
        }
        explain(nil)
    }

    /// Tooltips for the state shown: `unavailable` says why stepping is impossible here.
    func explain(_ unavailable: String?) {
        gtk_widget_set_tooltip_text(previous, unavailable ?? tr("Previous Image (Left, Page Up)"))
        gtk_widget_set_tooltip_text(next, unavailable ?? tr("Next Image (Right, Page Down)"))
    }
}
