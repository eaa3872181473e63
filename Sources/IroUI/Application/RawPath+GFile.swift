import CGtk
import GtkSupport
import IroCore

extension RawPath {
    /// A GFile's local path, byte for byte (not UTF-8 text); nil for a remote file.
    init?(localPathOf file: OpaquePointer) {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        self.init(cString: path)
    }

    /// The `file://` URI of this path (bytes that are not UTF-8 escaped as they are).
    nonisolated var fileURI: String {
        let file = withCString { g_file_new_for_path($0) }!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return takeString(g_file_get_uri(file)) ?? ""
    }
}
