import CGLib

/// Handlers that run on whichever thread emits the signal, for objects used off the
/// main thread (a GdkPixbufLoader in a decoder). GLib calls them synchronously, during
/// the call that emits, so they need no locking against that caller.

public typealias IntPairHandler = (Int32, Int32) -> Void

/// `void (*)(GObject *self, int a, int b, gpointer data)` — GdkPixbufLoader::size-prepared.
@discardableResult
public func onSignalAnyThread(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping IntPairHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Int32, Int32, gpointer?) -> Void = { _, a, b, data in
        ClosureBox<IntPairHandler>.from(data)?.call(a, b)
    }
    return connect(instance, signal, signature: SignalSignature([.int32, .int32]), thunk: thunk, handler: handler)
}

public typealias IntQuadHandler = (Int32, Int32, Int32, Int32) -> Void

/// `void (*)(GObject *self, int x, int y, int width, int height, gpointer data)` —
/// GdkPixbufLoader::area-updated.
@discardableResult
public func onSignalAnyThread(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping IntQuadHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Int32, Int32, Int32, Int32, gpointer?) -> Void = { _, x, y, width, height, data in
        ClosureBox<IntQuadHandler>.from(data)?.call(x, y, width, height)
    }
    return connect(instance, signal, signature: SignalSignature([.int32, .int32, .int32, .int32]), thunk: thunk, handler: handler)
}
