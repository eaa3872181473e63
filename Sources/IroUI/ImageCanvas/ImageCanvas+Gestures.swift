import CGtk
import GtkSupport
import IroCore

/// Input: Ctrl+wheel zooms around the pointer (BEHAVIOUR C4), and so does the wheel alone,
/// or it steps through the folder, when the preferences say so (H4); a pinch zooms around
/// the fingers (BEHAVIOUR C2), click-and-drag pans with a grab cursor (BEHAVIOUR C1).
/// Plain wheel, kinetic touchpad scrolling and scrollbars come from the
/// GtkScrolledWindow through our adjustments.
extension ImageCanvas {
    /// Adds the controllers to the widget; returns the pinch gesture and the key
    /// controller, for tests that emit their signals.
    func installGestures() -> (pinch: OpaquePointer, keys: OpaquePointer) {
        installScrollZoom()
        installDragPan()
        return (installPinch(), installArrowKeys())
    }

    /// Arrow keys scroll by a tenth of the view (BEHAVIOUR C1), when the image has focus.
    /// Left and Right scroll only while there is more image that way: at its edge, and at
    /// best fit, they are left to the window, which steps through the folder (BEHAVIOUR F1).
    private func installArrowKeys() -> OpaquePointer {
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(raw(keys)) { [weak self] keyval, _, state in
            guard let self, let zoom = self.zoom,
                state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0
            else { return false }
            // In edit mode the arrows move the crop (BEHAVIOUR D7).
            if self.cropKey(keyval, state: state) { return true }
            let step = Point(x: max(40, self.viewportSize.width / 10), y: max(40, self.viewportSize.height / 10))
            var target = self.offset
            switch Int32(bitPattern: keyval) {
            case GDK_KEY_Left, GDK_KEY_KP_Left: target.x -= step.x
            case GDK_KEY_Right, GDK_KEY_KP_Right: target.x += step.x
            case GDK_KEY_Up, GDK_KEY_KP_Up: target.y -= step.y
            case GDK_KEY_Down, GDK_KEY_KP_Down: target.y += step.y
            default: return false
            }
            let reachable = zoom.clampedOffset(target, scale: self.displayScale)
            if target.y == self.offset.y, abs(reachable.x - self.offset.x) < 0.5 { return false }
            self.configureAdjustments(offset: target)
            return true
        }
        gtk_widget_add_controller(widget, keys)
        return keys
    }

    private func installScrollZoom() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        let motion = gtk_event_controller_motion_new()!
        var pointer = Point.zero
        onSignal(raw(motion), "motion") { x, y in pointer = Point(x: x, y: y) }
        // Wheel notches towards a step, for the wheel that goes to the next image (smooth
        // scrolling comes in fractions of a notch).
        var towardsStep = 0.0
        onScroll(raw(scroll)) { [weak self] _, dy in
            guard let self, self.zoom != nil else { return false }
            let state = gtk_event_controller_get_current_event_state(scroll)
            let action = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 ? .zoom : Preferences.shared.wheel
            switch action {
            case .scroll:
                return false // the scrolled window's
            case .zoom:
                // A mirrored view (an edit's flip) zooms about the point under the pointer.
                let anchor = self.mirrored ? Point(x: self.viewportSize.width - pointer.x, y: pointer.y) : pointer
                self.zoomByWheel(steps: dy, at: anchor)
            case .step:
                towardsStep += dy
                guard abs(towardsStep) >= 1 else { return true }
                let forward = towardsStep > 0
                towardsStep = 0
                _ = gtk_widget_activate_action_variant(self.widget, forward ? "win.next-image" : "win.previous-image", nil)
            }
            return true
        }
        gtk_widget_add_controller(widget, motion)
        gtk_widget_add_controller(widget, scroll)
    }

    /// One wheel notch multiplies the scale by 2^(−dy/2) around the pointer;
    /// smooth (touchpad) deltas scale proportionally.
    func zoomByWheel(steps dy: Double, at pointer: Point) {
        guard let zoom else { return }
        let factor = pow(2, -dy / 2)
        setScale(zoom.clampedScale((animator.target ?? zoom.scale) * factor), anchor: pointer)
    }

    /// A pinch scales live around the point between the fingers; the model takes the
    /// final factor when it ends (its rules in ZoomModel). Returns the gesture.
    private func installPinch() -> OpaquePointer {
        let gesture = gtk_gesture_zoom_new()!
        // The pinch under way: where the fingers were at its start, and its last factor.
        var anchor = Point.zero
        var lastFactor = 1.0
        onSignalWithPointer(raw(gesture), "begin") { [weak self] _ in
            guard let self, self.zoom != nil else { return }
            self.stopAnimation()
            lastFactor = 1
            self.updateModel { $0.beginPinch() }
            var x = 0.0, y = 0.0
            if gtk_gesture_is_active(gesture) != 0, gtk_gesture_get_bounding_box_center(gesture, &x, &y) != 0 {
                anchor = Point(x: x, y: y)
            } else {
                anchor = self.zoom?.viewportCentre ?? .zero
            }
        }
        onSignal(raw(gesture), "scale-changed") { [weak self] (factor: Double) in
            guard let self, let zoom = self.zoom, zoom.isPinching else { return }
            lastFactor = factor
            self.apply(scale: zoom.livePinchScale(factor: factor), from: self.displayScale, anchor: anchor)
        }
        onSignalWithPointer(raw(gesture), "end") { [weak self] _ in
            guard let self, self.zoom?.isPinching == true else { return }
            // The last factor the gesture reported (once ended, GTK's own delta reads 1).
            let from = self.displayScale
            self.updateModel { $0.endPinch(factor: lastFactor) }
            self.apply(scale: self.zoom?.scale ?? from, from: from, anchor: anchor) // at rest: the exact rendering follows
            self.onZoomChanged?()
            self.onMovedByUser?()
        }
        gtk_widget_add_controller(widget, gesture)
        return gesture
    }

    private func installDragPan() {
        let drag = gtk_gesture_drag_new()!
        var start = Point.zero
        onSignal(raw(drag), "drag-begin") { [weak self] (x: Double, y: Double) in
            guard let self else { return }
            // Ctrl+drag takes the file out instead (BEHAVIOUR F4), and a drag from a page's text selects it.
            if gtk_event_controller_get_current_event_state(drag).rawValue & GDK_CONTROL_MASK.rawValue != 0
                || self.dragSelects?(Point(x: x, y: y)) == true || self.cropHandle(at: Point(x: x, y: y)) != nil
                || self.markupTakesDrag(at: Point(x: x, y: y))
            {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            start = self.offset
            gtk_widget_set_cursor_from_name(self.widget, "grabbing")
        }
        onSignal(raw(drag), "drag-update") { [weak self] (dx: Double, dy: Double) in
            guard let self else { return }
            // Mirrored, the picture follows the pointer the other way round.
            self.configureAdjustments(offset: Point(x: self.mirrored ? start.x + dx : start.x - dx, y: start.y - dy))
            self.onMovedByUser?()
        }
        onSignal(raw(drag), "drag-end") { [weak self] (_: Double, _: Double) in
            guard let self else { return }
            gtk_widget_set_cursor_from_name(self.widget, "grab")
        }
        gtk_widget_set_cursor_from_name(widget, "grab")
        gtk_widget_add_controller(widget, drag)
    }
}
