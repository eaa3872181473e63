import CGtk
import Glibc
import GtkSupport
import IroCore

/// The desktop portal's `org.freedesktop.portal.Wallpaper.SetWallpaperURI`: the desktop shows
/// the image as a background preview and the user decides. Its answer arrives later, as
/// the `Response` signal of a request object whose path the caller knows ahead (its token),
/// so the answer is listened for before asking.
@MainActor
enum WallpaperPortal {
    enum Answer: Equatable {
        case answered(SetAsBackground.Outcome)
        /// No portal, or none with the Wallpaper interface (headless sessions, some desktops).
        case unavailable
    }

    private static var requests = 0

    static func ask(_ path: RawPath, answer: @escaping @MainActor (Answer) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return answer(.unavailable) }
        defer { g_object_unref(raw(bus)) }
        guard let unique = string(g_dbus_connection_get_unique_name(bus)) else { return answer(.unavailable) }
        requests += 1
        let token = "iro_\(getpid())_\(requests)"
        let sender = unique.dropFirst().replacing(".", with: "_")
        let handle = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"

        var subscription: guint = 0
        var answered = false
        let finish: @MainActor (Answer) -> Void = { result in
            guard !answered else { return }
            answered = true
            if let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) {
                g_dbus_connection_signal_unsubscribe(bus, subscription)
                g_object_unref(raw(bus))
            }
            answer(result)
        }
        let box = ClosureBox<@MainActor (UInt32) -> Void> { code in
            // 0: set; 1: the user cancelled; 2: the desktop failed.
            finish(.answered(code == 0 ? .set : code == 1 ? .cancelled : .failed(tr("the desktop did not set it"))))
        }
        subscription = g_dbus_connection_signal_subscribe(
            bus, nil, "org.freedesktop.portal.Request", "Response", handle, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let box = ClosureBox<@MainActor (UInt32) -> Void>.from(data),
                    g_variant_n_children(parameters) >= 1, let code = g_variant_get_child_value(parameters, 0)
                else { return }
                defer { g_variant_unref(code) }
                let value = g_variant_get_uint32(code)
                MainActor.assumeIsolated { box.call(value) }
            }, box.retainedPointer(), { ClosureBox<@MainActor (UInt32) -> Void>.release($0) })
        let uri = path.fileURI
        Task {
            if await !request(uri: uri, token: token) { finish(.unavailable) }
        }
    }

    /// Asks the portal (blocking D-Bus calls, off the main thread): false when no portal
    /// with the Wallpaper interface took the request.
    @concurrent
    nonisolated private static func request(uri: String, token: String) async -> Bool {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        defer { g_object_unref(raw(bus)) }
        let desktop = "org.freedesktop.portal.Desktop", object = "/org/freedesktop/portal/desktop"
        let interface = "org.freedesktop.portal.Wallpaper"
        func call(_ target: String, _ method: String, _ arguments: [OpaquePointer?]) -> Bool {
            var arguments = arguments
            let tuple = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, UInt($0.count)) }
            do throws(GLibError) {
                let reply = try withGError {
                    g_dbus_connection_call_sync(bus, desktop, object, target, method, tuple, nil, G_DBUS_CALL_FLAGS_NONE, 10_000, nil, $0)
                }
                if let reply { g_variant_unref(reply) }
                return true
            } catch {
                Log.debug("the wallpaper portal did not answer \(method): \(error.message)")
                return false
            }
        }
        // A portal without a Wallpaper backend does not have the interface at all.
        guard call("org.freedesktop.DBus.Properties", "Get", [g_variant_new_string(interface), g_variant_new_string("version")])
        else { return false }
        let type = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(type)
        g_variant_type_free(type)
        for (key, value) in [
            ("handle_token", g_variant_new_string(token)), ("show-preview", g_variant_new_boolean(1)),
            ("set-on", g_variant_new_string("both")),
        ] {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        let options = g_variant_builder_end(builder)
        g_variant_builder_unref(builder)
        return call(interface, "SetWallpaperURI", [g_variant_new_string(""), g_variant_new_string(uri), options])
    }
}
