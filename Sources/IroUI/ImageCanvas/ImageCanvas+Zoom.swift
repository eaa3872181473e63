import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Changing the scale: at once, or animated over ~200 ms with ease-out (BEHAVIOUR C3),
/// always keeping the image point under an anchor fixed (BEHAVIOUR C2, C4).
extension ImageCanvas {
    /// Jumps to `scale` (clamped by the model) keeping the image point under `anchor`.
    func setScale(_ scale: Double, anchor: Point? = nil) {
        stopAnimation()
        guard let zoom else { return }
        let anchor = anchor ?? zoom.viewportCentre
        let from = displayScale
        updateModel { $0.setScale(scale) }
        apply(scale: self.zoom?.scale ?? from, from: from, anchor: anchor)
        onZoomChanged?()
        onMovedByUser?()
    }

    /// Animates to `target` (already clamped by the caller's model target) around `anchor`.
    func animate(to target: Double, anchor: Point? = nil, bestFit: Bool = false) {
        guard let zoom else { return }
        let anchor = anchor ?? zoom.viewportCentre
        stopAnimation()
        defer { onMovedByUser?() } // where the animation ends
        if bestFit { updateModel { $0.applyBestFit() } } else { updateModel { $0.setScale(target) } }
        let final = self.zoom?.scale ?? target
        onZoomChanged?()
        guard abs(final - displayScale) > 1e-9 else { return }
        // Without animations (a11y setting, or tests) jump straight there.
        var animationsEnabled: gboolean = 1
        if let settings = gtk_widget_get_settings(widget) {
            iro_object_get_boolean(raw(settings), "gtk-enable-animations", &animationsEnabled)
        }
        guard animationsEnabled != 0, gtk_widget_get_mapped(widget) != 0 else {
            apply(scale: final, from: displayScale, anchor: anchor)
            return
        }
        animator.start(
            from: displayScale, to: final, anchor: anchor,
            frame: { [weak self] scale, anchor in
                guard let self else { return }
                self.apply(scale: scale, from: self.displayScale, anchor: anchor)
            },
            finished: { [weak self] in self?.viewChanged() }) // at rest: the exact rendering
        viewChanged() // more detail for the target starts now, with the animation
        renderEndAhead(scale: final, anchor: anchor)
    }

    /// Starts the exact rendering of where the animation ends, once its first frame is
    /// painted (so the threads do not slow that frame), so the view is sharp the moment the
    /// animation stops instead of one rendering later.
    private func renderEndAhead(scale final: Double, anchor: Point) {
        guard let zoom, let pyramid else { return }
        let end = zoom.offsetKeeping(anchor: anchor, offset: offset, fromScale: displayScale, toScale: final)
        guard let request = Self.renderingRequest(zoom: zoom, offset: end, scale: final, quarterTurns: quarterTurns) else { return }
        afterNextFrame { [weak self] in
            guard let self, self.animator.target == final, self.pyramid === pyramid else { return }
            self.renderer.request(request, from: pyramid)
        }
    }

    /// The part of the image the view shows once at rest (where a running zoom animation
    /// ends), with the rendering's margin: upright image pixels, for decoding just that.
    var restingImageRect: PixelRect? {
        guard let zoom, let pyramid else { return nil }
        let rest =
            animator.isRunning
            ? zoom.offsetKeeping(anchor: animator.anchor, offset: offset, fromScale: displayScale, toScale: zoom.scale) : offset
        return Self.renderingRequest(zoom: zoom, offset: rest, scale: zoom.scale, quarterTurns: quarterTurns)?
            .imageRect(imageWidth: pyramid.width, imageHeight: pyramid.height)
            .intersection(PixelRect(x: 0, y: 0, width: pyramid.width, height: pyramid.height))
    }

    /// Ends a running animation at its target.
    func stopAnimation() {
        guard let (target, anchor) = animator.stop() else { return }
        apply(scale: target, from: displayScale, anchor: anchor)
    }

    // MARK: Commands (the window's zoom actions call these)

    func zoomIn() { if let zoom { animate(to: zoom.zoomInTarget()) } }
    func zoomOut() { if let zoom { animate(to: zoom.zoomOutTarget()) } }
    func resetZoom() { if let zoom { animate(to: zoom.resetTarget()) } }
    func zoomToDoubleSize() { if let zoom { animate(to: zoom.doubleSizeTarget()) } }
    func zoomToFit() { if let zoom { animate(to: zoom.bestFitTarget(), bestFit: true) } }
    func zoomToFitPage() { if let zoom { animate(to: zoom.fitPageTarget()) } }
    /// The width filling the view, around its top edge: a page is then read from its top.
    func zoomToFitWidth() {
        guard let zoom else { return }
        animate(to: zoom.fitWidthTarget(), anchor: Point(x: zoom.viewportCentre.x, y: 0))
    }
    func toggleBestFit() {
        guard let zoom else { return }
        if zoom.mode == .bestFit { animate(to: zoom.resetTarget()) } else { animate(to: zoom.bestFitTarget(), bestFit: true) }
    }
}
