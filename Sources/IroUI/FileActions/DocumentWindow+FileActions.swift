import CGtk
import GtkSupport

/// What users do with the file shown, beyond looking (BEHAVIOUR F4): copy it.
extension DocumentWindow {
    func installFileActions() {
        actions.add("copy") { [weak self] in
            guard let self, let view = self.selectedView else { return }
            ImageClipboard.copyImage(of: view, from: self.window.widget)
        }
        actions.add("copy-path") { [weak self] in
            guard let self, let view = self.selectedView else { return }
            ImageClipboard.copyPath(of: view, from: self.window.widget)
        }
    }

    func updateFileActions() {
        // An error tab or a note package without an image has nothing to copy.
        let hasImage = selectedView.map { $0.imagePath != nil && $0.canvas.pyramid != nil } ?? false
        actions.setEnabled("copy", hasImage)
        actions.setEnabled("copy-path", hasImage)
    }
}
