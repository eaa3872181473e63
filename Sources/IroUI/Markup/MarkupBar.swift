import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Markup's tools (BEHAVIOUR I1), in a capsule floating over the top of the image (an
/// `OverlayControlContainer` at the top edge): the tools, the six colours and a custom one,
/// the thickness, undo, redo and clear, and while presenting whether the presentation shows
/// the markup. Every button is bound to a window action (`MarkupCommands`), which keeps it
/// sensitive only when it can act; the bar shows the tool, colour and thickness chosen.
final class MarkupBar {
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    /// One toggle per tool, in a group: pressing one releases the others.
    private(set) var toolButtons: [MarkupTool: UnsafeMutablePointer<GtkWidget>] = [:]
    private(set) var colourButtons: [UnsafeMutablePointer<GtkWidget>] = []
    /// The thickness: a menu button whose popover holds a slider, opened by a click or by
    /// pressing and holding the pen or the eraser (as in the product's origins).
    let thickness: UnsafeMutablePointer<GtkMenuButton> = cast(gtk_menu_button_new())
    let thicknessSlider: UnsafeMutablePointer<GtkWidget>
    /// Whether the presentation shows the markup (only while presenting).
    let presentationToggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new()
    /// Told when the slider moves (image pixels at 100 %).
    var onThickness: (@MainActor (Double) -> Void)?
    private var showing = false

    static let thicknessRange = 1.0...64.0

    init() {
        var first: UnsafeMutablePointer<GtkToggleButton>?
        let tools: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(tools.widget, "linked")
        for tool in MarkupTool.allCases {
            let button: UnsafeMutablePointer<GtkToggleButton> = cast(gtk_toggle_button_new())
            gtk_button_set_icon_name(cast(button.widget), tool.iconName)
            gtk_widget_set_tooltip_text(button.widget, "\(tool.name) (\(tool.key.uppercased()))")
            iro_accessible_set_label(button.widget, tool.name)
            setAction(button.widget, "win.\(tool.action)")
            if let first { gtk_toggle_button_set_group(button, first) } else { first = button }
            gtk_box_append(tools, button.widget)
            toolButtons[tool] = button.widget
        }
        let colours: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2))
        for (index, colour) in MarkupColour.swatches.enumerated() {
            let button = gtk_button_new()!
            let swatch = gtk_drawing_area_new()!
            gtk_widget_set_size_request(swatch, 16, 16)
            gtk_widget_add_css_class(swatch, "markup-swatch")
            Self.paint(swatch, colour)
            gtk_button_set_child(cast(button), swatch)
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "markup-colour")
            gtk_widget_set_tooltip_text(button, "\(colour.name) (Ctrl+\(index + 1))")
            iro_accessible_set_label(button, colour.name)
            gtk_actionable_set_detailed_action_name(cast(button), "win.markup-colour(\(index))")
            gtk_box_append(colours, button)
            colourButtons.append(button)
        }
        let custom = gtk_button_new_from_icon_name("color-select-symbolic")!
        gtk_widget_add_css_class(custom, "flat")
        gtk_widget_set_tooltip_text(custom, tr("Custom Colour…"))
        iro_accessible_set_label(custom, tr("Custom Colour"))
        setAction(custom, "win.markup-custom-colour")
        gtk_box_append(colours, custom)

        thicknessSlider = gtk_scale_new_with_range(
            GTK_ORIENTATION_HORIZONTAL, Self.thicknessRange.lowerBound, Self.thicknessRange.upperBound, 1)!
        gtk_widget_set_size_request(thicknessSlider, 200, -1)
        iro_accessible_set_label(thicknessSlider, tr("Thickness"))
        gtk_scale_set_draw_value(UnsafeMutablePointer(OpaquePointer(thicknessSlider)), 1)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), thicknessSlider)
        gtk_menu_button_set_popover(thickness, popover)
        gtk_menu_button_set_icon_name(thickness, "iro-pen-symbolic")
        gtk_widget_set_tooltip_text(thickness.widget, tr("Thickness ([ and ])"))
        iro_accessible_set_label(thickness.widget, tr("Thickness"))
        onSignal(raw(gtk_range_get_adjustment(cast(thicknessSlider))), "value-changed") { [weak self] in
            guard let self, self.showing else { return }
            self.onThickness?(gtk_range_get_value(cast(self.thicknessSlider)))
        }
        // Pressing and holding the pen or the eraser opens the thickness, as in the original app.
        for tool in [MarkupTool.pen, .eraser] {
            guard let button = toolButtons[tool] else { continue }
            let hold = gtk_gesture_long_press_new()!
            onSignal(raw(hold), "pressed") { [weak self] (_: Double, _: Double) in
                guard let self else { return }
                _ = gtk_widget_activate_action_variant(button, "win.\(tool.action)", nil)
                gtk_menu_button_popup(self.thickness)
            }
            gtk_widget_add_controller(button, hold)
        }

        let edits: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(edits.widget, "linked")
        for (icon, name, key, action) in [
            ("edit-undo-symbolic", tr("Undo"), "Ctrl+Z", "win.markup-undo"),
            ("edit-redo-symbolic", tr("Redo"), "Ctrl+Shift+Z", "win.markup-redo"),
            ("edit-clear-all-symbolic", tr("Clear"), "Ctrl+Shift+Backspace", "win.markup-clear"),
        ] {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_set_tooltip_text(button, "\(name) (\(key))")
            iro_accessible_set_label(button, name)
            setAction(button, action)
            gtk_box_append(edits, button)
        }

        gtk_button_set_icon_name(cast(presentationToggle), "video-display-symbolic")
        gtk_widget_set_tooltip_text(presentationToggle, tr("Show the Markup on the Presentation"))
        iro_accessible_set_label(presentationToggle, tr("Show the Markup on the Presentation"))
        setAction(presentationToggle, "win.markup-on-presentation")

        for part in [tools.widget, colours.widget, thickness.widget, edits.widget, presentationToggle] { gtk_box_append(box, part) }
        gtk_widget_add_css_class(box.widget, "markup-bar")
        iro_accessible_set_label(box.widget, tr("Markup"))
    }

    /// Paints a swatch in `colour`, with a thin outline so white and black read on any theme.
    static func paint(_ swatch: UnsafeMutablePointer<GtkWidget>, _ colour: MarkupColour) {
        let box = ClosureBox<MarkupColour>(colour)
        gtk_drawing_area_set_draw_func(
            UnsafeMutablePointer(OpaquePointer(swatch)),
            { _, cr, width, height, data in
                guard let cr, let colour = ClosureBox<MarkupColour>.from(data)?.call else { return }
                cairo_arc(cr, Double(width) / 2, Double(height) / 2, Double(min(width, height)) / 2 - 1, 0, 2 * Double.pi)
                cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, 1)
                cairo_fill_preserve(cr)
                cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.6)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            }, box.retainedPointer(), { data in ClosureBox<MarkupColour>.release(data) })
    }

    /// Shows the thickness chosen (the slider, without telling `onThickness`).
    func show(thickness value: Double) {
        showing = false
        if abs(gtk_range_get_value(cast(thicknessSlider)) - value) > 1e-9 { gtk_range_set_value(cast(thicknessSlider), value) }
        showing = true
    }
}
