import CGtk
import CGtkShims
import Dispatch

/// How work comes back to the main thread while GTK's loop runs.
///
/// Under `g_application_run` libdispatch's main queue is never drained, so
/// `Task { @MainActor in … }` and `await MainActor.run {}` would never run.
/// `attach()` watches the main queue's wake-up fd from GLib's default context
/// (see CGtkShims), which makes the MainActor work under GTK. This is Iro's one
/// mechanism for background → main: code finishing work off the main thread
/// simply returns to a MainActor caller with `await`.
public enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Idempotent; call once before the main loop runs (main.swift, test setUp).
    public static func attach() {
        guard sourceID == 0 else { return }
        _ = DispatchQueue.main // make sure libdispatch's main queue exists
        sourceID = iro_attach_dispatch_main_queue()
    }
}

/// A GLib source id; `cancel()` removes the source if it is still pending.
public struct SourceID: Sendable, Equatable {
    public let raw: guint
    /// Safe after the source has run out (GLib would complain about removing it).
    public func cancel() {
        if raw != 0, g_main_context_find_source_by_id(nil, raw) != nil { g_source_remove(raw) }
    }
}

/// Runs `body` after `milliseconds` on the main loop; returning `true` repeats it.
@discardableResult
public func addTimeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> SourceID {
    typealias Box = ClosureBox<@MainActor () -> Bool>
    let fn: GSourceFunc = { data in
        guard let box = Box.from(data) else { return 0 }
        return MainActor.assumeIsolated { box.call() } ? 1 : 0
    }
    let destroy: GDestroyNotify = { Box.release($0) }
    return SourceID(raw: g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, fn, Box(body).retainedPointer(), destroy))
}

/// Runs `body` once after `milliseconds`.
@discardableResult
public func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> SourceID {
    addTimeout(milliseconds: milliseconds) {
        body()
        return false
    }
}

/// Runs `body` when the main loop is idle; returning `true` repeats it.
@discardableResult
public func addIdle(_ body: @escaping @MainActor () -> Bool) -> SourceID {
    typealias Box = ClosureBox<@MainActor () -> Bool>
    let fn: GSourceFunc = { data in
        guard let box = Box.from(data) else { return 0 }
        return MainActor.assumeIsolated { box.call() } ? 1 : 0
    }
    let destroy: GDestroyNotify = { Box.release($0) }
    return SourceID(raw: g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, fn, Box(body).retainedPointer(), destroy))
}

/// Work run once when the main loop is next idle, however often it is asked for before
/// then: a change told to listeners after layout, not during it (they may change widgets).
@MainActor
public final class IdleOnce {
    private var pending = false
    private let work: @MainActor () -> Void

    /// `work` should hold its owner weakly: the owner holds this.
    public init(_ work: @escaping @MainActor () -> Void) { self.work = work }

    public func ask() {
        guard !pending else { return }
        pending = true
        addIdle { [weak self] in
            self?.pending = false
            self?.work()
            return false
        }
    }
}

/// Per-frame callback (GtkWidget tick callback) for animations; return `false` to stop.
/// The closure receives the frame time in seconds.
@discardableResult
public func addTickCallback(
    _ widget: UnsafeMutablePointer<GtkWidget>,
    _ body: @escaping @MainActor (Double) -> Bool
) -> guint {
    typealias Box = ClosureBox<@MainActor (Double) -> Bool>
    let fn: GtkTickCallback = { _, clock, data in
        guard let box = Box.from(data), let clock else { return 0 }
        let seconds = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        return MainActor.assumeIsolated { box.call(seconds) } ? 1 : 0
    }
    let destroy: GDestroyNotify = { Box.release($0) }
    return gtk_widget_add_tick_callback(widget, fn, Box(body).retainedPointer(), destroy)
}

/// Seconds on GLib's monotonic clock (the clock frame times use).
public func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

/// Runs `body` once, after the first frame that paints `widget` once it is mapped (a window's
/// first frame, say): work that would delay that frame waits for it.
public func afterFirstPaint(of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void) {
    final class Once {
        var mapped: SignalHandlerID?
        var painted: (clock: UnsafeMutableRawPointer, handler: SignalHandlerID)?
    }
    let once = Once()
    let start: @MainActor () -> Void = {
        guard once.painted == nil, let clock = gtk_widget_get_frame_clock(widget) else { return }
        if let mapped = once.mapped {
            disconnect(raw(widget), mapped)
            once.mapped = nil
        }
        let handler = onSignal(raw(clock), "after-paint") {
            guard let painted = once.painted else { return }
            disconnect(painted.clock, painted.handler)
            body()
        }
        once.painted = (raw(clock), handler)
    }
    if gtk_widget_get_mapped(widget) != 0 { start() } else { once.mapped = onSignal(raw(widget), "map") { start() } }
}
