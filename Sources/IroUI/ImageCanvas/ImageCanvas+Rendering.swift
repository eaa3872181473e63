import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Exact renderings: the visible content (plus a margin, so small pans reuse it)
/// at the current scale, rotation and hue, made off the main thread and drawn 1:1.
/// A hue change reuses the scaled pixels and only recolours them, on the spot.
extension ImageCanvas {
    /// How far past the viewport, as a fraction of it, a rendering reaches on each side.
    static let renderMargin = 0.25

    /// Starts rendering the current view unless that is already under way. Not while
    /// the scale is still moving (animation, pinch): those frames use the level path.
    func scheduleRendering() {
        guard let pyramid, let zoom, animation == nil, !zoom.isPinching else { return }
        let origin = zoom.contentOrigin(offset: offset, scale: displayScale)
        let rounded = Point(x: origin.x.rounded(), y: origin.y.rounded())
        let content = ViewGeometry.visibleContent(viewport: viewportSize, origin: rounded,
                                                  contentSize: zoom.contentSize(at: displayScale), margin: Self.renderMargin)
        guard !content.isEmpty else { return }
        let request = ViewRendering.Request(scale: displayScale, content: content, quarterTurns: quarterTurns)
        // Same request: skip it, unless the rendering under way or shown is from older levels.
        guard request != pendingRequest || renderedFrom != ObjectIdentifier(pyramid) && renderTask == nil else { return }
        pendingRequest = request
        renderTask?.cancel()
        let hue = self.hue
        renderTask = Task { [weak self] in
            let rendering = await Self.render(request, hue: hue, from: pyramid)
            guard let self, !Task.isCancelled, self.pendingRequest == request else { return }
            self.pendingRequest = nil
            self.renderTask = nil
            // The hue may have moved while this was rendering: recolour on arrival.
            self.rendering = rendering.flatMap { $0.hue == self.hue ? $0 : $0.withHue(self.hue) }
            self.renderedFrom = self.rendering == nil ? nil : ObjectIdentifier(pyramid)
            self.renderingFailed = self.rendering == nil      // then frames fall back to scaled levels
            gtk_widget_queue_draw(self.widget)
        }
    }

    @concurrent
    nonisolated static func render(_ request: ViewRendering.Request, hue: Double, from pyramid: ImagePyramid) async -> ViewRendering? {
        ViewRendering.render(request, hue: hue, from: pyramid)
    }

    /// A new hue: recolour the current rendering now (every frame of a slider drag).
    func hueChanged() {
        if let rendering, rendering.hue != hue { self.rendering = rendering.withHue(hue) }
        gtk_widget_queue_draw(widget)
    }

    /// Forget renderings (new image, new rotation).
    func discardRendering() {
        renderTask?.cancel()
        renderTask = nil
        pendingRequest = nil
        rendering = nil
        renderedFrom = nil
        renderingFailed = false
    }
}
