import CGtk
import GtkSupport
import IroCore

/// A tab's markup controls (BEHAVIOUR I1): the tool bar in an `OverlayControlContainer` at the
/// top of the image (the hue keeps the bottom), shown only in markup mode, and the text and
/// sticky notes typed where they are placed. It shows the tab's model and sends it changes.
final class MarkupControls {
    /// The tool bar, made the first time it is needed: most tabs never enter markup mode,
    /// and making its thirty-odd buttons was a third of building a tab (8–12 ms of a launch).
    var bar: MarkupBar {
        if let madeBar { return madeBar }
        let bar = MarkupBar()
        bar.onThickness = { [weak model] value in
            guard let model else { return }
            model.changeMarkupState { $0.thickness[$0.tool] = value }
        }
        gtk_box_append(barHolder, bar.widget)
        madeBar = bar
        return bar
    }
    private var madeBar: MarkupBar?
    var hasBar: Bool { madeBar != nil }
    /// Where the bar goes once made: the overlay's control from the start.
    private let barHolder: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
    let overlay: OverlayControlContainer
    private unowned let model: DocumentModel
    private unowned let canvas: ImageCanvas

    /// `content`: what the bar floats over (the image and its hue slider).
    init(over content: UnsafeMutablePointer<GtkWidget>, model: DocumentModel, canvas: ImageCanvas) {
        self.model = model
        self.canvas = canvas
        overlay = OverlayControlContainer(content: content, control: barHolder.widget, initialDuration: 4, edge: .top)
        gtk_widget_set_visible(overlay.revealer, 0)
        canvas.onMarkupPlace = { [weak self] tool, point in self?.place(tool, at: point) }
        canvas.onNoteOpened = { [weak self] point in _ = self?.editNote(at: point) }
    }

    var widget: UnsafeMutablePointer<GtkWidget> { overlay.widget }

    /// Shows markup mode: the bar while it is on, the tool and thickness chosen.
    func show() {
        let state = model.markup
        guard state.isOn || hasBar else { return } // off, and never on: nothing to show or hide
        let wasShown = gtk_widget_get_visible(overlay.revealer) != 0
        gtk_widget_set_visible(overlay.revealer, state.isOn ? 1 : 0)
        if state.isOn, !wasShown { overlay.showAsNew() }
        for (tool, button) in bar.toolButtons where (tool == state.tool) != (gtk_toggle_button_get_active(cast(button)) != 0) {
            gtk_toggle_button_set_active(cast(button), tool == state.tool ? 1 : 0)
        }
        for (colour, button) in zip(MarkupColour.swatches, bar.colourButtons) {
            if colour == state.colour { gtk_widget_add_css_class(button, "chosen") } else { gtk_widget_remove_css_class(button, "chosen") }
        }
        bar.show(thickness: model.markupThickness)
    }

    /// Text or a sticky note placed at `point` (image pixels): typed in a popover there.
    private func place(_ tool: MarkupTool, at point: Point) {
        guard let shown = canvas.viewPoint(of: point) else { return }
        let note = tool == .note, colour = model.markup.colour, size = model.markupThickness / max(canvas.displayScale, 1e-6)
        MarkupTextEntry.ask(over: canvas.widget, at: shown, note: note, text: "", collapsed: false) { [weak model] text, collapsed in
            guard let model, let text else { return }
            model.changeMarkup { layer in
                if note {
                    layer.add(
                        .note(
                            MarkupNote(
                                id: 0, origin: point, text: text, colour: colour.isLight ? colour : .yellow, size: size,
                                collapsed: collapsed)))
                } else {
                    layer.add(.text(MarkupText(id: 0, origin: point, text: text, colour: colour, size: max(8, size))))
                }
            }
        }
    }

    /// A sticky note under `point` (view points) opens for typing; false when there is none.
    func editNote(at point: Point) -> Bool {
        guard model.markup.isOn, let at = canvas.pagePoint(at: point), let note = model.markupLayer.note(at: at) else { return false }
        MarkupTextEntry.ask(over: canvas.widget, at: point, note: true, text: note.text, collapsed: note.collapsed) {
            [weak model] text, collapsed in
            guard let model else { return }
            model.changeMarkup { layer in
                guard let text else {
                    layer.remove(id: note.id)
                    return
                }
                if text != note.text { layer.updateNote(id: note.id, text: text) }
                if collapsed != note.collapsed { layer.setCollapsed(id: note.id, collapsed) }
            }
        }
        return true
    }
}
