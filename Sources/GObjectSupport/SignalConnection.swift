import CGLib

/// A signal handler's id, for `disconnect`.
public typealias SignalHandlerID = gulong

/// Connects `thunk`, a `@convention(c)` function of the shape `signature` says (plus the
/// instance first and the user data last), to `signal` on `instance`, with `handler` as
/// its user data: a `ClosureBox<Handler>` that GLib owns and releases when the handler
/// is disconnected or the instance finalized.
///
/// Debug builds look the signal up and stop at once when its C signature differs from
/// the thunk's (a wrong overload would otherwise be undefined behaviour at run time).
@discardableResult
public func connect<Handler, Thunk>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    signature: SignalSignature, thunk: Thunk, handler: Handler
) -> SignalHandlerID {
    precondition(MemoryLayout<Thunk>.size == MemoryLayout<GCallback>.size, "the thunk must be a @convention(c) function")
    #if DEBUG
        if let mismatch = signature.mismatch(connecting: signal, on: instance) {
            assertionFailure("wrong handler for a signal: \(mismatch)")
        }
    #endif
    // Any class instance releases the same way, so one non-generic C function serves every box.
    let release: GClosureNotify = { data, _ in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }
    return g_signal_connect_data(
        instance, signal, unsafeBitCast(thunk, to: GCallback.self),
        ClosureBox(handler).retainedPointer(), release,
        after ? G_CONNECT_AFTER : GConnectFlags(0))
}

/// Disconnects a handler (its closure box is released by GLib).
public func disconnect(_ instance: UnsafeMutableRawPointer, _ id: SignalHandlerID) {
    if g_signal_handler_is_connected(instance, id) != 0 { g_signal_handler_disconnect(instance, id) }
}
