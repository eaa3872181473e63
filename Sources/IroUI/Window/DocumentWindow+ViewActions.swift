import CGtk
import GtkSupport

/// View commands beyond zoom: turning the view (BEHAVIOUR C7).
extension DocumentWindow {
    func installViewActions() {
        actions.add("rotate-clockwise") { [weak self] in self?.activeCanvas?.rotate(clockwise: true) }
        actions.add("rotate-counterclockwise") { [weak self] in self?.activeCanvas?.rotate(clockwise: false) }
    }

    func updateViewActions() {
        let hasImage = activeCanvas?.zoom != nil
        actions.setEnabled("rotate-clockwise", hasImage)
        actions.setEnabled("rotate-counterclockwise", hasImage)
        actions.setEnabled("reset-hue", hasImage)
        // A tab that holds less than every pixel decodes them again for the export.
        actions.setEnabled("export-copy", selectedView?.canvas.pyramid?.isComplete ?? false)
    }
}
