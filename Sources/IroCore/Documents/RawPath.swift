import Glibc

/// A path as the file system has it: bytes. Linux file names need not be UTF-8 (Latin-1
/// "caf\xE9.png" is a fine name), and a `String` or `URL` turns such a byte into U+FFFD,
/// which names another file. So paths travel as bytes from GIO to the system calls and
/// become text only to be shown.
public struct RawPath: Hashable, Sendable {
    /// Without the terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// A path that is text (a `String` is always valid UTF-8).
    public init(_ path: String) { bytes = Array(path.utf8) }

    public init(cString: UnsafePointer<CChar>) {
        bytes = Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    /// `body` gets the path as a NUL-terminated C string, for system and GLib calls.
    public func withCString<R, E: Error>(_ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
        try (bytes + [0]).withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try body(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    /// For showing only: bytes that are not UTF-8 become U+FFFD, as in g_filename_display_name.
    public var displayString: String { String(decoding: bytes, as: UTF8.self) }

    /// The last component (trailing slashes ignored): the file's own name; empty for "/".
    /// A URI's is unescaped ("a%20b.png" is the file "a b.png").
    public var lastComponent: RawPath {
        let slash = UInt8(ascii: "/")
        let end = (bytes.lastIndex { $0 != slash } ?? -1) + 1
        let start = bytes[..<end].lastIndex(of: slash).map { $0 + 1 } ?? 0
        let name = RawPath(bytes: Array(bytes[start..<end]))
        return isURI ? Self.uriUnescaped(name) : name
    }

    /// What follows the last dot of the last component ("png" of "a.b.png"); nothing when
    /// that dot starts the name (".png" is a hidden file).
    public var pathExtension: String {
        let name = lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self)
    }

    /// The folder holding the last component: "/" for "/a", "." for "a", "trash:///" for
    /// "trash:///a".
    public var deletingLastComponent: RawPath {
        if let folder = uriFolder { return folder }
        let slash = UInt8(ascii: "/")
        let end = (bytes.lastIndex { $0 != slash } ?? -1) + 1
        guard let cut = bytes[..<end].lastIndex(of: slash) else { return RawPath(".") }
        let folderEnd = (bytes[..<cut].lastIndex { $0 != slash } ?? -1) + 1
        return folderEnd == 0 ? RawPath("/") : RawPath(bytes: Array(bytes[..<folderEnd]))
    }

    /// This path with `component` added below it (escaped, below a URI).
    public func appending(_ component: RawPath) -> RawPath {
        let component = isURI ? Self.uriEscaped(component) : component
        return RawPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + component.bytes : bytes + [UInt8(ascii: "/")] + component.bytes)
    }

    public func appending(_ component: String) -> RawPath { appending(RawPath(component)) }
}
