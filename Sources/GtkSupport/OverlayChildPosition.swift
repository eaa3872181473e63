import CGtk

public typealias ChildPositionHandler = @MainActor (UnsafeMutablePointer<GtkWidget>) -> GdkRectangle?

/// GtkOverlay::get-child-position,
/// `gboolean (*)(GtkOverlay *self, GtkWidget *child, GdkRectangle *allocation, gpointer data)`:
/// places an overlay child at the rectangle `handler` returns, or leaves it to GtkOverlay
/// (alignment and margins) when it returns nil. It runs during allocation, when styles are
/// up to date, so the rectangle can depend on CSS boxes.
@discardableResult
public func onGetChildPosition(
    _ overlay: UnsafeMutableRawPointer,
    _ handler: @escaping ChildPositionHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkRectangle>?, gpointer?) -> gboolean = {
        _, child, allocation, data in
        guard let box = ClosureBox<ChildPositionHandler>.from(data), let child, let allocation else { return 0 }
        nonisolated(unsafe) let widget = child
        guard let rectangle = MainActor.assumeIsolated({ box.call(widget) }) else { return 0 }
        allocation.pointee = rectangle
        return 1
    }
    return connect(
        overlay, "get-child-position", signature: SignalSignature([.pointer, .pointer], returns: .int32),
        thunk: thunk, handler: handler)
}
