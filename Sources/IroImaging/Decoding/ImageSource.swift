import Glibc
import IroCore

/// What one decode reads, handed to every decoder (`InProcessDecoder` and the readers it
/// calls) instead of a path they would look up: a file on disk, when Iro decodes in its own
/// process, or the bytes the decoder helper read from the descriptor Iro sent (BEHAVIOUR
/// F5; the helper opens no files). `name` is the file's name either way: its extension
/// names some formats (XBM, QTIF), and messages show it.
public struct ImageSource: Sendable {
    /// Where the bytes are.
    public enum Storage: Sendable {
        /// A file on the file system, opened by path.
        case file(RawPath)
        /// Bytes in memory.
        case bytes(ImageBytes)
    }

    public let storage: Storage
    /// The file's name (for a file on disk, its path).
    public let name: RawPath

    /// The file at `path`, read from the file system.
    public init(path: RawPath) {
        storage = .file(path)
        name = path
    }

    /// `bytes`, as the file called `name` holds them.
    public init(bytes: ImageBytes, name: RawPath) {
        storage = .bytes(bytes)
        self.name = name
    }

    /// The file's name in log messages.
    var displayName: String { name.displayString }

    /// The bytes when they are in memory.
    var bytes: ImageBytes? {
        if case .bytes(let bytes) = storage { return bytes }
        return nil
    }

    /// A stream of the bytes from the start ("rb"), and errno when it could not be opened.
    /// The caller closes it.
    func open() -> (file: UnsafeMutablePointer<FILE>?, error: Int32) {
        switch storage {
        case .bytes(let bytes): return bytes.openStream()
        case .file(let path):
            let stream = path.withCString { fopen($0, "rb") }
            return (stream, stream == nil ? errno : 0)
        }
    }

    /// The size in bytes. A file on disk is checked first (`FileCheck`: found, a regular
    /// file, readable); bytes in memory were checked by Iro before it sent them.
    func checkedSize() throws(LoadError) -> Int64 {
        switch storage {
        case .file(let path): return try FileCheck.regularFileSize(at: path)
        case .bytes(let bytes):
            if bytes.count == 0 { throw .emptyFile }
            return Int64(bytes.count)
        }
    }
}
