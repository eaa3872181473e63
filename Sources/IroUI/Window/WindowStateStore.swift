import CGtk
import GtkSupport
import IroCore

/// Where the last window's size and panel, and the choices of a document's page sidebar and
/// continuous pages and the folder's strip, are kept (BEHAVIOUR E4, F4, G3, G11, H1): GSettings, schema
/// io.github.iroviewer.Iro, when it is installed (meson installs and compiles it); else a
/// key file, `$XDG_CONFIG_HOME/iro/window-state.ini`, so that `iro` run straight from
/// `.build/` remembers too. GSettings aborts the process on a schema it cannot find, so the
/// schema is looked up first, never assumed.
enum WindowStateStore {
    static let schema = AppInfo.id
    static let group = "window"

    static func load() -> WindowGeometry {
        if let settings = settings() {
            defer { g_object_unref(raw(settings)) }
            return .restored(
                width: Int(g_settings_get_int(settings, "window-width")), height: Int(g_settings_get_int(settings, "window-height")),
                maximized: g_settings_get_boolean(settings, "window-maximized") != 0,
                showsProperties: g_settings_get_boolean(settings, "properties-shown") != 0)
        }
        guard let file = keyFile(reading: true) else { return .standard }
        defer { g_key_file_free(file) }
        return .restored(
            width: Int(g_key_file_get_integer(file, group, "width", nil)), height: Int(g_key_file_get_integer(file, group, "height", nil)),
            maximized: g_key_file_get_boolean(file, group, "maximized", nil) != 0,
            showsProperties: g_key_file_get_boolean(file, group, "properties", nil) != 0)
    }

    static func save(_ geometry: WindowGeometry) {
        if let settings = settings() {
            defer { g_object_unref(raw(settings)) }
            g_settings_set_int(settings, "window-width", Int32(geometry.width))
            g_settings_set_int(settings, "window-height", Int32(geometry.height))
            g_settings_set_boolean(settings, "window-maximized", geometry.maximized ? 1 : 0)
            g_settings_set_boolean(settings, "properties-shown", geometry.showsProperties ? 1 : 0)
            return
        }
        guard let file = keyFile(reading: false) else { return }
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, group, "width", Int32(geometry.width))
        g_key_file_set_integer(file, group, "height", Int32(geometry.height))
        g_key_file_set_boolean(file, group, "maximized", geometry.maximized ? 1 : 0)
        g_key_file_set_boolean(file, group, "properties", geometry.showsProperties ? 1 : 0)
        save(file)
    }

    private static func save(_ file: OpaquePointer) {
        let path = keyFilePath
        g_mkdir_with_parents(folderPath, 0o700)
        do throws(GLibError) {
            _ = try withGError { g_key_file_save_to_file(file, path, $0) }
        } catch {
            Log.debug("cannot remember the window's state in \(path): \(error.message)")
        }
    }

    /// Whether documents show their pages stacked (BEHAVIOUR G11): the last choice made.
    static var continuousPages: Bool {
        get { flag("continuous-pages", otherwise: false) }
        set { setFlag("continuous-pages", newValue) }
    }

    /// Whether a document's page sidebar shows (BEHAVIOUR G3): the last choice made.
    static var pageSidebarShown: Bool {
        get { flag("page-sidebar-shown", otherwise: true) }
        set { setFlag("page-sidebar-shown", newValue) }
    }

    /// Whether the folder's thumbnail strip shows under the image (BEHAVIOUR H1): the last choice made.
    static var thumbnailStripShown: Bool {
        get { flag("thumbnail-strip-shown", otherwise: false) }
        set { setFlag("thumbnail-strip-shown", newValue) }
    }

    /// A choice kept under `key` (the GSettings key, and the key file's), or `otherwise`
    /// while none was made.
    private static func flag(_ key: String, otherwise: Bool) -> Bool {
        if let settings = settings(having: key) {
            defer { g_object_unref(raw(settings)) }
            return g_settings_get_boolean(settings, key) != 0
        }
        guard let file = keyFile(reading: true) else { return otherwise }
        defer { g_key_file_free(file) }
        guard g_key_file_has_key(file, group, key, nil) != 0 else { return otherwise }
        return g_key_file_get_boolean(file, group, key, nil) != 0
    }

    private static func setFlag(_ key: String, _ value: Bool) {
        if let settings = settings(having: key) {
            defer { g_object_unref(raw(settings)) }
            g_settings_set_boolean(settings, key, value ? 1 : 0)
            return
        }
        guard let file = keyFile(reading: false) else { return }
        defer { g_key_file_free(file) }
        g_key_file_set_boolean(file, group, key, value ? 1 : 0)
        save(file)
    }

    /// A GSettings object when the schema is installed with `key` (+1), else nil.
    private static func settings(having key: String = "properties-shown") -> UnsafeMutablePointer<GSettings>? {
        guard let source = g_settings_schema_source_get_default(),
            let found = g_settings_schema_source_lookup(source, schema, 1)
        else { return nil }
        defer { g_settings_schema_unref(found) }
        // An older installed schema lacks the newer keys, and GSettings aborts on those.
        guard g_settings_schema_has_key(found, key) != 0 else { return nil }
        return g_settings_new_full(found, nil, nil)
    }

    static var folderPath: String { (string(g_get_user_config_dir()) ?? "/tmp") + "/iro" }
    static var keyFilePath: String { folderPath + "/window-state.ini" }

    private static func keyFile(reading: Bool) -> OpaquePointer? {
        guard let file = g_key_file_new() else { return nil }
        if reading {
            do throws(GLibError) {
                _ = try withGError { g_key_file_load_from_file(file, keyFilePath, G_KEY_FILE_NONE, $0) }
            } catch {
                g_key_file_free(file)
                return nil // nothing remembered yet
            }
        } else {
            // Keep whatever else is in the file.
            _ = g_key_file_load_from_file(file, keyFilePath, G_KEY_FILE_KEEP_COMMENTS, nil)
        }
        return file
    }
}
