import CGLib
import GObjectSupport
import IroCore

extension RawPath {
    /// A GFile's local path, byte for byte (not UTF-8 text); nil for a remote file.
    public init?(localPathOf file: OpaquePointer) {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        self.init(cString: path)
    }

    /// A GFile's local path, or its URI when it has none (a GVfs location; BEHAVIOUR A13).
    public init?(locationOf file: OpaquePointer) {
        if let path = RawPath(localPathOf: file) {
            self = path
        } else if let uri = takeString(g_file_get_uri(file)) {
            self.init(uri)
        } else {
            return nil
        }
    }

    /// Whether something is there now (a URI asks GVfs: call it off the main thread).
    public var exists: Bool {
        guard isURI else { return withCString { access($0, F_OK) } == 0 }
        let file = newGFile()
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return g_file_query_exists(file, nil) != 0
    }

    /// The GFile of this path, or of this URI (BEHAVIOUR A13); the caller unrefs it.
    public func newGFile() -> OpaquePointer {
        // Neither constructor fails: a malformed URI gives a GFile whose every operation says so.
        withCString { isURI ? g_file_new_for_uri($0) : g_file_new_for_path($0) }.unsafelyUnwrapped
    }

    /// The URI of this path (`file://`, bytes that are not UTF-8 escaped), or this URI.
    public var fileURI: String {
        if isURI { return displayString }
        let file = newGFile()
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return takeString(g_file_get_uri(file)) ?? ""
    }
}
