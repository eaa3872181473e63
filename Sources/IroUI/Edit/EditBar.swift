import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Edit mode's controls (BEHAVIOUR D7), floating at the top of the tab's image: the crop's
/// aspect and its size in pixels, the turns and flips, the snap to a JPEG's blocks, Reset,
/// Cancel and Done. At the top, so the hue capsule keeps the bottom edge and both stay
/// usable: the hue is part of the edit.
///
/// The buttons are bound to the window's actions (`EditCommands`); the bar only shows the
/// model's edit session and sends it the aspect chosen.
final class EditBar {
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    /// The GtkDropDown of aspects (a final type: opaque to Swift, hence `aspect`).
    let aspectWidget: UnsafeMutablePointer<GtkWidget>
    var aspect: OpaquePointer { OpaquePointer(aspectWidget) }
    /// "1200 × 800 px".
    let size: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(""))
    /// How Save will write it: "Saved without recompression", or the JPEG quality.
    let note: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(""))
    let snap: UnsafeMutablePointer<GtkWidget>
    let done: UnsafeMutablePointer<GtkWidget>
    /// Told when the user picks an aspect (the list's index in `Self.aspects`).
    var onAspect: (@MainActor (CropAspect, Bool) -> Void)?
    private var showing = false

    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }

    /// The aspects in the list's order, each with whether it is the portrait form.
    static let aspects: [(CropAspect, Bool)] = [
        (.free, false), (.original, false), (.original, true), (.square, false), (.fourThree, false), (.fourThree, true),
        (.threeTwo, false), (.threeTwo, true), (.sixteenNine, false), (.sixteenNine, true),
    ]

    init() {
        let names = Self.aspects.map { $0.0.name(portrait: $0.1) }
        aspectWidget = withCStringArray(names) { gtk_drop_down_new_from_strings($0)! }
        iro_accessible_set_label(aspectWidget, tr("Crop Aspect"))
        // The list's own button (GTK 4.8 names it after its type).
        if let button = gtk_widget_get_first_child(aspectWidget) { iro_accessible_set_label(button, tr("Crop Aspect")) }
        gtk_widget_set_tooltip_text(aspectWidget, tr("Crop Aspect"))
        gtk_widget_add_css_class(size.widget, "numeric")
        iro_accessible_set_label(size.widget, tr("Crop size in pixels"))
        gtk_widget_add_css_class(note.widget, "dim-label")
        gtk_widget_add_css_class(note.widget, "caption")

        func button(_ icon: String, _ label: String, _ key: String, _ action: String) -> UnsafeMutablePointer<GtkWidget> {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_set_tooltip_text(button, key.isEmpty ? label : "\(label) (\(key))")
            iro_accessible_set_label(button, label)
            setAction(button, action)
            return button
        }
        let left = button("object-rotate-left-symbolic", tr("Rotate Left"), "Shift+R", "win.rotate-counterclockwise")
        let right = button("object-rotate-right-symbolic", tr("Rotate Right"), "R", "win.rotate-clockwise")
        let flipH = button("object-flip-horizontal-symbolic", tr("Flip Horizontally"), "H", "win.edit-flip-horizontal")
        let flipV = button("object-flip-vertical-symbolic", tr("Flip Vertically"), "V", "win.edit-flip-vertical")
        snap = StatusPages.mnemonicButton(tr("_Snap to JPEG Blocks"), action: "win.edit-snap")
        gtk_widget_set_tooltip_text(
            snap,
            tr("Moves the crop’s top-left corner onto the JPEG’s 8 or 16 pixel blocks, so Save cuts the file without recompressing it"))
        let reset = StatusPages.mnemonicButton(tr("_Reset"), action: "win.edit-reset")
        gtk_widget_set_tooltip_text(reset, tr("Undo every change made in edit mode"))
        let cancel = StatusPages.mnemonicButton(tr("_Cancel"), action: "win.edit-cancel")
        gtk_widget_set_tooltip_text(cancel, tr("Leave edit mode, keeping nothing (Esc)"))
        done = StatusPages.mnemonicButton(tr("_Done"), action: "win.edit-done")
        gtk_widget_set_tooltip_text(done, tr("Apply the edit (Enter); Save keeps it in the file"))
        gtk_widget_add_css_class(done, "suggested-action")

        let turns: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(turns.widget, "linked")
        for part in [left, right, flipH, flipV] { gtk_box_append(turns, part) }
        let sizeColumn: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_widget_set_valign(sizeColumn.widget, GTK_ALIGN_CENTER)
        gtk_box_append(sizeColumn, size.widget)
        gtk_box_append(sizeColumn, note.widget)
        for part in [aspectWidget, sizeColumn.widget, turns.widget, snap, reset, cancel, done] { gtk_box_append(box, part) }

        gtk_widget_add_css_class(box.widget, "toolbar")
        gtk_widget_add_css_class(box.widget, "osd")
        gtk_widget_add_css_class(box.widget, "edit-bar")
        gtk_widget_set_halign(box.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box.widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(box.widget, 12)
        gtk_widget_set_visible(box.widget, 0)
        iro_accessible_set_label(box.widget, tr("Edit"))

        onNotify(raw(aspectWidget), "selected") { [weak self] in
            guard let self, self.showing else { return }
            let index = Int(gtk_drop_down_get_selected(self.aspect))
            guard Self.aspects.indices.contains(index) else { return }
            let (aspect, portrait) = Self.aspects[index]
            self.onAspect?(aspect, portrait)
        }
    }

    /// Shows `session` (hidden for nil); `note` says how Save will write the file.
    func show(_ session: EditSession?, note text: String, snaps: Bool) {
        guard let session else {
            showing = false
            gtk_widget_set_visible(box.widget, 0)
            return
        }
        let r = session.box.rect
        gtk_label_set_text(size, tr("%1$s × %2$s px", r.width, r.height))
        gtk_label_set_text(note, text)
        gtk_widget_set_visible(note.widget, text.isEmpty ? 0 : 1)
        gtk_widget_set_visible(snap, snaps ? 1 : 0)
        // The list shows the box's aspect (a turn makes a landscape one portrait).
        let box = session.box
        let index = Self.aspects.firstIndex { $0.0 == box.aspect && ($0.0.turns ? $0.1 == box.portrait : true) } ?? 0
        showing = false
        if Int(gtk_drop_down_get_selected(aspect)) != index { gtk_drop_down_set_selected(aspect, guint(index)) }
        showing = true
        gtk_widget_set_visible(self.box.widget, 1)
    }

    var isShown: Bool { gtk_widget_get_visible(box.widget) != 0 }
}
