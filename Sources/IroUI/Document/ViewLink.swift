import CGtk
import IroCore

/// Linked views (BEHAVIOUR F6): the tabs, in any window, that share one view (`LinkedView`:
/// zoom, centre, rotation, hue). The first tab linked sets it, then whichever the user moves; a linked tab that is on
/// screen (in another window) follows at once, one in the background when it is shown.
/// Switching between linked tabs thus keeps the picture in place.
///
/// Only what the user does sets the shared view: a tab that cannot reach it (a smaller
/// image that cannot scroll that far) shows the nearest, and does not pull the others there.
final class ViewLink {
    static let shared = ViewLink()

    private var members: [Member] = []
    private struct Member {
        weak var view: DocumentView?
    }
    /// The view linked tabs show, once one of them had a view to share.
    private(set) var view: LinkedView?
    /// Set while tabs are made to follow: what they do then is not the user's.
    private var following = false

    var views: [DocumentView] { members.compactMap(\.view) }

    func contains(_ view: DocumentView) -> Bool { members.contains { $0.view === view } }

    /// Links `view`: the first linked tab's view becomes the shared one; a tab that joins
    /// takes it (at once when on screen), so linking never moves the tabs already linked.
    func link(_ view: DocumentView) {
        guard !contains(view) else { return }
        members.removeAll { $0.view == nil }
        members.append(Member(view: view))
        view.onStateChanged?() // its tab's link icon
        if self.view == nil {
            moved(view)
        } else if view.isOnScreen {
            follow(view)
        }
    }

    /// Unlinks `view`: it keeps what it shows, and moves on its own again.
    func unlink(_ view: DocumentView) {
        guard contains(view) else { return }
        drop(view)
        view.onStateChanged?()
    }

    /// Forgets `view` (its tab is closing).
    func drop(_ view: DocumentView) {
        members.removeAll { $0.view == nil || $0.view === view }
        if members.isEmpty { self.view = nil }
    }

    /// The user moved `view` (zoom, scroll, rotation, hue): its view is the shared one, and
    /// the linked tabs on screen follow it now.
    func moved(_ view: DocumentView) {
        guard !following, contains(view), let shared = view.linkedView else { return }
        self.view = shared
        for other in views where other !== view && other.isOnScreen { follow(other) }
    }

    /// Brings `view` to the shared view, if it is linked (it is being shown, or its image arrived).
    func follow(_ view: DocumentView) {
        guard let shared = self.view, contains(view) else { return }
        following = true
        defer { following = false }
        view.follow(shared)
    }
}
