import Glibc
import IroCore
import Synchronization

/// A whole file's bytes in memory, as the decoder helper holds a request's file (BEHAVIOUR
/// F5): it reads them from the descriptor Iro sent and never opens a file itself. Shared,
/// never written after it is made.
public final class ImageBytes: @unchecked Sendable {
    private let memory: UnsafeMutableRawBufferPointer
    /// Whether `memory` maps the file (unmapped at the end) rather than holds a copy (freed).
    private let isMapped: Bool
    /// Files at least this large are mapped, not read: a decoder then reads only the pages it
    /// needs (a camera RAW's header and embedded preview are 2 MB of a 50 MB file, whose
    /// reading took 86 ms). A file cut short while it is mapped stops the helper (SIGBUS),
    /// which Iro reports as for any helper that stops; it is read again on the next request.
    static let mappedSize = 16 << 20
    /// The document parsed from these bytes (a PDF opened by poppler, a TIFF by libtiff), with
    /// the key it was opened with (the password): a request's steps (its header, then its
    /// pixels) parse the bytes once. It lives as long as the bytes: one request in the helper.
    private let parsed = Mutex<Parsed?>(nil)

    /// A parsed document is used by one request's thread at a time (the helper serves one
    /// request at once), so it may be held across threads.
    private struct Parsed: @unchecked Sendable {
        let key: String
        let document: AnyObject
    }

    /// Reads all of `descriptor` from its start (at most `limit` bytes); nil when it is not a
    /// regular file with content, is larger than `limit`, or cannot be read.
    public init?(reading descriptor: Int32, limit: Int) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, Int(info.st_size) <= limit else {
            return nil
        }
        let size = Int(info.st_size)
        if size >= Self.mappedSize, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED {
            memory = UnsafeMutableRawBufferPointer(start: mapped, count: size)
            isMapped = true
            return
        }
        guard let start = malloc(size) else { return nil }
        isMapped = false
        var done = 0
        while done < size {
            let count = pread(descriptor, start + done, size - done, off_t(done))
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break } // the file shrank: what is there is what is read
            done += count
        }
        memory = UnsafeMutableRawBufferPointer(start: start, count: done)
    }

    /// A copy of `bytes` (tests; bytes made in memory).
    public init(_ bytes: [UInt8]) {
        let start = malloc(max(1, bytes.count))
        if let start { bytes.withUnsafeBytes { if let from = $0.baseAddress { memcpy(start, from, $0.count) } } }
        memory = UnsafeMutableRawBufferPointer(start: start, count: start == nil ? 0 : bytes.count)
        isMapped = false
    }

    deinit {
        if isMapped { munmap(memory.baseAddress, memory.count) } else { free(memory.baseAddress) }
    }

    public var count: Int { memory.count }

    /// The document `open` makes of these bytes, made once for each `key`.
    func document<Document: AnyObject>(key: String, _ open: () throws(LoadError) -> Document) throws(LoadError) -> Document {
        if let kept = parsed.withLock({ $0 }), kept.key == key, let document = kept.document as? Document { return document }
        let document = try open()
        let kept = Parsed(key: key, document: document)
        parsed.withLock { $0 = kept }
        return document
    }

    /// The bytes, for the length of `body`.
    public func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try body(UnsafeRawBufferPointer(memory))
    }

    /// A stream reading the bytes ("r": fmemopen never writes them), and errno when none.
    func openStream() -> (file: UnsafeMutablePointer<FILE>?, error: Int32) {
        guard let start = memory.baseAddress, count > 0 else { return (nil, ENODATA) }
        let stream = fmemopen(start, count, "r")
        return (stream, stream == nil ? errno : 0)
    }
}
