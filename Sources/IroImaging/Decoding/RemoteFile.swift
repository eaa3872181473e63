import CGLib
import CSandbox
import GObjectSupport
import Glibc
import IroCore
import Synchronization

/// A file GIO reaches but the file system does not (`trash:///…`, `sftp://…` through GVfs;
/// BEHAVIOUR A13), read through GIO's streams into a memfd, which the decoder helper then
/// reads like any file it is given. The last few are kept, so zooming into a part of one
/// (a region decode) or exporting it does not fetch it again while it is unchanged.
enum RemoteFile {
    /// What one read produced: the memfd, and what the file was when read.
    private struct Copy {
        let uri: RawPath
        let descriptor: Int32
        let size: Int64
        let modified: UInt64
    }

    private static let kept = Mutex<[Copy]>([])
    static let keptCount = 2
    /// As large as the decoder helper reads a file.
    static let maxBytes = Int64(Int32.max)

    /// A descriptor (the caller closes it) holding the bytes at `uri`; the same errors as a
    /// local file's, plus `.notMounted` and `.networkUnreachable`. `progress` follows the
    /// bytes read; nil when `isCancelled` said so.
    static func descriptor(for uri: RawPath, progress: LoadProgress?, isCancelled: () -> Bool) throws(LoadError) -> Int32? {
        let file = uri.newGFile()
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let attributes = "standard::type,standard::size,time::modified,access::can-read"
        let queried: OpaquePointer?
        do throws(GLibError) {
            queried = try withGError { g_file_query_info(file, attributes, G_FILE_QUERY_INFO_NONE, nil, $0) }
        } catch { throw loadError(error) }
        guard let info = queried else { throw .unreadable(detail: "") }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        switch g_file_info_get_file_type(info) {
        case G_FILE_TYPE_DIRECTORY, G_FILE_TYPE_MOUNTABLE: throw .isFolder
        case G_FILE_TYPE_REGULAR, G_FILE_TYPE_UNKNOWN, G_FILE_TYPE_SYMBOLIC_LINK, G_FILE_TYPE_SHORTCUT: break
        default: throw .notRegularFile
        }
        if g_file_info_has_attribute(info, "access::can-read") != 0, g_file_info_get_attribute_boolean(info, "access::can-read") == 0 {
            throw .permissionDenied
        }
        let size = Int64(g_file_info_get_size(info))
        let modified = UInt64(g_file_info_get_attribute_uint64(info, "time::modified"))
        if let copy = kept.withLock({ $0.first { $0.uri == uri && $0.size == size && $0.modified == modified } }) {
            return dup(copy.descriptor)
        }
        guard size <= maxBytes else { throw .unreadable(detail: tr("the file is larger than 2 GB")) }
        guard let copy = try read(file, size: size, progress: progress, isCancelled: isCancelled) else { return nil }
        if copy < 0 { throw .emptyFile }
        keep(Copy(uri: uri, descriptor: copy, size: size, modified: modified))
        return dup(copy)
    }

    /// The file's bytes in a new memfd (-1 when there were none); nil when cancelled.
    private static func read(_ file: OpaquePointer, size: Int64, progress: LoadProgress?, isCancelled: () -> Bool) throws(LoadError)
        -> Int32?
    {
        let opened: UnsafeMutablePointer<GFileInputStream>?
        do throws(GLibError) {
            opened = try withGError { g_file_read(file, nil, $0) }
        } catch { throw loadError(error) }
        guard let stream = opened else { throw .unreadable(detail: "") }
        let input = gcast(raw(stream), g_input_stream_get_type(), as: GInputStream.self)
        defer {
            g_input_stream_close(input, nil, nil)
            g_object_unref(raw(stream))
        }
        let memfd = iro_memfd_create("iro-remote-file", 0)
        guard memfd >= 0 else { throw .unreadable(detail: String(cString: strerror(-memfd))) }
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            if isCancelled() {
                close(memfd)
                return nil
            }
            let count: Int
            do throws(GLibError) {
                count = try withGError { error in
                    buffer.withUnsafeMutableBytes { g_input_stream_read(input, $0.baseAddress, gsize($0.count), nil, error) }
                }
            } catch {
                close(memfd)
                throw loadError(error)
            }
            if count <= 0 { break }
            total += Int64(count)
            guard total <= maxBytes, writeAll(memfd, buffer, count) else {
                close(memfd)
                throw total > maxBytes
                    ? .unreadable(detail: tr("the file is larger than 2 GB")) : .unreadable(detail: String(cString: strerror(errno)))
            }
            if size > 0 { progress?.set(min(1, Double(total) / Double(size))) }
        }
        guard total > 0 else {
            close(memfd)
            return -1
        }
        return memfd
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: [UInt8], _ count: Int) -> Bool {
        var done = 0
        while done < count {
            let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress.unsafelyUnwrapped + done, count - done) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            done += written
        }
        return true
    }

    private static func keep(_ copy: Copy) {
        let dropped = kept.withLock { copies -> [Copy] in
            var dropped = copies.filter { $0.uri == copy.uri }
            copies.removeAll { $0.uri == copy.uri }
            copies.insert(copy, at: 0)
            if copies.count > keptCount { dropped += copies.suffix(from: keptCount) }
            copies = Array(copies.prefix(keptCount))
            return dropped
        }
        for old in dropped { close(old.descriptor) }
    }

    /// GIO's error as the page that explains it.
    static func loadError(_ error: GLibError) -> LoadError {
        guard error.domain == String(cString: g_quark_to_string(g_io_error_quark())) else { return .unreadable(detail: error.message) }
        switch GIOErrorEnum(rawValue: UInt32(bitPattern: error.code)) {
        case G_IO_ERROR_NOT_FOUND: return .notFound
        case G_IO_ERROR_PERMISSION_DENIED: return .permissionDenied
        case G_IO_ERROR_IS_DIRECTORY: return .isFolder
        case G_IO_ERROR_NOT_MOUNTED: return .notMounted
        case G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_HOST_UNREACHABLE, G_IO_ERROR_HOST_NOT_FOUND, G_IO_ERROR_CONNECTION_REFUSED,
            G_IO_ERROR_TIMED_OUT:
            return .networkUnreachable(detail: error.message)
        default: return .unreadable(detail: error.message)
        }
    }
}
