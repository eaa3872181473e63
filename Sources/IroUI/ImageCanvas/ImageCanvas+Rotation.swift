import CGtk
import IroCore

/// Turning the view by quarter turns (SPEC C7): the file and the decoded pixels
/// are untouched; the zoom model sees the turned size and keeps its mode.
extension ImageCanvas {
    func rotate(clockwise: Bool) {
        guard let pyramid else { return }
        stopAnimation()
        quarterTurns = ViewGeometry.normalized(quarterTurns + (clockwise ? 1 : -1))
        discardRendering()
        updateModel { $0.setImageSize(shownSize(of: pyramid)) }
        if let zoom { displayScale = zoom.scale }
        configureAdjustments(offset: offset)
        onZoomChanged?()
    }
}
