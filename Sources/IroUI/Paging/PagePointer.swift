import CGtk
import GtkSupport
import IroCore

/// The pointer over a document's page: its links (`PageLinks`, BEHAVIOUR G6) and its text
/// (`TextSelectionDrag`, BEHAVIOUR G10). Hovering reads the page's text the first time, and
/// shows what a press would do: a hand over a link (with a web link's address as the
/// tooltip), the text cursor over text, the pan's open hand elsewhere (BEHAVIOUR C1).
final class PagePointer {
    private unowned let canvas: ImageCanvas
    private unowned let model: DocumentModel
    let links: PageLinks
    let text: TextSelectionDrag
    /// The cursor shown over the page, and the link under the pointer.
    private var shown: (cursor: String, link: PageLink?) = ("grab", nil)

    init(canvas: ImageCanvas, model: DocumentModel) {
        self.canvas = canvas
        self.model = model
        links = PageLinks(canvas: canvas, model: model)
        text = TextSelectionDrag(surface: canvas, model: model)
        let motion = gtk_event_controller_motion_new()!
        onSignal(raw(motion), "motion") { [weak self] (x: Double, y: Double) in self?.hover(at: Point(x: x, y: y)) }
        onSignal(raw(motion), "leave") { [weak self] in self?.hover(at: nil) }
        gtk_widget_add_controller(canvas.widget, motion)
    }

    private func hover(at point: Point?) {
        if point != nil { model.readText(ofPage: model.document.page) }
        let link = point.flatMap(links.link(at:))
        let cursor = link != nil ? "pointer" : point.flatMap(text.glyph(at:)) != nil ? "text" : "grab"
        guard cursor != shown.cursor || link != shown.link else { return }
        shown = (cursor, link)
        gtk_widget_set_cursor_from_name(canvas.widget, cursor)
        if case .uri(let uri) = link?.target {
            gtk_widget_set_tooltip_text(canvas.widget, uri)
        } else {
            gtk_widget_set_tooltip_text(canvas.widget, nil)
        }
    }
}
