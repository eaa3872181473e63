import CGtk
import GtkSupport
import IroCore

/// Selecting a page's text with the pointer (BEHAVIOUR G10): a drag that starts on a
/// character selects from it to the character under the pointer; one that starts anywhere
/// else pans, as on an image (the canvas asks `glyph(at:)` before it pans). A press on the page
/// that is not dragged clears the selection. The selection is the model's (`TextSelection`).
final class TextSelectionDrag {
    private unowned let canvas: ImageCanvas
    private unowned let model: DocumentModel
    let drag = gtk_gesture_drag_new()!
    /// Where the drag under way started (canvas coordinates) and on which character; nil
    /// when it does not select.
    private var start: (point: Point, glyph: Int)?
    /// The drag has moved far enough to be a drag, not a click (a link's).
    private var isSelecting = false

    /// How far the pointer moves before a press on text is a drag, in view points.
    static let threshold = 3.0

    init(canvas: ImageCanvas, model: DocumentModel) {
        self.canvas = canvas
        self.model = model
        gtk_gesture_single_set_button(drag, 1)
        canvas.dragSelects = { [weak self] point in
            guard let self else { return false }
            return self.glyph(at: point) != nil && !self.withControl
        }
        onSignal(raw(drag), "drag-begin") { [weak self] (x: Double, y: Double) in self?.begin(at: Point(x: x, y: y)) }
        onSignal(raw(drag), "drag-update") { [weak self] (dx: Double, dy: Double) in self?.update(by: Point(x: dx, y: dy)) }
        onSignal(raw(drag), "drag-end") { [weak self] (_: Double, _: Double) in self?.end() }
        gtk_widget_add_controller(canvas.widget, drag)
    }

    /// The character under `point` (the canvas's coordinates) of the page shown, once its
    /// text is read.
    func glyph(at point: Point) -> Int? {
        guard let text = readText, let page = canvas.pagePoint(at: point) else { return nil }
        return text.glyph(at: page)
    }

    /// The text of the page shown, if it is read.
    private var readText: PageText? {
        let selection = model.selection
        guard selection.page?.index == model.document.page, selection.path == model.imagePath else { return nil }
        return selection.text
    }

    /// Ctrl+drag takes the file out (BEHAVIOUR F4), even from text.
    private var withControl: Bool {
        gtk_event_controller_get_current_event_state(drag).rawValue & GDK_CONTROL_MASK.rawValue != 0
    }

    private func begin(at point: Point) {
        isSelecting = false
        guard !withControl, let glyph = glyph(at: point) else {
            start = nil
            model.selection.clear()
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        start = (point, glyph)
    }

    private func update(by offset: Point) {
        guard let start, let text = readText else { return }
        if !isSelecting {
            guard (offset.x * offset.x + offset.y * offset.y).squareRoot() >= Self.threshold else { return }
            isSelecting = true
            model.selection.begin(at: start.glyph)
        }
        let point = Point(x: start.point.x + offset.x, y: start.point.y + offset.y)
        if let page = canvas.pagePoint(at: point), let end = text.nearestGlyph(to: page) { model.selection.extend(to: end) }
    }

    private func end() {
        if start != nil, !isSelecting { model.selection.clear() }
        start = nil
        isSelecting = false
    }
}
