import CGtk

/// Follows whichever model is the current one (a window's selected tab): GLib's GBindingGroup
/// keeps widget properties bound to the model's, GSignalGroup keeps handlers connected to its
/// notify signals, and `follow` moves both to another model in one call. The handlers run
/// once on each switch too, since every value they show may differ.
public final class FollowGroup {
    private let bindings = ObjectRef(taking: raw(g_binding_group_new()))
    private let signals: ObjectRef
    private var handlers: [@MainActor () -> Void] = []

    /// For models of GObject type `type` (`ModelObject.type(named:)`).
    public init(type: GType) {
        signals = ObjectRef(taking: raw(g_signal_group_new(type)))
    }

    /// Keeps `target`'s `targetProperty` equal to the followed model's `property`.
    public func bind(_ property: String, to target: UnsafeMutableRawPointer, _ targetProperty: String) {
        g_binding_group_bind(bindingGroup, property, target, targetProperty, G_BINDING_SYNC_CREATE)
    }

    /// Calls `handler` whenever one of `properties` of the followed model changes, and when
    /// the group follows another model.
    public func observe(_ properties: [String], _ handler: @escaping @MainActor () -> Void) {
        handlers.append(handler)
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
            MainActor.assumeIsolated { box.call() }
        }
        let release: GClosureNotify = { data, _ in ClosureBox<@MainActor () -> Void>.release(data) }
        for property in properties {
            g_signal_group_connect_data(
                signalGroup, "notify::\(property)", unsafeBitCast(thunk, to: GCallback.self),
                ClosureBox(handler).retainedPointer(), release, GConnectFlags(0))
        }
    }

    /// Follows `model` from now on (nil: none; the handlers then read their empty state).
    public func follow(_ model: ModelObject?) {
        g_binding_group_set_source(bindingGroup, model?.object)
        g_signal_group_set_target(signalGroup, model?.object)
        for handler in handlers { handler() }
    }

    private var bindingGroup: OpaquePointer { bindings.opaque }
    private var signalGroup: OpaquePointer { signals.opaque }
}
