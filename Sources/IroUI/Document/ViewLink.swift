import CGtk
import IroCore

/// Linked views (BEHAVIOUR F6): the documents, in any window, that share one view
/// (`LinkedView`: zoom, centre, rotation, hue). The first one linked sets it, then whichever
/// the user moves; a linked document on screen (in another window) follows at once, one in
/// the background when it is shown. Switching between linked tabs thus keeps the picture in
/// place.
///
/// Whether a document is linked is its model's (`DocumentModel.isLinked`); this holds the
/// shared view and finds the linked documents. Only what the user does sets the shared view:
/// a tab that cannot reach it (a smaller image that cannot scroll that far) shows the
/// nearest, and does not pull the others there.
final class ViewLink {
    static let shared = ViewLink()

    /// Every document that joined, while it lives (those still linked are `models`).
    private var joined: [Member] = []
    private struct Member {
        weak var model: DocumentModel?
    }
    /// The view linked documents show, once one of them had a view to share.
    private(set) var view: LinkedView?
    /// Set while documents are made to follow: what they do then is not the user's.
    private var following = false

    var models: [DocumentModel] { joined.compactMap(\.model).filter(\.isLinked) }

    /// `model` was linked: the first linked document's view becomes the shared one; one that
    /// joins takes it (at once when on screen), so linking never moves those already linked.
    func joined(_ model: DocumentModel) {
        joined.removeAll { $0.model == nil || $0.model === model }
        joined.append(Member(model: model))
        if view == nil || models.count == 1 {
            view = nil
            moved(model)
        } else if model.isOnScreen {
            follow(model)
        }
    }

    /// Forgets `model` (it was unlinked, or its tab is closing): it keeps what it shows.
    func drop(_ model: DocumentModel) {
        joined.removeAll { $0.model == nil || $0.model === model }
        if models.isEmpty { view = nil }
    }

    /// The user moved `model`'s view (zoom, scroll, rotation, hue): its view is the shared
    /// one, and the linked documents on screen follow it now.
    func moved(_ model: DocumentModel) {
        guard !following, model.isLinked, let shared = model.viewer?.linkedView(hue: model.hue) else { return }
        view = shared
        for other in models where other !== model && other.isOnScreen { follow(other) }
    }

    /// Brings `model` to the shared view, if it is linked (it is being shown, or its image arrived).
    func follow(_ model: DocumentModel) {
        guard let shared = view, model.isLinked else { return }
        following = true
        defer { following = false }
        model.hue = shared.hue
        model.viewer?.follow(shared)
    }
}
