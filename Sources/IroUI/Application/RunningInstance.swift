import CGtk
import GtkSupport
import IroCore

/// The session bus connection asked, kept so that GApplication's registration reuses it
/// (dropped, GLib would close it and connect again).
nonisolated(unsafe) private var sessionBus: OpaquePointer?

extension IroApplication {
    /// Whether an Iro runs already, owning the application's name on the session bus: a
    /// question to the bus only, which neither registers this process nor starts GTK.
    public static func isRunning(id: String = AppInfo.id) -> Bool {
        let bus: OpaquePointer
        do {
            guard let connection = try withGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }) else { return false }
            bus = connection
        } catch {
            Log.debug("no session bus to ask for a running Iro: \(error.message)")
            return false
        }
        // Kept: GLib's shared session connection, which the application registers on next.
        sessionBus = bus
        var arguments: [OpaquePointer?] = [g_variant_new_string(id)]
        let reply: OpaquePointer?
        do {
            reply = try withGError {
                g_dbus_connection_call_sync(
                    bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                    g_variant_new_tuple(&arguments, 1), nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil, $0)
            }
        } catch {
            Log.debug("the session bus did not say whether Iro runs: \(error.message)")
            return false
        }
        guard let reply else { return false }
        defer { g_variant_unref(reply) }
        guard let owned = g_variant_get_child_value(reply, 0) else { return false }
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }
}
