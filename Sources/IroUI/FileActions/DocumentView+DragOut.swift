import CGtk
import GtkSupport
import IroCore

/// Dragging the image out drops the file into another application (BEHAVIOUR F4). A drag
/// pans an image larger than the view (BEHAVIOUR C1), so there a drag takes the file only
/// when Ctrl is held; an image that fits has nothing to pan, and any drag takes the file.
extension DocumentView {
    func installDragOut() {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        onSignalWithPointReturningPointer(raw(source), "prepare") { [weak self] x, y in
            let state = gtk_event_controller_get_current_event_state(gcastOpaque(raw(source), gtk_event_controller_get_type()))
            let ctrlHeld = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
            // A drag from a page's text selects it (BEHAVIOUR G10), unless Ctrl takes the file.
            guard let self, ctrlHeld || self.canvas.dragSelects?(Point(x: x, y: y)) != true,
                let content = self.dragContent(ctrlHeld: ctrlHeld)
            else { return nil }
            // The smallest level as the drag's icon: the image in the pointer's hand.
            if let icon = self.model.levels?.levels.last?.texture {
                gtk_drag_source_set_icon(source, gcastOpaque(raw(icon), gdk_paintable_get_type()), 0, 0)
            }
            return UnsafeMutableRawPointer(content)
        }
        gtk_widget_add_controller(canvas.widget, source)
    }

    /// What a drag starting now carries (+1), or nil when it pans instead (or there is no file).
    func dragContent(ctrlHeld: Bool) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard let zoom = model.view.zoom, case .loaded = document.state, !model.file.isDeleted else { return nil }
        let content = zoom.contentSize(at: canvas.displayScale), viewport = canvas.viewportSize
        let pans = content.width > viewport.width + 0.5 || content.height > viewport.height + 0.5
        guard ctrlHeld || !pans else { return nil }
        let file = document.path.newGFile()
        defer { g_object_unref(raw(file)) }
        return ImageClipboard.provider(holding: raw(file), type: g_file_get_type())
    }
}
