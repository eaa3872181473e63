import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Markup over the image (BEHAVIOUR I): drawn in the image's pixels, turned and zoomed with
/// it, on the tab's canvas and on the presentation's alike (both draw their model's layer);
/// and in markup mode, drags that draw, erase or place instead of panning. Scrolling and
/// pinch still move the image.
extension ImageCanvas {
    /// Two presses this close are a double press (GTK's default double-click time).
    static let doublePressSeconds = 0.4

    /// Whether this canvas draws the markup now (a presentation may hide it for a moment).
    private var drawsMarkup: Bool {
        guard let model = source?.model else { return false }
        return !(isPresentation && model.markup.hiddenOnPresentation)
    }

    /// The markup of the page shown, and the stroke being drawn, over the image: in a cairo
    /// node of its own (the image drawn otherwise, from a level).
    func drawMarkup(at origin: Point, of pyramid: ImagePyramid, on snapshot: OpaquePointer) {
        guard hasMarkupToDraw else { return }
        let view = viewportSize
        var bounds = rect(0, 0, view.width, view.height)
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cr) }
        drawMarkup(at: origin, of: pyramid, into: cr)
    }

    /// Whether there is markup to draw on this canvas now.
    private var hasMarkupToDraw: Bool {
        guard drawsMarkup, let model = source?.model else { return false }
        return !model.markupLayer.isEmpty || model.markup.inProgress != nil
    }

    /// The markup of the page shown (from `markupCache` where it can), and the stroke being
    /// drawn, into `cr` (view points: the picture's own node, or one of the markup's).
    func drawMarkup(at origin: Point, of pyramid: ImagePyramid, into cr: OpaquePointer) {
        guard drawsMarkup, let model = source?.model, let zoom else { return }
        let layer = model.markupLayer, drawing = model.markup.inProgress
        if layer.isEmpty { markupCache.discard() }
        guard !layer.isEmpty || drawing != nil else { return }
        let view = viewportSize
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // The image's pixel (0, 0) in the view: its corner, moved by its turn.
        let width = Double(pyramid.width) * displayScale, height = Double(pyramid.height) * displayScale
        let turns = ViewGeometry.normalized(quarterTurns)
        let shift: Point =
            switch turns {
            case 1: Point(x: height, y: 0)
            case 2: Point(x: width, y: height)
            case 3: Point(x: 0, y: width)
            default: .zero
            }
        let anchor = Point(x: origin.x + shift.x, y: origin.y + shift.y)
        let placed: (OpaquePointer) -> Void = { cr in
            cairo_translate(cr, anchor.x, anchor.y)
            cairo_rotate(cr, Double(turns) * Double.pi / 2)
        }
        let key = MarkupCache.Key(page: model.document.page, scale: displayScale, quarterTurns: turns, pixelsPerPoint: zoom.pixelsPerPoint)
        markupCache.paint(layer, key: key, origin: anchor, viewport: view, drawTurned: placed, on: cr)
        if let drawing {
            placed(cr)
            MarkupDrawing.draw([drawing], on: cr, scale: displayScale)
        }
    }

    /// The model's markup mode, when this is the tab's canvas and markup is on.
    private var markupModel: DocumentModel? {
        guard let model = source?.model, viewOwner === model, model.markup.isOn, !isPresentation else { return nil }
        return model
    }

    /// A drag at `point` belongs to markup (the pan's drag denies itself there).
    func markupTakesDrag(at point: Point) -> Bool { markupModel != nil && pagePoint(at: point) != nil }

    /// Drags draw, erase or place; a press on a sticky note moves it.
    func installMarkupInput() {
        let drag = gtk_gesture_drag_new()!
        var start = Point.zero
        onSignal(raw(drag), "drag-begin") { [weak self] (x: Double, y: Double) in
            start = Point(x: x, y: y)
            guard let self, self.markupDragBegan(at: start, pressure: Self.pressure(of: drag)) else {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            gtk_widget_grab_focus(self.widget)
        }
        onSignal(raw(drag), "drag-update") { [weak self] (dx: Double, dy: Double) in
            self?.markupDragMoved(to: Point(x: start.x + dx, y: start.y + dy), pressure: Self.pressure(of: drag))
        }
        onSignal(raw(drag), "drag-end") { [weak self] (_: Double, _: Double) in self?.markupDragEnded() }
        gtk_widget_add_controller(widget, drag)
    }

    /// How hard a stylus presses in the event the gesture handles now (0…1); nil for a mouse
    /// or a touchpad, which report no pressure (GTK gives the axis only for a tablet's tools).
    private static func pressure(of gesture: OpaquePointer) -> Double? {
        // Only a pen's: X's virtual pointers (XTest's, a mouse's through XInput) may carry a
        // pressure axis that reads 0, which would draw every line a fifth as thick.
        guard let event = gtk_event_controller_get_current_event(gesture), let device = gdk_event_get_device(event),
            gdk_device_get_source(device) == GDK_SOURCE_PEN
        else { return nil }
        var value = 0.0
        guard gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &value) != 0, value.isFinite else { return nil }
        return min(max(value, 0), 1)
    }

    /// A drag begins at `point` (view points), pressed with `pressure` (a stylus's): true when
    /// markup takes it.
    func markupDragBegan(at point: Point, pressure: Double? = nil) -> Bool {
        guard let model = markupModel, let at = pagePoint(at: point) else { return false }
        markupDrag = MarkupDrag(start: point, last: at)
        if let note = model.markupLayer.note(at: at) {
            markupDrag?.note = (note.id, note.origin)
            // A second press soon after on the same note: it opens for typing.
            let now = monotonicSeconds()
            if let last = lastNotePress, last.id == note.id, now - last.time < Self.doublePressSeconds {
                lastNotePress = nil
                markupDrag = nil
                onNoteOpened?(point)
            } else {
                lastNotePress = (note.id, now)
            }
        } else {
            markupPointer(model, at: at, began: true, pressure: pressure)
        }
        return true
    }

    /// The drag moved to `point` (view points).
    func markupDragMoved(to point: Point, pressure: Double? = nil) {
        guard let model = markupModel, let drag = markupDrag, let at = pagePoint(at: point) ?? pagePointClamped(point) else { return }
        if let note = drag.note, let from = pagePoint(at: drag.start) ?? pagePointClamped(drag.start) {
            model.changeMarkup { $0.moveNote(id: note.id, to: Point(x: note.origin.x + at.x - from.x, y: note.origin.y + at.y - from.y)) }
            return
        }
        markupPointer(model, at: at, began: false, from: drag.last, pressure: pressure)
        markupDrag?.last = at
    }

    /// The drag ended: what it drew goes into the layer, one undo step.
    func markupDragEnded() {
        markupDrag = nil
        guard let model = source?.model, let item = model.markup.inProgress else { return }
        model.setInk(nil)
        model.changeMarkup { $0.add(item) }
    }

    /// Where the image's pixel `point` is in the view (the inverse of `pagePoint(at:)`).
    func viewPoint(of point: Point) -> Point? {
        guard let pyramid, zoom != nil else { return nil }
        let w = Double(pyramid.width), h = Double(pyramid.height)
        let turned: Point
        switch ViewGeometry.normalized(quarterTurns) {
        case 1: turned = Point(x: h - point.y, y: point.x)
        case 2: turned = Point(x: w - point.x, y: h - point.y)
        case 3: turned = Point(x: point.y, y: w - point.x)
        default: turned = point
        }
        let origin = wholePixelOrigin
        return Point(x: origin.x + turned.x * displayScale, y: origin.y + turned.y * displayScale)
    }

    /// The point of the page under `point`, moved inside the page (a drag that leaves it).
    private func pagePointClamped(_ point: Point) -> Point? {
        guard let pyramid, let zoom else { return nil }
        let turned = zoom.imagePoint(at: point, offset: offset, scale: displayScale)
        let page = ViewGeometry.unturn(turned, quarterTurns: quarterTurns, width: Double(pyramid.width), height: Double(pyramid.height))
        return Point(x: min(max(0, page.x), Double(pyramid.width)), y: min(max(0, page.y), Double(pyramid.height)))
    }

    /// The pointer pressed (`began`) or moved to `at` (image pixels) with the tool chosen.
    private func markupPointer(_ model: DocumentModel, at: Point, began: Bool, from last: Point? = nil, pressure: Double? = nil) {
        // The thickness is the view's (points); the item keeps it in the image's pixels.
        let state = model.markup, width = model.markupThickness / max(displayScale, 1e-6)
        switch state.tool {
        case .pen, .highlighter:
            let tool: MarkupStrokeTool = state.tool == .pen ? .pen : .highlighter
            var points: [MarkupPoint] = []
            if !began, case .stroke(let stroke)? = state.inProgress { points = stroke.points }
            points.append(MarkupPoint(at, pressure: pressure))
            let stroke = MarkupStroke(id: 0, tool: tool, colour: state.colour, width: width, points: points)
            model.setInk(stroke.map(MarkupItem.stroke))
        case .eraser:
            // The whole way from the last position: the pointer's events come far apart on a fast sweep.
            let from = last ?? at, radius = width / 2
            let steps = max(1, Int((hypot(at.x - from.x, at.y - from.y) / max(radius, 0.5)).rounded(.up)))
            let sweep = (0...steps).map {
                Point(x: from.x + (at.x - from.x) * Double($0) / Double(steps), y: from.y + (at.y - from.y) * Double($0) / Double(steps))
            }
            for point in sweep where model.markupLayer.items.contains(where: { $0.isErasable && $0.isNear(point, radius: radius) }) {
                model.changeMarkup { $0.erase(near: point, radius: radius) }
            }
        case .arrow, .rectangle, .ellipse:
            let kind: MarkupShapeKind = state.tool == .arrow ? .arrow : state.tool == .rectangle ? .rectangle : .ellipse
            var from = at
            if !began, case .shape(let shape)? = state.inProgress { from = shape.from }
            let shape = MarkupShape(id: 0, kind: kind, from: from, to: at, colour: state.colour, width: width)
            model.setInk(.shape(shape))
        case .text, .note:
            // Placed where pressed, then typed into (`MarkupTextEntry`).
            guard began else { return }
            onMarkupPlace?(state.tool, at)
        }
    }
}
