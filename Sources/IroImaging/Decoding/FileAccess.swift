import CGLib
import GObjectSupport
import Glibc
import IroCore
import Synchronization

/// Where the decoders read a file's bytes. Normally the file system; in the decoder helper
/// (BEHAVIOUR F5) a request's file arrives as an open descriptor, is read into memory once
/// and `provide`d under a name, and every reader then opens those bytes as a memory
/// stream: the helper never opens a file (its seccomp filter would kill it if it tried).
public enum FileAccess {
    /// A file's bytes, held for the readers of one request.
    public final class Contents: @unchecked Sendable {
        let bytes: UnsafeMutableRawBufferPointer

        /// Reads all of `descriptor` from its start (at most `limit` bytes); nil when it cannot.
        public init?(reading descriptor: Int32, limit: Int) {
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, Int(info.st_size) <= limit,
                let memory = malloc(Int(info.st_size))
            else { return nil }
            var done = 0
            let size = Int(info.st_size)
            while done < size {
                let count = pread(descriptor, memory + done, size - done, off_t(done))
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break } // the file shrank: what is there is what is read
                done += count
            }
            bytes = UnsafeMutableRawBufferPointer(start: memory, count: done)
        }

        deinit { free(bytes.baseAddress) }
        public var count: Int { bytes.count }
    }

    private static let provided = Mutex<[RawPath: Contents]>([:])

    /// Makes `contents` what opening `path` reads, until `withdraw`.
    public static func provide(_ contents: Contents, as path: RawPath) { provided.withLock { $0[path] = contents } }
    public static func withdraw(_ path: RawPath) { _ = provided.withLock { $0.removeValue(forKey: path) } }

    static func contents(of path: RawPath) -> Contents? { provided.withLock { $0[path] } }

    /// A stream of the file's bytes ("rb"), and errno when it could not be opened.
    static func open(_ path: RawPath) -> (file: UnsafeMutablePointer<FILE>?, error: Int32) {
        if let contents = contents(of: path) {
            guard contents.count > 0 else { return (nil, ENODATA) }
            // fmemopen only reads in mode "r": the bytes are never written.
            let stream = fmemopen(contents.bytes.baseAddress, contents.count, "r")
            return (stream, stream == nil ? errno : 0)
        }
        let stream = path.withCString { fopen($0, "rb") }
        return (stream, stream == nil ? errno : 0)
    }

    /// The size of a provided file; nil for one on the file system.
    static func providedSize(_ path: RawPath) -> Int64? { contents(of: path).map { Int64($0.count) } }
}
