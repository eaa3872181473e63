import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// Files dropped anywhere on the window become tabs (BEHAVIOUR A3).
extension DocumentWindow {
    func installDropTarget() {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        onFileDrop(raw(target)) { [weak self] paths in
            // A file dragged out of one of Iro's own images is no new file to open here.
            if let drop = gtk_drop_target_get_current_drop(target), gdk_drop_get_drag(drop) != nil { return false }
            guard let self, !paths.isEmpty else { return false }
            self.openDropped(paths.map(RawPath.init(bytes:)))
            return true
        }
        gtk_widget_add_controller(window.widget, target) // the window owns it
    }

    func openDropped(_ paths: [RawPath]) {
        for (index, path) in paths.enumerated() { open(path, select: index == 0) }
        present()
    }
}
