import CGtk
import GtkSupport
import IroCore

/// Input on the stacked pages (BEHAVIOUR G11): Ctrl+wheel and a pinch zoom around the pointer
/// or the fingers; a drag pans; Up and Down scroll a tenth of the view (Left and Right too
/// while the pages are wider than it, else they turn pages); the links on the pages in view
/// (`ContinuousPageLinks`) and their text (`TextSelectionDrag`).
extension ContinuousPages {
    /// Ctrl+wheel zooms around the pointer; a drag pans; Up and Down scroll a tenth of the
    /// view (Left and Right too while the pages are wider than it, else they turn pages).
    func installInput() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        let motion = gtk_event_controller_motion_new()!
        var pointer = Point.zero
        onSignal(raw(motion), "motion") { [weak self] (x: Double, y: Double) in
            pointer = Point(x: x, y: y)
            guard let self else { return }
            // The page's text is read the first time the pointer comes over it (BEHAVIOUR G10).
            if let under = self.pageUnder(pointer) { self.model.readText(ofPage: under.page) }
            self.links.hover(self.link(at: pointer), overText: self.textDrag.glyph(at: pointer) != nil, on: self.widget)
        }
        onSignal(raw(motion), "leave") { [weak self] in if let self { self.links.hover(nil, overText: false, on: self.widget) } }
        onScroll(raw(scroll)) { [weak self] _, dy in
            guard let self, let zoom = self.zoom,
                gtk_event_controller_get_current_event_state(scroll).rawValue & GDK_CONTROL_MASK.rawValue != 0
            else { return false }
            self.setScale(zoom.clampedScale(zoom.scale * pow(2, -dy / 2)), anchor: pointer)
            return true
        }
        gtk_widget_add_controller(widget, motion)
        gtk_widget_add_controller(widget, scroll)

        let drag = gtk_gesture_drag_new()!
        var start = Point.zero
        onSignal(raw(drag), "drag-begin") { [weak self] (x: Double, y: Double) in
            guard let self else { return }
            // A drag from a page's text selects it (`TextSelectionDrag`).
            if self.dragSelects?(Point(x: x, y: y)) == true {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            start = self.offset
            gtk_widget_set_cursor_from_name(self.widget, "grabbing")
        }
        onSignal(raw(drag), "drag-update") { [weak self] (dx: Double, dy: Double) in
            self?.configureAdjustments(offset: Point(x: start.x - dx, y: start.y - dy))
        }
        onSignal(raw(drag), "drag-end") { [weak self] (_: Double, _: Double) in
            if let self { gtk_widget_set_cursor_from_name(self.widget, "grab") }
        }
        gtk_widget_set_cursor_from_name(widget, "grab")
        gtk_widget_add_controller(widget, drag)

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 1)
        onSignal(raw(click), "released") { [weak self] (presses: Int32, x: Double, y: Double) in
            guard presses == 1, let self, let link = self.link(at: Point(x: x, y: y)) else { return }
            PageLinks.follow(link, in: self.model, from: self.widget)
        }
        gtk_widget_add_controller(widget, click)
        links.click = click

        // A pinch scales the pages live around the point between the fingers.
        let pinch = gtk_gesture_zoom_new()!
        var pinchStart = 1.0, fingers = Point.zero
        onSignalWithPointer(raw(pinch), "begin") { [weak self] _ in
            guard let self, let zoom = self.zoom else { return }
            pinchStart = zoom.scale
            var x = 0.0, y = 0.0
            // Only an active gesture has fingers to ask about (GTK warns otherwise).
            fingers =
                gtk_gesture_is_active(pinch) != 0 && gtk_gesture_get_bounding_box_center(pinch, &x, &y) != 0
                ? Point(x: x, y: y) : Point(x: self.viewportSize.width / 2, y: self.viewportSize.height / 2)
        }
        onSignal(raw(pinch), "scale-changed") { [weak self] (factor: Double) in
            guard let self, let zoom = self.zoom else { return }
            self.setScale(zoom.clampedScale(pinchStart * factor), anchor: fingers)
        }
        gtk_widget_add_controller(widget, pinch)
        pinchGesture = pinch

        let keys = gtk_event_controller_key_new()!
        onKeyPressed(raw(keys)) { [weak self] keyval, _, state in
            guard let self, state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
            let viewport = self.viewportSize
            let step = Point(x: max(40, viewport.width / 10), y: max(40, viewport.height / 10))
            let wider = self.contentWidth(at: self.zoom?.scale ?? 1) > viewport.width + 0.5
            var target = self.offset
            switch Int32(bitPattern: keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: target.y -= step.y
            case GDK_KEY_Down, GDK_KEY_KP_Down: target.y += step.y
            case GDK_KEY_Left,
                GDK_KEY_KP_Left where wider:
                target.x -= step.x
            case GDK_KEY_Right,
                GDK_KEY_KP_Right where wider:
                target.x += step.x
            default: return false
            }
            self.configureAdjustments(offset: target)
            return true
        }
        gtk_widget_add_controller(widget, keys)
    }
}
