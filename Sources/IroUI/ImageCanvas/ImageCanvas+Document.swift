import GtkSupport
import IroCore

/// The canvas draws a document's levels, following its model: each new image, more detail
/// of it, each frame of an animation. The tab's canvas, the compare panes' and the
/// presentation's all draw the same levels this way; none decodes anything.
extension ImageCanvas {
    /// Draws `model`'s levels from now on (nothing for nil). `restoresView`: a new image
    /// takes the view the document remembered, or the rendering made ahead for its fresh
    /// view (the tab's own canvas; other views keep their own).
    func draw(_ model: DocumentModel?, restoresView: Bool = false) {
        guard source?.model !== model else { return }
        if let source { disconnect(source.model.observable.object, source.observer) }
        source = nil
        guard let model else { return }
        let observer = model.observable.observe(DocumentModel.Property.levels) { [weak self] in self?.levelsChanged() }
        source = (model, observer, restoresView)
        levelsChanged()
    }

    private func levelsChanged() {
        guard let (model, _, restoresView) = source, let levels = model.levels else { return }
        var arrival = model.arrival
        if case .newImage = arrival, !restoresView { arrival = .newImage(restoring: nil, renderedAhead: nil) }
        show(levels, named: model.document.displayName, arrival: arrival)
    }
}
