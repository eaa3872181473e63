import CGtk
import GtkSupport

/// The Image Properties panel's action (Alt+Return, the header's toggle, the menus).
extension DocumentWindow {
    func installProperties(shown: Bool) {
        actions.addToggle("properties", initial: shown) { [weak self] on in
            guard let self else { return }
            self.properties.reveal(on)
            self.properties.show(self.selectedView)
        }
        properties.reveal(shown)
        properties.onShowInFolder = { [weak self] in self?.showInFolder() }
    }
}
