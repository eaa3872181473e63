import CGtk
import GtkSupport
import IroCore

/// Set as Background (BEHAVIOUR F4). Through the desktop portal's Wallpaper interface
/// when a portal offers it (the desktop shows its own preview and asks); otherwise GNOME's
/// own settings, pointed at a copy of the image in `$XDG_DATA_HOME/backgrounds`, so moving
/// or deleting the original later leaves the background as it is.
@MainActor
enum SetAsBackground {
    enum Outcome: Equatable {
        case set
        /// The user said no in the portal's preview.
        case cancelled
        case failed(String)
    }

    /// Tests turn the portal off: the fallback is what they can check on disk.
    static var usesPortal = true

    static let gnomeSchema = "org.gnome.desktop.background"

    static func set(_ path: RawPath, done: @escaping @MainActor (Outcome) -> Void) {
        guard usesPortal else { return setThroughSettings(path, done: done) }
        WallpaperPortal.ask(path) { answer in
            switch answer {
            case .answered(let outcome): done(outcome)
            case .unavailable: setThroughSettings(path, done: done)
            }
        }
    }

    private static func setThroughSettings(_ path: RawPath, done: @escaping @MainActor (Outcome) -> Void) {
        guard let source = g_settings_schema_source_get_default(), let schema = g_settings_schema_source_lookup(source, gnomeSchema, 1)
        else { return done(.failed(tr("this desktop has no background setting Iro knows (%s)", gnomeSchema))) }
        let hasDarkKey = g_settings_schema_has_key(schema, "picture-uri-dark") != 0
        g_settings_schema_unref(schema)
        Task {
            let copied = await copyToBackgrounds(path)
            switch copied {
            case .failure(let reason): done(.failed(reason.message))
            case .success(let uri):
                let settings = g_settings_new(gnomeSchema)!
                defer { g_object_unref(raw(settings)) }
                g_settings_set_string(settings, "picture-uri", uri)
                if hasDarkKey { g_settings_set_string(settings, "picture-uri-dark", uri) }
                g_settings_sync()
                done(.set)
            }
        }
    }

    /// Copies the file into `$XDG_DATA_HOME/backgrounds` (reusing an identical copy already
    /// there, never overwriting another file); the copy's URI.
    @concurrent
    nonisolated static func copyToBackgrounds(_ path: RawPath) async -> Result<String, GLibError> {
        let folder = RawPath((string(g_get_user_data_dir()) ?? "/tmp") + "/backgrounds")
        _ = folder.withCString { g_mkdir_with_parents($0, 0o755) }
        let source = path.newGFile()
        defer { g_object_unref(raw(source)) }
        let name = path.lastComponent
        // "holiday.png", then "holiday (2).png", …
        let suffix = name.pathExtension.isEmpty ? [] : Array(".\(name.pathExtension)".utf8)
        let stem = Array(name.bytes.dropLast(suffix.count))
        for attempt in 1...100 {
            let candidate = attempt == 1 ? name : RawPath(bytes: stem + Array(" (\(attempt))".utf8) + suffix)
            let target = folder.appending(candidate)
            if sameContent(path, target) { return .success(target.fileURI) }
            let destination = target.newGFile()
            defer { g_object_unref(raw(destination)) }
            do throws(GLibError) {
                _ = try withGError { g_file_copy(source, destination, G_FILE_COPY_NONE, nil, nil, nil, $0) }
                return .success(target.fileURI)
            } catch  where error.code == Int32(G_IO_ERROR_EXISTS.rawValue) {
                continue // another image of that name: the next name
            } catch {
                return .failure(error)
            }
        }
        return .failure(GLibError(domain: "iro", code: 0, message: tr("too many backgrounds of that name")))
    }

    nonisolated private static func sameContent(_ a: RawPath, _ b: RawPath) -> Bool {
        func contents(_ path: RawPath) -> [UInt8]? {
            var bytes: UnsafeMutablePointer<CChar>?
            var length: gsize = 0
            guard path.withCString({ g_file_get_contents($0, &bytes, &length, nil) }) != 0, let bytes else { return nil }
            defer { g_free(bytes) }
            return Array(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
        }
        guard let first = contents(a), let second = contents(b) else { return false }
        return first == second
    }
}
