import CGtk

/// Holds a Swift closure for a C callback's user data.
///
/// Passed to GLib with `Unmanaged.passRetained`; GLib calls the destroy notify
/// (`releaseBox`) when the signal handler, source or object goes away, which
/// releases the box and whatever the closure captured.
final class ClosureBox<F>: @unchecked Sendable {
    let call: F
    init(_ call: F) { self.call = call }

    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: gpointer?) -> ClosureBox<F>? {
        guard let pointer else { return nil }
        return Unmanaged<ClosureBox<F>>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func release(_ pointer: gpointer?) {
        guard let pointer else { return }
        Unmanaged<ClosureBox<F>>.fromOpaque(pointer).release()
    }
}
