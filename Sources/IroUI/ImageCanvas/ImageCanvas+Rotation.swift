import CGtk
import IroCore

/// Turning the view by quarter turns (BEHAVIOUR C7): the file and the decoded pixels
/// are untouched; the zoom model sees the turned size and keeps its mode.
extension ImageCanvas {
    func rotate(clockwise: Bool) {
        guard pyramid != nil else { return }
        stopAnimation()
        turn(by: clockwise ? 1 : -1)
        onZoomChanged?()
        onMovedByUser?()
    }
}
