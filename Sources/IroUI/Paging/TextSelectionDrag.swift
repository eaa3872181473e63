import CGtk
import GtkSupport
import IroCore

/// A view of a document's pages that text can be selected on: the single page's canvas, or
/// the pages stacked.
@MainActor
protocol PageSurface: AnyObject {
    var widget: UnsafeMutablePointer<GtkWidget>! { get }
    /// The page under `point` of the view and the point of it there (its image pixels at
    /// 100 %, as the page is unturned).
    func pageUnder(_ point: Point) -> (page: Int, point: Point)?
    /// Where `point` of the view is relative to `page` (its image pixels at 100 %), off the
    /// page too; nil when the page is not shown.
    func point(_ point: Point, onPage page: Int) -> Point?
    /// Asked where a drag starts: true when it selects text instead of panning.
    var dragSelects: (@MainActor (Point) -> Bool)? { get set }
}

extension ImageCanvas: PageSurface {}
extension ContinuousPages: PageSurface {}

/// Selecting a page's text with the pointer (BEHAVIOUR G10): a drag that starts on a
/// character selects from it to the character under the pointer, on that page; one that
/// starts anywhere else pans, as on an image (the view asks `glyph(at:)` before it pans). A
/// press on a page that is not dragged clears the selection. The selection is the model's
/// (`TextSelection`); the texts are read as the pointer comes over the pages (`PagePointer`,
/// `ContinuousPages+Input`).
final class TextSelectionDrag {
    private unowned let surface: any PageSurface
    private unowned let model: DocumentModel
    let drag = gtk_gesture_drag_new()!
    /// Where the drag under way started (the view's coordinates), on which page and
    /// character; nil when it does not select.
    private var start: (point: Point, page: Int, glyph: Int)?
    /// The drag has moved far enough to be a drag, not a click (a link's).
    private var isSelecting = false

    /// How far the pointer moves before a press on text is a drag, in view points.
    static let threshold = 3.0

    init(surface: any PageSurface, model: DocumentModel) {
        self.surface = surface
        self.model = model
        gtk_gesture_single_set_button(drag, 1)
        surface.dragSelects = { [weak self] point in
            guard let self else { return false }
            return self.glyph(at: point) != nil && !self.withControl
        }
        onSignal(raw(drag), "drag-begin") { [weak self] (x: Double, y: Double) in self?.begin(at: Point(x: x, y: y)) }
        onSignal(raw(drag), "drag-update") { [weak self] (dx: Double, dy: Double) in self?.update(by: Point(x: dx, y: dy)) }
        onSignal(raw(drag), "drag-end") { [weak self] (_: Double, _: Double) in self?.end() }
        gtk_widget_add_controller(surface.widget, drag)
    }

    /// The page and character under `point` (the view's coordinates), once the page's text is read.
    func glyph(at point: Point) -> (page: Int, glyph: Int)? {
        guard let under = surface.pageUnder(point), let text = text(of: under.page), let glyph = text.glyph(at: under.point) else {
            return nil
        }
        return (under.page, glyph)
    }

    /// The text of `page` of the file shown, if it is read.
    private func text(of page: Int) -> PageText? {
        let selection = model.selection
        guard selection.path == model.imagePath else { return nil }
        return selection.text(of: page)
    }

    /// Ctrl+drag takes the file out (BEHAVIOUR F4), even from text.
    private var withControl: Bool {
        gtk_event_controller_get_current_event_state(drag).rawValue & GDK_CONTROL_MASK.rawValue != 0
    }

    private func begin(at point: Point) {
        isSelecting = false
        guard !withControl, let under = glyph(at: point) else {
            start = nil
            model.selection.clear()
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        start = (point, under.page, under.glyph)
    }

    private func update(by offset: Point) {
        guard let start, let text = text(of: start.page) else { return }
        if !isSelecting {
            guard (offset.x * offset.x + offset.y * offset.y).squareRoot() >= Self.threshold else { return }
            isSelecting = true
            model.selection.begin(onPage: start.page, at: start.glyph)
        }
        // The selection stays on the page it started on: past its edge, its nearest character.
        let point = Point(x: start.point.x + offset.x, y: start.point.y + offset.y)
        if let onPage = surface.point(point, onPage: start.page), let end = text.nearestGlyph(to: onPage) {
            model.selection.extend(to: end)
        }
    }

    private func end() {
        if start != nil, !isSelecting { model.selection.clear() }
        start = nil
        isSelecting = false
    }
}
