import CGtk
import GtkSupport
import IroCore

/// A document page's links under the pointer (BEHAVIOUR G6): over one the pointer becomes
/// a hand and a web link's address shows as the tooltip (`PagePointer` hovers); a click (not a
/// drag, which pans) follows it: another page of the document at once, a web or mail address
/// in the desktop's browser or mail program. Nothing is opened on hover, and a link to a
/// file, a program or a script is never followed. The links are the model's
/// (`DocumentModel.links`).
final class PageLinks {
    private unowned let canvas: ImageCanvas
    private unowned let model: DocumentModel
    let click = gtk_gesture_click_new()!

    init(canvas: ImageCanvas, model: DocumentModel) {
        self.canvas = canvas
        self.model = model
        gtk_gesture_single_set_button(click, 1)
        onSignal(raw(click), "released") { [weak self] (presses: Int32, x: Double, y: Double) in
            guard presses == 1, let self, let link = self.link(at: Point(x: x, y: y)) else { return }
            Self.follow(link, in: self.model, from: self.canvas.widget)
        }
        gtk_widget_add_controller(canvas.widget, click)
    }

    /// The link under `point` (the canvas's coordinates), if the page shown has one there.
    func link(at point: Point) -> PageLink? {
        guard !model.links.isEmpty, let page = canvas.pagePoint(at: point) else { return nil }
        return model.links.last { $0.contains(page) } // the one drawn last is on top
    }

    /// Follows `link` of `model`'s document: its page, or its web or mail address in the
    /// desktop's program for it; never a file, a program or a script.
    static func follow(_ link: PageLink, in model: DocumentModel, from widget: UnsafeMutablePointer<GtkWidget>) {
        switch link.target {
        case .page(let page): model.showPage(page)
        case .uri(let uri):
            guard PageLink.opens(uri) else { return Log.debug("not following a link to \(uri)") }
            PropertiesPanel.launchDefault(uri, widget)
        }
    }
}
