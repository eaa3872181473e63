import CGtk
import GtkSupport
import IroCore

/// The last window's size and panel, and the choices of a document's page sidebar and
/// continuous pages (BEHAVIOUR E4, F4, G3, G11), kept in the
/// `SettingsStore`.
enum WindowStateStore {
    private typealias Store = SettingsStore
    private static let group = SettingsStore.group

    static func load() -> WindowGeometry {
        if let settings = Store.settings() {
            defer { g_object_unref(raw(settings)) }
            return .restored(
                width: Int(g_settings_get_int(settings, "window-width")), height: Int(g_settings_get_int(settings, "window-height")),
                maximized: g_settings_get_boolean(settings, "window-maximized") != 0,
                showsProperties: g_settings_get_boolean(settings, "properties-shown") != 0)
        }
        guard let file = Store.keyFile(reading: true) else { return .standard }
        defer { g_key_file_free(file) }
        return .restored(
            width: Int(g_key_file_get_integer(file, group, "width", nil)), height: Int(g_key_file_get_integer(file, group, "height", nil)),
            maximized: g_key_file_get_boolean(file, group, "maximized", nil) != 0,
            showsProperties: g_key_file_get_boolean(file, group, "properties", nil) != 0)
    }

    static func save(_ geometry: WindowGeometry) {
        if let settings = Store.settings() {
            defer { g_object_unref(raw(settings)) }
            g_settings_set_int(settings, "window-width", Int32(geometry.width))
            g_settings_set_int(settings, "window-height", Int32(geometry.height))
            g_settings_set_boolean(settings, "window-maximized", geometry.maximized ? 1 : 0)
            g_settings_set_boolean(settings, "properties-shown", geometry.showsProperties ? 1 : 0)
            return
        }
        guard let file = Store.keyFile(reading: false) else { return }
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, group, "width", Int32(geometry.width))
        g_key_file_set_integer(file, group, "height", Int32(geometry.height))
        g_key_file_set_boolean(file, group, "maximized", geometry.maximized ? 1 : 0)
        g_key_file_set_boolean(file, group, "properties", geometry.showsProperties ? 1 : 0)
        Store.save(file)
    }

    /// Whether documents show their pages stacked (BEHAVIOUR G11): the last choice made.
    static var continuousPages: Bool {
        get { Store.flag("continuous-pages", otherwise: false) }
        set { Store.setFlag("continuous-pages", newValue) }
    }

    /// Whether a document's page sidebar shows (BEHAVIOUR G3): the last choice made.
    static var pageSidebarShown: Bool {
        get { Store.flag("page-sidebar-shown", otherwise: true) }
        set { Store.setFlag("page-sidebar-shown", newValue) }
    }
}
