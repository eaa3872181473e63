import CGtk
import IroCore

extension RawPath {
    /// A GFile's local path, byte for byte (not UTF-8 text); nil for a remote file.
    init?(localPathOf file: OpaquePointer) {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        self.init(cString: path)
    }
}
