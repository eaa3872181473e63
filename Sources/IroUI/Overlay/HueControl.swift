import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The hue slider (BEHAVIOUR D1, D3): "Hue:" and a 250 px horizontal scale from 0 to 1 that
/// starts centred at 0.5, where the image is unchanged. A double-click resets it. It holds no
/// hue of its own: its value is bound both ways to a model's (`bind`), which owns it.
final class HueControl {
    nonisolated static let neutral = 0.5
    static let sliderWidth: Int32 = 250

    /// The label and the slider, for the overlay's capsule.
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    let scale: UnsafeMutablePointer<GtkWidget>
    private let range: UnsafeMutablePointer<GtkRange>
    /// Active from press to release on the slider: the double-click, and what the overlay
    /// follows to stay shown during a drag. It joins the group of GtkRange's own drag
    /// gesture: that gesture claims every press, and a claim denies (ends at once) any
    /// gesture outside its group, on this widget or on its parents.
    let pressGesture: OpaquePointer

    init() {
        let label = gtk_label_new(tr("Hue:"))!
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.01)!
        range = cast(scale)
        // The step is for the arrow keys; a drag should move as finely as the pixels allow.
        gtk_range_set_round_digits(range, -1)
        gtk_range_set_value(range, Self.neutral)
        gtk_widget_set_size_request(scale, Self.sliderWidth, -1)
        gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(scale, GTK_ALIGN_CENTER)
        iro_accessible_set_label(scale, tr("Hue"))
        gtk_widget_set_tooltip_text(scale, tr("Double-click to reset"))
        // A click must not leave keyboard focus on the slider: focus holds the overlay open
        // (BEHAVIOUR D2), so it would stay after the pointer left. Tab still reaches it.
        gtk_widget_set_focus_on_click(scale, 0)
        gtk_box_append(box, label)
        gtk_box_append(box, scale)

        pressGesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(pressGesture, 0) // any button, and touch
        gtk_widget_add_controller(scale, pressGesture)
        if let rangeDrag = controllers(of: scale, ofType: gtk_gesture_drag_get_type()).first {
            gtk_gesture_group(rangeDrag, pressGesture)
        }

        // On the release, not the press: the slider handles the second press after us
        // and would move the thumb back under the pointer.
        onSignal(raw(pressGesture), "released") { [weak self] (presses: Int32, _: Double, _: Double) in
            if presses == 2 { self?.reset() }
        }
    }

    /// Shows `model`'s `property` and sets it as the slider moves (each step of a drag,
    /// keys, the reset, accessibility), through a GObject binding.
    func bind(to model: ModelObject, _ property: String) {
        model.bind(property, to: raw(gtk_range_get_adjustment(range)), "value", bidirectional: true)
    }

    /// What the slider shows (tests set it as a drag would).
    var value: Double {
        get { gtk_range_get_value(range) }
        set { gtk_range_set_value(range, newValue) }
    }

    private func reset() { value = Self.neutral }
}
