import CGtk
import GtkSupport

/// View commands beyond zoom: turning the view (BEHAVIOUR C7).
extension DocumentWindow {
    func installViewActions() {
        actions.add("rotate-clockwise") { [weak self] in self?.rotate(clockwise: true) }
        actions.add("rotate-counterclockwise") { [weak self] in self?.rotate(clockwise: false) }
    }

    func updateViewActions() {
        let hasImage = zoomTarget?.zoom != nil
        actions.setEnabled("rotate-clockwise", hasImage)
        actions.setEnabled("rotate-counterclockwise", hasImage)
        actions.setEnabled("reset-hue", hasImage)
    }

    /// The canvas the zoom and rotation commands act on: the comparison's active pane, or
    /// the selected tab's.
    var activeCanvas: ImageCanvas? {
        if let comparison = comparing.view { return comparison.activePane?.canvas }
        return selectedView?.canvas
    }

    /// Turns the active canvas, or a document's stacked pages while they show (BEHAVIOUR G11).
    private func rotate(clockwise: Bool) {
        // In edit mode the keys turn the edit (BEHAVIOUR D7).
        if comparing.view == nil, let model = selectedModel, model.editing != nil {
            return model.changeEdit { $0.rotate(clockwise: clockwise) }
        }
        if let continuous = zoomTarget as? ContinuousPages {
            continuous.rotate(clockwise: clockwise)
        } else {
            activeCanvas?.rotate(clockwise: clockwise)
        }
    }

    /// What the zoom commands act on: the active canvas, or a document's stacked pages
    /// while the selected tab shows them (BEHAVIOUR G11).
    var zoomTarget: (any ZoomCommands)? {
        if comparing.view == nil, let pages = selectedView?.pages, pages.isContinuous { return pages.continuous }
        return activeCanvas
    }
}
