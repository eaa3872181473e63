import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Why a file action cannot apply to the selected tab, shown as the tooltip of its
/// insensitive menu items (BEHAVIOUR F4). GTK 4.8's menu models carry no tooltips, so the
/// menu's buttons get theirs when the menu opens.
extension DocumentWindow {
    /// The file actions whose items explain themselves when disabled.
    static let explainedActions: Set<String> = [
        "copy", "copy-path", "trash", "delete-permanently", "show-in-folder", "open-with", "set-background", "print",
        "save-copy", "present", "save", "edit",
    ]

    /// Why `action` is disabled now; nil when it is enabled or not a file action.
    func whyDisabled(_ action: String) -> String? {
        guard Self.explainedActions.contains(action), !actions.isEnabled(action) else { return nil }
        if action == "present" { return tr("Connect a second monitor to present on it") }
        guard let model = selectedModel else { return tr("No image is open") }
        if action == "save", !model.isLoading, let reason = EditCommands.whySaveIsDisabled(for: model) { return reason }
        if action == "edit", model.hasPages || model.player != nil || model.note != nil {
            return tr("Only still images are edited, not documents, animations or note packages")
        }
        if model.isLoading { return tr("The image is still loading") }
        if model.file.isDeleted { return tr("The file is no longer on disk") }
        if case .failed = model.document.state { return tr("“%s” could not be read", model.document.displayName) }
        if NotePackage.isPackageName(model.document.path) {
            if model.imagePath == nil { return tr("This note package has no image") }
            if ["trash", "delete-permanently", "open-with"].contains(action) { return tr("Note packages are read-only here") }
        }
        if model.file.isMovingToTrash { return tr("The file is being moved to the trash") }
        return tr("Not available for this image")
    }

    /// Sets the tooltip of every menu button under `root` whose action is a disabled file
    /// action (and clears it on the enabled ones). `menu` is the table the menu was made
    /// from: GTK 4.8's menu buttons keep their label ("text", without the mnemonic's
    /// underscore) but not their action.
    func explainDisabledItems(in root: UnsafeMutablePointer<GtkWidget>, menu: [[(label: String, action: String)]]) {
        var actionOf: [String: String] = [:]
        for item in menu.joined() where item.action.hasPrefix("win.") {
            actionOf[item.label.replacing("_", with: "")] = String(item.action.dropFirst(4))
        }
        func walk(_ parent: UnsafeMutablePointer<GtkWidget>) {
            var child = gtk_widget_get_first_child(parent)
            while let widget = child {
                if let label = takeString(iro_object_dup_string(raw(widget), "text")), let action = actionOf[label],
                    Self.explainedActions.contains(action)
                {
                    gtk_widget_set_tooltip_text(widget, whyDisabled(action))
                }
                walk(widget)
                child = gtk_widget_get_next_sibling(widget)
            }
        }
        walk(root)
    }
}
