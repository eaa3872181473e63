import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Makes and keeps the exact rendering of a canvas's view: the visible content (plus a
/// margin, so small pans reuse it) at the view's scale, rotation and hue, made off the
/// main thread and drawn 1:1 (`ViewRendering`). A hue change reuses the scaled pixels
/// and only recolours them, on the spot.
///
/// The canvas asks for a rendering whenever its view changes (`request`); frames only
/// draw what is here.
final class CanvasRenderer {
    /// The rendering to draw when it covers the view.
    private(set) var rendering: ViewRendering? {
        didSet { if let oldValue, oldValue !== rendering { previous = oldValue } }
    }
    /// The one it replaced, kept until a frame draws an exact rendering: while a zoom
    /// animation runs, the rendering of its end may arrive before the frames near its start,
    /// which the one before still covers (`ImageCanvas.stretch`).
    private(set) var previous: ViewRendering?

    func forgetPrevious() { previous = nil }
    /// The last rendering could not be made (no memory): frames draw scaled levels until
    /// the view changes.
    private(set) var hasFailed = false
    /// Told on the main thread when a new rendering is ready to draw.
    var onReady: (@MainActor () -> Void)?

    private var task: Task<Void, Never>?
    private var pending: ViewRendering.Request?
    /// The pyramid the current rendering was made from.
    private var madeFrom: ObjectIdentifier?
    /// The hue renderings are made with: the canvas's view's, read when needed (no copy).
    var currentHue: @MainActor () -> Double = { HueControl.neutral }
    private var hue: Double { currentHue() }

    /// A rendering is being made.
    var isRendering: Bool { task != nil }

    /// Whether the current rendering was made from `pyramid` (not from levels it replaced).
    func isMade(from pyramid: ImagePyramid) -> Bool { rendering != nil && madeFrom == ObjectIdentifier(pyramid) }

    /// Starts making `request` from `pyramid`, unless that is already under way.
    func request(_ request: ViewRendering.Request, from pyramid: ImagePyramid) {
        guard request != pending || madeFrom != ObjectIdentifier(pyramid) && task == nil else { return }
        pending = request
        task?.cancel()
        let hue = self.hue
        task = Task { [weak self] in
            let made = await Self.render(request, hue: hue, from: pyramid)
            guard let self, !Task.isCancelled, self.pending == request else { return }
            self.pending = nil
            self.task = nil
            // The hue may have moved while this was rendering: recolour on arrival.
            self.rendering = made.flatMap { $0.hue == self.hue ? $0 : $0.withHue(self.hue) }
            self.madeFrom = self.rendering == nil ? nil : ObjectIdentifier(pyramid)
            self.hasFailed = self.rendering == nil
            self.onReady?()
        }
    }

    @concurrent
    nonisolated private static func render(_ request: ViewRendering.Request, hue: Double, from pyramid: ImagePyramid) async
        -> ViewRendering?
    {
        ViewRendering.render(request, hue: hue, from: pyramid)
    }

    /// A new hue: the current rendering is recoloured now (every frame of a slider drag);
    /// false when there is none to recolour.
    @discardableResult
    func recolour() -> Bool {
        guard let rendering else { return false }
        if rendering.hue != hue { self.rendering = rendering.withHue(hue) }
        return true
    }

    /// Makes `request` on the spot, on the main thread: for the frame that first shows an
    /// image, which would otherwise show nothing of it and wait a frame or more for a
    /// rendering made elsewhere. A rendering is about a screen's worth of pixels (10 ms or
    /// less), made once per image shown.
    func renderNow(_ request: ViewRendering.Request, from pyramid: ImagePyramid) {
        levelsReplaced()
        Trace.mark("first rendering starts")
        rendering = ViewRendering.render(request, hue: hue, from: pyramid)
        Trace.mark("first rendering made")
        madeFrom = rendering == nil ? nil : ObjectIdentifier(pyramid)
        hasFailed = rendering == nil
    }

    /// A rendering made elsewhere (ahead of time) becomes the current one; it is drawn when
    /// it covers the view.
    func adopt(_ made: ViewRendering, madeFrom pyramid: ImagePyramid) {
        levelsReplaced()
        rendering = made.hue == hue ? made : made.withHue(hue)
        madeFrom = ObjectIdentifier(pyramid)
        hasFailed = false
    }

    /// New levels of the same image arrived: the current rendering shows the same image
    /// at the same place, so it stays until one made from the new levels replaces it
    /// (no blurry or slow frame between); only the one under way is dropped.
    func levelsReplaced() {
        task?.cancel()
        task = nil
        pending = nil
    }

    /// Forgets every rendering (a new image, a new rotation).
    func discard() {
        levelsReplaced()
        rendering = nil
        previous = nil
        madeFrom = nil
        hasFailed = false
    }
}
