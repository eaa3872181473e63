import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Edit mode's and saving's commands, one window's (BEHAVIOUR D7): Edit (E), Done (Enter),
/// Cancel (Esc), Reset, the flips (H, V; the view's turn keys R and Shift+R turn the edit
/// while it is under way), the snap to a JPEG's blocks, Save (Ctrl+S) and Save Copy
/// (Ctrl+Shift+S). They act on the selected tab's model; `update` keeps them enabled only
/// where they can act, and the disabled Save says why in its tooltip.
///
/// The window's actions hold it: it lives as long as they do.
final class EditCommands {
    unowned let window: DocumentWindow

    static func install(in window: DocumentWindow) { _ = EditCommands(window) }

    private init(_ window: DocumentWindow) {
        self.window = window
        let actions = window.actions
        actions.add("edit", enabled: false) { [self] in toggleEditMode() }
        actions.add("edit-done", enabled: false) { [weak self] in self?.window.selectedModel?.applyEdit() }
        actions.add("edit-cancel", enabled: false) { [weak self] in self?.window.selectedModel?.cancelEdit() }
        actions.add("edit-reset", enabled: false) { [weak self] in self?.window.selectedModel?.changeEdit { $0.reset() } }
        actions.add("edit-flip-horizontal", enabled: false) { [weak self] in
            self?.window.selectedModel?.changeEdit { $0.flip(horizontally: true) }
        }
        actions.add("edit-flip-vertical", enabled: false) { [weak self] in
            self?.window.selectedModel?.changeEdit { $0.flip(horizontally: false) }
        }
        actions.add("edit-snap", enabled: false) { [weak self] in self?.snapToBlocks() }
        actions.add("save", enabled: false) { [weak self] in self.map { SaveEdits.save(in: $0.window) } }
        actions.add("save-copy", enabled: false) { [weak self] in self.map { SaveEdits.saveCopy(in: $0.window) } }
        // Not the levels: an animation's every frame would run it (and read the file's permissions).
        window.selection.observe([
            DocumentModel.Property.editing, DocumentModel.Property.status, DocumentModel.Property.complete,
            DocumentModel.Property.animated, DocumentModel.Property.pages,
        ]) { [weak self] in self?.update() }
    }

    /// Why Save cannot act on `model` now, for the menus' tooltips (`DisabledItemTooltips`); nil
    /// when it can.
    static func whySaveIsDisabled(for model: DocumentModel) -> String? {
        if case .cannot(let reason) = SaveAbility.of(model) { return reason }
        return UnsavedEditsDialog.hasChanges(model) ? nil : tr("Nothing to save yet: edit the image first (E)")
    }

    private func toggleEditMode() {
        guard let model = window.selectedModel else { return }
        if model.editing != nil { return model.cancelEdit() }
        model.beginEdit()
        // The crop follows the keyboard from the start.
        if let view = window.selectedView { gtk_widget_grab_focus(view.canvas.widget) }
    }

    /// The crop's top-left corner onto the JPEG's block grid, so Save cuts without
    /// recompressing (`JPEGFacts`).
    private func snapToBlocks() {
        guard let model = window.selectedModel, let facts = model.edits.jpeg else { return }
        model.changeEdit { session in
            session.box.set(facts.snapped(session.box.rect, transform: session.transform))
        }
    }

    /// Which commands can act on the selected tab.
    func update() {
        let actions = window.actions, model = window.selectedModel
        let editing = model?.editing != nil
        actions.setEnabled("edit", model.map { $0.canEdit || $0.editing != nil } ?? false)
        for name in ["edit-done", "edit-cancel", "edit-reset", "edit-flip-horizontal", "edit-flip-vertical"] {
            actions.setEnabled(name, editing)
        }
        // Only on the file's own picture: after a Done the grid is the edited picture's no more.
        let snaps =
            model.flatMap { m in
                m.unsaved != nil
                    ? nil
                    : m.editing.flatMap { s in m.edits.jpeg.map { !s.box.isWhole && !$0.isOnGrid(s.box.rect, transform: s.transform) } }
            } ?? false
        actions.setEnabled("edit-snap", snaps)
        actions.setEnabled("save-copy", model.map { $0.shown == .image && $0.levels != nil } ?? false)
        actions.setEnabled("save", model.map { Self.whySaveIsDisabled(for: $0) == nil } ?? false)
        gtk_widget_set_visible(window.header.saveButton, actions.isEnabled("save") ? 1 : 0)
        window.selectedView?.showEdit()
    }
}
