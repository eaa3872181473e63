import CGtk
import GtkSupport
import IroCore

/// A document page's links under the pointer (BEHAVIOUR G6): over one the pointer becomes
/// a hand and a web link's address shows as the tooltip; a click (not a drag, which pans)
/// follows it: another page of the document at once, a web or mail address in the desktop's
/// browser or mail program. Nothing is opened on hover, and a link to a file, a program or a
/// script is never followed. The links are the model's (`DocumentModel.links`).
final class PageLinks {
    private unowned let canvas: ImageCanvas
    private unowned let model: DocumentModel
    let click = gtk_gesture_click_new()!
    /// The link under the pointer, while there is one.
    private var hovered: PageLink?

    init(canvas: ImageCanvas, model: DocumentModel) {
        self.canvas = canvas
        self.model = model
        gtk_gesture_single_set_button(click, 1)
        onSignal(raw(click), "released") { [weak self] (presses: Int32, x: Double, y: Double) in
            guard presses == 1, let self, let link = self.link(at: Point(x: x, y: y)) else { return }
            self.follow(link)
        }
        gtk_widget_add_controller(canvas.widget, click)
        let motion = gtk_event_controller_motion_new()!
        onSignal(raw(motion), "motion") { [weak self] (x: Double, y: Double) in self?.hover(at: Point(x: x, y: y)) }
        onSignal(raw(motion), "leave") { [weak self] in self?.hover(at: nil) }
        gtk_widget_add_controller(canvas.widget, motion)
    }

    /// The link under `point` (the canvas's coordinates), if the page shown has one there.
    func link(at point: Point) -> PageLink? {
        guard !model.links.isEmpty, let zoom = canvas.zoom, let levels = model.levels else { return nil }
        let turned = zoom.imagePoint(at: point, offset: canvas.offset, scale: zoom.scale)
        return PageLink.link(
            in: model.links, at: turned, quarterTurns: model.view.quarterTurns, pageWidth: Double(levels.width),
            pageHeight: Double(levels.height))
    }

    private func hover(at point: Point?) {
        let link = point.flatMap(link(at:))
        guard link != hovered else { return }
        hovered = link
        // The pan's hand again when off a link (BEHAVIOUR C1).
        gtk_widget_set_cursor_from_name(canvas.widget, link == nil ? "grab" : "pointer")
        if case .uri(let uri) = link?.target {
            gtk_widget_set_tooltip_text(canvas.widget, uri)
        } else {
            gtk_widget_set_tooltip_text(canvas.widget, nil)
        }
    }

    private func follow(_ link: PageLink) {
        switch link.target {
        case .page(let page): model.showPage(page)
        case .uri(let uri):
            guard PageLink.opens(uri) else { return Log.debug("not following a link to \(uri)") }
            PropertiesPanel.launchDefault(uri, canvas.widget)
        }
    }
}
