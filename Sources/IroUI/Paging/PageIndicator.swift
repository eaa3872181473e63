import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The header's page indicator (BEHAVIOUR G2): "3 / 27" for a document with pages, hidden
/// for an image. The page's number is an entry: typing another and pressing Enter goes to
/// it; a number that is no page of the document is refused with the error bell and the
/// number shown again.
final class PageIndicator {
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
    let total: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(""))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    /// Asked to show page `page` (from 0).
    var onPage: ((Int) -> Void)?
    private var page = 0
    private var count = 1
    private var isShown = false

    init() {
        let editable = gcastOpaque(raw(entry), gtk_editable_get_type())
        gtk_editable_set_width_chars(editable, 3)
        gtk_editable_set_max_width_chars(editable, 7)
        gtk_editable_set_alignment(editable, 1)
        gtk_entry_set_input_purpose(cast(entry), GTK_INPUT_PURPOSE_DIGITS)
        iro_accessible_set_label(entry, tr("Page"))
        gtk_widget_set_tooltip_text(entry, tr("Type a page number and press Enter to go to it"))
        gtk_widget_set_valign(box.widget, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(total.widget, "numeric")
        gtk_box_append(box, entry)
        gtk_box_append(box, total.widget)
        gtk_widget_set_visible(box.widget, 0)
        onSignal(raw(entry), "activate") { [weak self] in self?.entered() }
        // Leaving the entry without Enter puts the page shown back.
        let focus = gtk_event_controller_focus_new()!
        onSignal(raw(focus), "leave") { [weak self] in self?.showNumber() }
        gtk_widget_add_controller(entry, focus)
    }

    /// Puts the keyboard in the page's number, selected, to type another (Ctrl+L).
    func focus() {
        gtk_widget_grab_focus(entry)
        gtk_editable_select_region(gcastOpaque(raw(entry), gtk_editable_get_type()), 0, -1)
    }

    /// Shows `page` (from 0) of `count`; hidden when there is one page.
    func show(page: Int, of count: Int) {
        // The window tells it whenever the tab changes in any way: what is being typed stays
        // unless the page shown changed.
        guard !isShown || (page, count) != (self.page, self.count) else { return }
        isShown = true
        (self.page, self.count) = (page, count)
        gtk_widget_set_visible(box.widget, count > 1 ? 1 : 0)
        // TRANSLATORS: after the page number in the header: "/ 27" pages in all.
        gtk_label_set_text(total, tr("/ %d", count))
        // What a screen reader says of the entry (GTK 4.8 gives it no text of its own to read).
        iro_accessible_set_label(entry, tr("Page %1$d of %2$d", page + 1, count))
        showNumber()
    }

    private func showNumber() {
        gtk_editable_set_text(gcastOpaque(raw(entry), gtk_editable_get_type()), "\(page + 1)")
    }

    private func entered() {
        let text = String(cString: gtk_editable_get_text(gcastOpaque(raw(entry), gtk_editable_get_type())))
        let wanted = Int(text.filter { !$0.isWhitespace })
        // The image takes the keys again (Page Down goes on from the page gone to).
        if let root = gtk_widget_get_root(entry) { gtk_root_set_focus(root, nil) }
        guard let wanted, (1...count).contains(wanted) else {
            gtk_widget_error_bell(entry)
            return showNumber()
        }
        if wanted - 1 != page { onPage?(wanted - 1) }
        showNumber()
    }
}
