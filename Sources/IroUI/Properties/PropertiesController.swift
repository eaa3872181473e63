import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The Image Properties panel beside a window's tabs (BEHAVIOUR F4): shown by Alt+Return,
/// the header's toggle or the menus (`win.properties`), remembered per window, listing the
/// selected tab's file and following it.
final class PropertiesController {
    private unowned let window: DocumentWindow
    let panel = PropertiesPanel()

    init(_ window: DocumentWindow, beside body: UnsafeMutablePointer<GtkBox>, shown: Bool) {
        self.window = window
        gtk_box_append(body, panel.widget)
        let button = window.header.propertiesButton
        gtk_button_set_icon_name(cast(button), "document-properties-symbolic")
        setAction(button, "win.properties")
        gtk_widget_set_tooltip_text(button, tr("Image Properties (Alt+Return)"))
        iro_accessible_set_label(button, tr("Image Properties"))
        window.actions.addToggle("properties", initial: shown) { [weak self] on in
            guard let self else { return }
            self.panel.reveal(on)
            self.panel.show(self.window.selectedModel)
        }
        panel.reveal(shown)
        panel.onShowInFolder = { [weak window] in window?.fileActions.showInFolder() }
        window.selection.observe([DocumentModel.Property.status, DocumentModel.Property.title]) {
            [weak self] in
            guard let self else { return }
            self.panel.show(self.window.selectedModel)
        }
    }

    var isRevealed: Bool { panel.isRevealed }
}
