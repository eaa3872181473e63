import CGtk
import GtkSupport
import IroCore

/// Edit mode over the image (BEHAVIOUR D7): the picture drawn turned and flipped as the edit
/// has it, the parts the crop leaves out dimmed, the crop's frame with its eight handles, and
/// the rule of thirds while a handle is dragged. A drag that starts on a handle or inside the
/// crop moves it; elsewhere it pans, and zoom works as ever.
///
/// The edit's picture is the canvas's content turned by the view (`quarterTurns`) and, for
/// a flip, mirrored about the middle of the view (`mirrored`): a mirror of the whole view
/// needs no rendering of its own, since the rendering covers the view either way.
extension ImageCanvas {
    /// The edit under way in the document drawn, if any.
    var editSession: EditSession? { source?.model.editing }

    /// How far around a handle the pointer grabs it, in view points.
    static let handleReach = 12.0

    /// Where the edit's picture lies in the view: its top-left corner and the scale (view
    /// points per picture pixel).
    var editFrame: (x: Double, y: Double, scale: Double)? {
        guard let zoom else { return nil }
        let origin = wholePixelOrigin, content = zoom.contentSize(at: displayScale)
        let x = mirrored ? viewportSize.width - origin.x - content.width : origin.x
        return (x, origin.y, displayScale)
    }

    /// The crop in view points.
    func cropRectInView(_ box: CropBox) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let frame = editFrame else { return nil }
        // On whole points: the dim bands around it then meet without a seam.
        let r = box.rect
        let left = (frame.x + Double(r.x) * frame.scale).rounded(), top = (frame.y + Double(r.y) * frame.scale).rounded()
        let right = (frame.x + Double(r.maxX) * frame.scale).rounded(), bottom = (frame.y + Double(r.maxY) * frame.scale).rounded()
        return (left, top, right - left, bottom - top)
    }

    /// The handle under `point`, while editing.
    func cropHandle(at point: Point) -> CropHandle? {
        guard let session = editSession, let rect = cropRectInView(session.box) else { return nil }
        return CropHandle.at(point, in: rect, reach: Self.handleReach)
    }

    /// Shows the edit's turn and flip, as `EditSession.transform` has them: mirrored and then
    /// turned equals turned the other way and then mirrored.
    func showEditTransform(_ transform: ImageTransform) {
        let turns = transform.mirrored ? -transform.quarterTurns : transform.quarterTurns
        let wanted = ViewGeometry.normalized(turns)
        if wanted != quarterTurns { turn(by: wanted - quarterTurns) }
        if mirrored != transform.mirrored { mirrored = transform.mirrored }
        onZoomChanged?()
        gtk_widget_queue_draw(widget)
    }

    /// The dim outside the crop, its frame and handles, and the thirds while dragging.
    func drawCrop(on snapshot: OpaquePointer) {
        guard let session = editSession, let r = cropRectInView(session.box) else { return }
        let view = viewportSize
        var dim = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0.55)
        for band in [
            rect(0, 0, view.width, max(0, r.y)), rect(0, r.y + r.height, view.width, max(0, view.height - r.y - r.height)),
            rect(0, r.y, max(0, r.x), r.height), rect(r.x + r.width, r.y, max(0, view.width - r.x - r.width), r.height),
        ] {
            var bounds = band
            gtk_snapshot_append_color(snapshot, &dim, &bounds)
        }
        var line = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.9)
        var shadow = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
        func stroke(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ colour: inout GdkRGBA) {
            var bounds = rect(x, y, width, height)
            gtk_snapshot_append_color(snapshot, &colour, &bounds)
        }
        // The frame: a light line with a dark one outside, visible on any picture.
        for (offset, width, colour) in [(-2.0, 3.0, shadow), (-1.0, 2.0, line)] {
            var c = colour
            stroke(r.x + offset, r.y + offset, r.width - 2 * offset, width, &c)
            stroke(r.x + offset, r.y + r.height - offset - width, r.width - 2 * offset, width, &c)
            stroke(r.x + offset, r.y + offset, width, r.height - 2 * offset, &c)
            stroke(r.x + r.width - offset - width, r.y + offset, width, r.height - 2 * offset, &c)
        }
        if cropDrag != nil {
            var thirds = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.6)
            for i in 1...2 {
                stroke(r.x + r.width * Double(i) / 3, r.y, 1, r.height, &thirds)
                stroke(r.x, r.y + r.height * Double(i) / 3, r.width, 1, &thirds)
            }
        }
        // The handles: corners as L shapes, edges as short bars, the GNOME way.
        let long = min(20, max(8, min(r.width, r.height) / 4)), thick = 4.0
        for (x, y, w, h) in handleBars(r, long: long, thick: thick) {
            stroke(x - 1, y - 1, w + 2, h + 2, &shadow)
        }
        for (x, y, w, h) in handleBars(r, long: long, thick: thick) {
            stroke(x, y, w, h, &line)
        }
    }

    private func handleBars(_ r: (x: Double, y: Double, width: Double, height: Double), long: Double, thick: Double)
        -> [(Double, Double, Double, Double)]
    {
        let left = r.x - thick, top = r.y - thick, right = r.x + r.width, bottom = r.y + r.height
        let midX = r.x + r.width / 2 - long / 2, midY = r.y + r.height / 2 - long / 2
        return [
            (left, top, long + thick, thick), (left, top, thick, long + thick),
            (right - long, top, long + thick, thick), (right, top, thick, long + thick),
            (left, bottom, long + thick, thick), (left, bottom - long, thick, long + thick),
            (right - long, bottom, long + thick, thick), (right, bottom - long, thick, long + thick),
            (midX, top, long, thick), (midX, bottom, long, thick), (left, midY, thick, long), (right, midY, thick, long),
        ]
    }

    /// A drag on a handle or inside the crop moves it (the pan's drag denies itself there).
    func installCropDrag() {
        let drag = gtk_gesture_drag_new()!
        onSignal(raw(drag), "drag-begin") { [weak self] (x: Double, y: Double) in
            guard let self, let session = self.editSession, let handle = self.cropHandle(at: Point(x: x, y: y)) else {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            self.cropDrag = (handle, session.box.rect)
            gtk_widget_set_cursor_from_name(self.widget, handle.cursorName)
            gtk_widget_grab_focus(self.widget)
        }
        onSignal(raw(drag), "drag-update") { [weak self] (dx: Double, dy: Double) in
            guard let self, let (handle, start) = self.cropDrag, let frame = self.editFrame, frame.scale > 0 else { return }
            self.source?.model.changeEdit { $0.box.drag(handle, from: start, dx: dx / frame.scale, dy: dy / frame.scale) }
        }
        onSignal(raw(drag), "drag-end") { [weak self] (_: Double, _: Double) in
            guard let self, self.cropDrag != nil else { return }
            self.cropDrag = nil
            gtk_widget_set_cursor_from_name(self.widget, "grab")
            gtk_widget_queue_draw(self.widget)
        }
        gtk_widget_add_controller(widget, drag)
        // The pointer's shape says what a drag would do.
        let motion = gtk_event_controller_motion_new()!
        onSignal(raw(motion), "motion") { [weak self] (x: Double, y: Double) in
            guard let self, self.editSession != nil, self.cropDrag == nil else { return }
            gtk_widget_set_cursor_from_name(self.widget, self.cropHandle(at: Point(x: x, y: y))?.cursorName ?? "grab")
        }
        gtk_widget_add_controller(widget, motion)
    }

    /// Arrow keys move the crop by a hundredth of the picture; with Shift they resize it.
    func cropKey(_ keyval: guint, state: GdkModifierType) -> Bool {
        guard let session = editSession else { return false }
        let step = max(1, max(session.box.bounds.width, session.box.bounds.height) / 100)
        var dx = 0, dy = 0
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: dx = -step
        case GDK_KEY_Right, GDK_KEY_KP_Right: dx = step
        case GDK_KEY_Up, GDK_KEY_KP_Up: dy = -step
        case GDK_KEY_Down, GDK_KEY_KP_Down: dy = step
        default: return false
        }
        let resizes = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        source?.model.changeEdit { resizes ? $0.box.resize(dWidth: dx, dHeight: dy) : $0.box.move(dx: dx, dy: dy) }
        return true
    }
}
