import CGtk
import GtkSupport
import IroCore

/// Plays a zoom animation (BEHAVIOUR C3: ~200 ms, ease-out) on a widget's frame clock,
/// one scale per frame from `ZoomAnimation`, around a fixed anchor.
final class ZoomAnimator {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var animation: ZoomAnimation?
    /// The point kept still (view coordinates).
    private(set) var anchor = Point.zero
    private var tickCallback: guint = 0

    init(widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    var isRunning: Bool { animation != nil }
    /// The scale the running animation ends at.
    var target: Double? { animation?.to }

    /// Animates from `from` to `to` around `anchor`: `frame(scale, anchor)` on every frame,
    /// then `finished()` once the last frame is drawn.
    func start(
        from: Double, to: Double, anchor: Point, frame: @escaping @MainActor (Double, Point) -> Void,
        finished: @escaping @MainActor () -> Void
    ) {
        _ = stop()
        animation = ZoomAnimation(from: from, to: to, startTime: monotonicSeconds())
        self.anchor = anchor
        tickCallback = addTickCallback(widget) { [weak self] time in
            guard let self, let animation = self.animation else { return false }
            frame(animation.scale(at: time), self.anchor)
            guard animation.isFinished(at: time) else { return true }
            self.animation = nil
            self.tickCallback = 0
            finished()
            return false
        }
    }

    /// Stops a running animation where it is; returns its target and anchor, for the
    /// caller to jump there (nil when none was running).
    func stop() -> (scale: Double, anchor: Point)? {
        guard let animation else { return nil }
        if tickCallback != 0 { gtk_widget_remove_tick_callback(widget, tickCallback) }
        tickCallback = 0
        self.animation = nil
        return (animation.to, anchor)
    }
}
