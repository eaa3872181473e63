import CGtk
import GtkSupport
import IroCore

/// Where what Iro remembers and the preferences are kept (BEHAVIOUR E4, H4): GSettings,
/// schema io.github.iroviewer.Iro, when it is installed (meson installs and compiles it);
/// else a key file, `$XDG_CONFIG_HOME/iro/window-state.ini`, so that `iro` run straight
/// from `.build/` remembers too. GSettings aborts the process on a schema or key it cannot
/// find, so both are looked up first, never assumed.
enum SettingsStore {
    static let schema = AppInfo.id
    /// The key file's one group.
    static let group = "window"

    /// A choice kept under `key` (the GSettings key, and the key file's), or `otherwise`
    /// while none was made.
    static func flag(_ key: String, otherwise: Bool) -> Bool {
        if let settings = settings(having: key) {
            defer { g_object_unref(raw(settings)) }
            return g_settings_get_boolean(settings, key) != 0
        }
        return fromKeyFile(key) { file in g_key_file_get_boolean(file, group, key, nil) != 0 } ?? otherwise
    }

    static func setFlag(_ key: String, _ value: Bool) {
        store(
            key, settings: { g_settings_set_boolean($0, key, value ? 1 : 0) },
            file: { g_key_file_set_boolean($0, group, key, value ? 1 : 0) })
    }

    /// A number kept under `key`, or `otherwise`; one outside `range` (a key file edited by
    /// hand) is brought into it.
    static func number(_ key: String, in range: ClosedRange<Int>, otherwise: Int) -> Int {
        let kept: Int?
        if let settings = settings(having: key) {
            defer { g_object_unref(raw(settings)) }
            kept = Int(g_settings_get_int(settings, key))
        } else {
            kept = fromKeyFile(key) { file in Int(g_key_file_get_integer(file, group, key, nil)) }
        }
        return min(range.upperBound, max(range.lowerBound, kept ?? otherwise))
    }

    static func setNumber(_ key: String, _ value: Int) {
        store(
            key, settings: { g_settings_set_int($0, key, Int32(clamping: value)) },
            file: { g_key_file_set_integer($0, group, key, Int32(clamping: value)) })
    }

    /// One of a key's choices (its GSettings enumeration's nicks), or `otherwise`.
    static func choice(_ key: String, otherwise: String) -> String {
        if let settings = settings(having: key) {
            defer { g_object_unref(raw(settings)) }
            guard let value = g_settings_get_string(settings, key) else { return otherwise }
            defer { g_free(value) }
            return String(cString: value)
        }
        return fromKeyFile(key) { file -> String? in
            guard let value = g_key_file_get_string(file, group, key, nil) else { return nil }
            defer { g_free(value) }
            return String(cString: value)
        } ?? otherwise
    }

    static func setChoice(_ key: String, _ value: String) {
        store(key, settings: { g_settings_set_string($0, key, value) }, file: { g_key_file_set_string($0, group, key, value) })
    }

    private static func fromKeyFile<T>(_ key: String, _ read: (OpaquePointer) -> T?) -> T? {
        guard let file = keyFile(reading: true) else { return nil }
        defer { g_key_file_free(file) }
        guard g_key_file_has_key(file, group, key, nil) != 0 else { return nil }
        return read(file)
    }

    private static func store(
        _ key: String, settings write: (UnsafeMutablePointer<GSettings>) -> Void, file set: (OpaquePointer) -> Void
    ) {
        if let settings = settings(having: key) {
            defer { g_object_unref(raw(settings)) }
            _ = write(settings)
            return
        }
        guard let file = keyFile(reading: false) else { return }
        defer { g_key_file_free(file) }
        set(file)
        save(file)
    }

    /// A GSettings object when the schema is installed with `key` (+1), else nil.
    static func settings(having key: String = "properties-shown") -> UnsafeMutablePointer<GSettings>? {
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

    static func keyFile(reading: Bool) -> OpaquePointer? {
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

    static func save(_ file: OpaquePointer) {
        let path = keyFilePath
        g_mkdir_with_parents(folderPath, 0o700)
        do throws(GLibError) {
            _ = try withGError { g_key_file_save_to_file(file, path, $0) }
        } catch {
            Log.debug("cannot remember Iro's settings in \(path): \(error.message)")
        }
    }
}
