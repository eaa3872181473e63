import CGtk

/// GActions with Swift closures: every user command in Iro is one, so buttons,
/// menus, accelerators and tests all go through the same path.
public struct ActionGroup {
    /// The `GActionMap` (a GtkApplication, a GtkApplicationWindow or a GSimpleActionGroup).
    public let map: OpaquePointer

    public init(map: UnsafeMutableRawPointer) {
        self.map = gcastOpaque(map, g_action_map_get_type())
    }

    /// Adds a parameterless action `name` that runs `handler`.
    @discardableResult
    public func add(_ name: String, enabled: Bool = true, _ handler: @escaping @MainActor () -> Void) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        onSignalWithPointer(raw(action), "activate") { _ in handler() }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
        g_action_map_add_action(map, action)
        g_object_unref(raw(action))
        return action
    }

    /// Adds an action taking an int32 parameter (`win.select-tab(3)`).
    @discardableResult
    public func addInt(_ name: String, _ handler: @escaping @MainActor (Int32) -> Void) -> OpaquePointer {
        let type = g_variant_type_new("i")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name, type)!
        onSignalWithPointer(raw(action), "activate") { variant in
            guard let variant else { return }
            handler(g_variant_get_int32(OpaquePointer(variant)))
        }
        g_action_map_add_action(map, action)
        g_object_unref(raw(action))
        return action
    }

    /// Adds an on/off action (a GtkToggleButton bound to it shows its state): each
    /// activation flips it and runs `handler` with the new state.
    @discardableResult
    public func addToggle(_ name: String, initial: Bool, _ handler: @escaping @MainActor (Bool) -> Void) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial ? 1 : 0))!
        onSignalWithPointer(raw(action), "activate") { [map] _ in
            let on = !ActionGroup(map: UnsafeMutableRawPointer(map)).state(name)
            g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
            handler(on)
        }
        g_action_map_add_action(map, action)
        g_object_unref(raw(action))
        return action
    }

    /// An on/off action's state (false for any other action).
    public func state(_ name: String) -> Bool {
        guard let action = g_action_map_lookup_action(map, name), let state = g_action_get_state(action) else { return false }
        defer { g_variant_unref(state) }
        return g_variant_classify(state) == G_VARIANT_CLASS_BOOLEAN && g_variant_get_boolean(state) != 0
    }

    /// Sets an on/off action's state without running its handler.
    public func setState(_ name: String, _ on: Bool) {
        guard let action = g_action_map_lookup_action(map, name) else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    public func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(map, name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    public func isEnabled(_ name: String) -> Bool {
        guard let action = g_action_map_lookup_action(map, name) else { return false }
        return g_action_get_enabled(action) != 0
    }

    /// Activates `name` as a user would (through GAction, so disabled actions do nothing).
    public func activate(_ name: String) {
        guard let action = g_action_map_lookup_action(map, name) else { return }
        g_action_activate(action, nil)
    }
}

/// Sets the accelerators of a detailed action name ("win.zoom-in") on an application.
public func setAccelerators(_ application: UnsafeMutableRawPointer, _ action: String, _ accels: [String]) {
    let app = gcast(application, gtk_application_get_type(), as: GtkApplication.self)
    withCStringArray(accels) { gtk_application_set_accels_for_action(app, action, $0) }
}

/// Binds a button (or any GtkActionable widget) to a detailed action name ("app.open"):
/// it activates the action and turns insensitive while the action is disabled.
public func setAction(_ widget: UnsafeMutablePointer<GtkWidget>, _ action: String) {
    gtk_actionable_set_action_name(cast(widget), action)
}
