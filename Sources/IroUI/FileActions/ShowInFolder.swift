import CGtk
import GtkSupport
import IroCore

/// Show in Folder (BEHAVIOUR F4): the file manager opens the file's folder with the file
/// selected (`org.freedesktop.FileManager1.ShowItems`, which Nautilus, Dolphin, Nemo and
/// others answer); with none on the session bus, the folder opens in whatever opens
/// folders. False when neither could.
enum ShowInFolder {
    @concurrent
    nonisolated static func show(_ path: RawPath) async -> Bool {
        let file = path.newGFile()
        defer { g_object_unref(raw(file)) }
        let uri = takeString(g_file_get_uri(file)) ?? ""
        if askFileManager(toShow: uri) { return true }
        guard let folder = g_file_get_parent(file) else { return false }
        defer { g_object_unref(raw(folder)) }
        let folderURI = takeString(g_file_get_uri(folder)) ?? ""
        do throws(GLibError) { _ = try withGError { g_app_info_launch_default_for_uri(folderURI, nil, $0) } } catch {
            Log.warning("no file manager to show \(path.displayString): \(error.message)")
            return false
        }
        return true
    }

    /// ShowItems([uri], startup id) on the session bus; false when nothing answers.
    nonisolated private static func askFileManager(toShow uri: String) -> Bool {
        let bus: OpaquePointer?
        do throws(GLibError) { bus = try withGError { g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) } } catch { return false }
        guard let bus else { return false }
        defer { g_object_unref(raw(bus)) }
        let items = withCStringArray([uri]) { g_variant_new_strv($0, 1) }
        var arguments: [OpaquePointer?] = [items, g_variant_new_string("")]
        let parameters = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        do throws(GLibError) {
            let reply = try withGError {
                g_dbus_connection_call_sync(
                    bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1",
                    "ShowItems", parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, $0)
            }
            if let reply { g_variant_unref(reply) }
            return true
        } catch {
            Log.debug("the file manager did not show \(uri): \(error.message)")
            return false
        }
    }
}
