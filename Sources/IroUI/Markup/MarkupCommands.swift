import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Markup's commands, one window's (BEHAVIOUR I): Markup (M), each tool (its letter), the
/// six colours (Ctrl+1…6) and a custom one, thinner and thicker ([ and ]), undo and redo
/// (Ctrl+Z, Ctrl+Shift+Z), clear (Ctrl+Shift+Backspace, with Undo in a toast), the
/// presentation's view of the markup, and Save Markup. They act on the selected tab's model
/// and are enabled only where they can act. The window's actions hold it.
final class MarkupCommands {
    unowned let window: DocumentWindow

    static func install(in window: DocumentWindow) { _ = MarkupCommands(window) }

    private init(_ window: DocumentWindow) {
        self.window = window
        let actions = window.actions
        // Holds the commands (a method of theirs, so `self` and not the `window` parameter).
        actions.add("markup", enabled: false) { [self] in toggleMarkup() }
        for tool in MarkupTool.allCases {
            actions.add(tool.action, enabled: false) { [weak self] in self?.model?.changeMarkupState { $0.tool = tool } }
        }
        actions.addInt("markup-colour") { [weak self] index in
            guard MarkupColour.swatches.indices.contains(Int(index)) else { return }
            self?.model?.changeMarkupState { $0.colour = MarkupColour.swatches[Int(index)] }
        }
        actions.add("markup-custom-colour", enabled: false) { [weak self] in self?.chooseColour() }
        actions.add("markup-thinner", enabled: false) { [weak self] in self?.changeThickness(by: 1 / 1.25) }
        actions.add("markup-thicker", enabled: false) { [weak self] in self?.changeThickness(by: 1.25) }
        actions.add("markup-undo", enabled: false) { [weak self] in self?.model?.changeMarkup { $0.undo() } }
        actions.add("markup-redo", enabled: false) { [weak self] in self?.model?.changeMarkup { $0.redo() } }
        actions.add("markup-clear", enabled: false) { [weak self] in self?.clear() }
        actions.addToggle("markup-on-presentation", initial: true) { [weak self] shown in
            self?.model?.changeMarkupState { $0.hiddenOnPresentation = !shown }
        }
        actions.add("save-markup", enabled: false) { [weak self] in self.map { SaveMarkup.begin(in: $0.window) } }
        actions.add("new-whiteboard") { [weak self] in self.map { Whiteboard.open(in: $0.window) } }
        window.selection.observe([
            DocumentModel.Property.markup, DocumentModel.Property.status, DocumentModel.Property.editing, DocumentModel.Property.pages,
        ]) { [weak self] in self?.update() }
    }

    private func toggleMarkup() {
        guard let model = window.selectedModel else { return }
        model.setMarkupMode(!model.markup.isOn)
        if model.markup.isOn, let view = window.selectedView { gtk_widget_grab_focus(view.canvas.widget) }
    }

    /// The selected tab's model while markup mode is on there.
    private var model: DocumentModel? { window.selectedModel.flatMap { $0.markup.isOn ? $0 : nil } }

    private func changeThickness(by factor: Double) {
        guard let model else { return }
        let range = MarkupBar.thicknessRange, tool = model.markup.tool
        let next = min(max(model.markupThickness * factor, range.lowerBound), range.upperBound)
        model.changeMarkupState { $0.thickness[tool] = next }
    }

    /// Clear, and a toast whose Undo brings everything back (one step).
    private func clear() {
        guard let model, !model.markupLayer.isEmpty else { return }
        model.changeMarkup { $0.clear() }
        window.toasts.show(tr("Markup cleared"), undo: { [weak model] in model?.changeMarkup { $0.undo() } })
    }

    private func chooseColour() {
        guard let model else { return }
        let dialog = gtk_color_chooser_dialog_new(tr("Markup Colour"), window.window)!
        var rgba = GdkRGBA(
            red: Float(model.markup.colour.red), green: Float(model.markup.colour.green), blue: Float(model.markup.colour.blue), alpha: 1)
        gtk_color_chooser_set_rgba(OpaquePointer(dialog), &rgba)
        gtk_window_set_modal(cast(dialog), 1)
        onSignal(raw(dialog), "response") { [weak model] (response: Int32) in
            if response == GTK_RESPONSE_OK.rawValue {
                var chosen = GdkRGBA()
                gtk_color_chooser_get_rgba(OpaquePointer(dialog), &chosen)
                let colour = MarkupColour(red: Double(chosen.red), green: Double(chosen.green), blue: Double(chosen.blue))
                model?.changeMarkupState { $0.colour = colour }
            }
            gtk_window_destroy(cast(dialog))
        }
        gtk_window_present(cast(dialog))
    }

    /// Which commands can act, and what the bar shows.
    func update() {
        let actions = window.actions, selected = window.selectedModel
        actions.setEnabled("markup", selected.map { $0.canMarkUp || $0.markup.isOn } ?? false)
        let on = model != nil, layer = model?.markupLayer
        for tool in MarkupTool.allCases { actions.setEnabled(tool.action, on) }
        for name in ["markup-custom-colour", "markup-thinner", "markup-thicker"] { actions.setEnabled(name, on) }
        actions.setEnabled("markup-colour", on)
        actions.setEnabled("markup-undo", on && layer?.canUndo == true)
        actions.setEnabled("markup-redo", on && layer?.canRedo == true)
        actions.setEnabled("markup-clear", on && layer?.isEmpty == false)
        actions.setEnabled("markup-on-presentation", on)
        // A note package holds one image: a document's pages keep their markup in a PDF or
        // a picture (Save a Copy).
        actions.setEnabled(
            "save-markup",
            selected.map { !$0.markup.document.isEmpty && $0.imagePath != nil && !$0.hasPages && $0.formatName != ImageFormats.pdf }
                ?? false)
        window.selectedView?.showMarkup()
    }
}
