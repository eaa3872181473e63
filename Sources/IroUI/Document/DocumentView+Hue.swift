import CGtk
import GtkSupport

/// The tab's hue (SPEC D3, D4): the slider over the image sets it, the document keeps it
/// (so it survives switching tabs), the canvas draws with it.
extension DocumentView {
    func connectHue() {
        canvas.hue = document.view.hue
        hueOverlay.followDrags(of: hueControl.pressGesture)
        hueControl.onChanged = { [weak self] value in
            guard let self else { return }
            self.document.view.hue = value
            self.canvas.hue = value
        }
    }

    /// Back to the unchanged image (`win.reset-hue`).
    func resetHue() { hueControl.reset() }
}
