import CGtk
import GtkSupport
import IroCore

/// A tab's part in linked views (BEHAVIOUR F6, `ViewLink`).
extension DocumentView {
    var isLinked: Bool { ViewLink.shared.contains(self) }

    /// Links this tab's view with the other linked tabs (they take its view), or unlinks it.
    func setLinked(_ linked: Bool) {
        if linked { ViewLink.shared.link(self) } else { ViewLink.shared.unlink(self) }
    }

    /// What this tab shows, as linked tabs share it; nil before its image has a view.
    var linkedView: LinkedView? { canvas.linkedView(hue: document.view.hue) }

    /// Whether its image is on screen now (the selected tab of a window).
    var isOnScreen: Bool { gtk_widget_get_mapped(canvas.widget) != 0 }

    /// Takes the linked tabs' view: zoom, centre, rotation and hue.
    func follow(_ linked: LinkedView) {
        if hueControl.value != linked.hue { hueControl.value = linked.hue } // sets the document's and the canvas's
        canvas.follow(linked)
    }

    /// Tells the link about what the user does in this tab, and brings the tab to the
    /// shared view whenever it is shown.
    func connectLink() {
        canvas.onMovedByUser = { [weak self] in
            guard let self, self.isLinked else { return }
            ViewLink.shared.moved(self)
        }
        onSignal(raw(canvas.widget), "map") { [weak self] in
            guard let self else { return }
            ViewLink.shared.follow(self)
        }
        onSignal(raw(widget), "destroy") { [weak self] in
            guard let self else { return }
            ViewLink.shared.drop(self)
        }
    }
}
