import CGLib

/// Holds a Swift closure for a C callback's user data.
///
/// Passed to GLib with `retainedPointer()`; GLib calls the destroy notify (`release`)
/// when the signal handler, source or object goes away, which releases the box and
/// whatever the closure captured.
public final class ClosureBox<F>: @unchecked Sendable {
    public let call: F
    public init(_ call: F) { self.call = call }

    /// +1 for GLib to hold until its destroy notify calls `release`.
    public func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// The box behind a callback's user data (not retained).
    public static func from(_ pointer: gpointer?) -> ClosureBox<F>? {
        guard let pointer else { return nil }
        return Unmanaged<ClosureBox<F>>.fromOpaque(pointer).takeUnretainedValue()
    }

    public static func release(_ pointer: gpointer?) {
        guard let pointer else { return }
        Unmanaged<ClosureBox<F>>.fromOpaque(pointer).release()
    }
}
