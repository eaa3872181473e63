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
    /// Which page of a document (PDF, multi-page TIFF) is decoded, and the password of a
    /// locked one; images have page 0 only.
    public let page: DocumentPage

    /// The file at `path`, read from the file system.
    public init(path: RawPath, page: DocumentPage = .first) {
        storage = .file(path)
        name = path
        self.page = page
    }

    /// `bytes`, as the file called `name` holds them.
    public init(bytes: ImageBytes, name: RawPath, page: DocumentPage = .first) {
        storage = .bytes(bytes)
        self.name = name
        self.page = page
    }

    /// The bytes in memory, read from the file first when it is on disk (a document's
    /// parser wants them all, and keeps them while it is open).
    func wholeBytes() throws(LoadError) -> ImageBytes {
        switch storage {
        case .bytes(let bytes): return bytes
        case .file(let path):
            _ = try FileCheck.regularFileSize(at: path)
            let descriptor = path.withCString { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else {
                throw errno == EACCES ? .permissionDenied : .unreadable(detail: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            guard let bytes = ImageBytes(reading: descriptor, limit: Int(Int32.max)) else {
                throw .unreadable(detail: trNoop("read error"))
            }
            return bytes
        }
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

    /// Up to `count` bytes from the start (fewer when the file is shorter, none when it
    /// cannot be read): enough to recognise a format by its signature.
    func head(count: Int) -> [UInt8] {
        guard let file = open().file else { return [] }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: count)
        let read = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
        head.removeLast(count - read)
        return head
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
