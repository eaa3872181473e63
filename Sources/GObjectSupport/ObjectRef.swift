import CGLib

/// An owned reference to a GObject: unref'd when the Swift value goes away.
///
/// `init(retaining:)` sinks a floating reference (fresh widgets) or adds one;
/// `init(taking:)` adopts a reference the caller already owns.
/// Sendable because GObject reference counting is atomic; the object itself
/// must still only be used from the thread its type allows.
public final class ObjectRef: @unchecked Sendable {
    public let raw: UnsafeMutableRawPointer

    public init(taking raw: UnsafeMutableRawPointer) { self.raw = raw }
    public init(retaining raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
    }
    deinit { g_object_unref(raw) }

    public var opaque: OpaquePointer { OpaquePointer(raw) }
}
