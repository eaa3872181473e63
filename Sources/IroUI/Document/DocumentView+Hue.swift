import CGtk
import GtkSupport

/// The tab's hue (BEHAVIOUR D3, D4): the slider over the image sets it, the document keeps it
/// (so it survives switching tabs), the canvas draws with it.
extension DocumentView {
    func connectHue() {
        canvas.hue = document.view.hue
        hueOverlay.followDrags(of: hueControl.pressGesture)
        hueControl.onChanged = { [weak self] value in
            guard let self else { return }
            self.document.view.hue = value
            self.canvas.hue = value
            if self.isLinked { ViewLink.shared.moved(self) }
        }
    }

    /// A freshly shown image takes the keyboard focus (arrow keys scroll it). Otherwise
    /// GTK leaves it on the first focusable widget, which could be the slider, and focus
    /// on the slider holds the overlay open (BEHAVIOUR D2). Background tabs leave focus alone.
    func focusCanvasIfShown() {
        if gtk_widget_get_mapped(canvas.widget) != 0 {
            gtk_widget_grab_focus(canvas.widget)
        } else {
            focusWhenMapped = true // shown before its window (the decode begun at start-up)
        }
    }

    /// Back to the unchanged image (`win.reset-hue`).
    func resetHue() { hueControl.reset() }
}
