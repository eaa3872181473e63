import CGLib
import GObjectSupport
import Glibc
import IroCore

/// Writes a file so that anyone looking sees the old file or the whole new one, never a
/// part (BEHAVIOUR D6), through GIO's `g_file_replace`: it writes a hidden temporary file
/// beside the destination, flushes it, gives it the old file's permissions and renames it
/// over the destination when the stream closes. A write that fails closes the stream
/// cancelled, which removes what was written; a new file (GIO writes one in place) is
/// removed too. Any location GIO can write is fine: a path, or a GVfs URI (BEHAVIOUR A13).
public enum FileReplace {
    public static func write(_ bytes: [UInt8], to destination: RawPath) throws(ExportError) {
        let pending = try Pending(bytes, to: destination)
        do throws(GLibError) { try pending.commit() } catch {
            pending.abandon()
            throw classify(error, folder: destination.deletingLastComponent)
        }
    }

    /// Bytes written and flushed into GIO's temporary file for `destination`, which still
    /// holds what it held: `commit` puts them in its place, `abandon` drops them. Save
    /// (BEHAVIOUR D7) moves the original to the trash in between.
    public final class Pending {
        private let destination: RawPath
        private let existed: Bool
        private let file: OpaquePointer // GFile *
        private let cancellable: UnsafeMutablePointer<GCancellable>
        private var opened: UnsafeMutablePointer<GFileOutputStream>?

        public init(_ bytes: [UInt8], to destination: RawPath) throws(ExportError) {
            self.destination = destination
            existed = destination.exists
            file = destination.newGFile()
            cancellable = g_cancellable_new()!
            let folder = destination.deletingLastComponent
            do {
                opened = try withGError { g_file_replace(file, nil, 0, G_FILE_CREATE_NONE, cancellable, $0) }
            } catch {
                throw classify(error, folder: folder)
            }
            guard let stream else { throw .writeFailed(detail: "GIO gave no stream") }
            do throws(GLibError) {
                var written: gsize = 0
                let wrote = bytes.withUnsafeBytes { raw in
                    Result { () throws(GLibError) in
                        try withGError { g_output_stream_write_all(stream, raw.baseAddress, gsize(raw.count), &written, cancellable, $0) }
                    }
                }
                _ = try wrote.get()
                _ = try withGError { g_output_stream_flush(stream, cancellable, $0) }
            } catch {
                abandon()
                throw classify(error, folder: folder)
            }
        }

        private var stream: UnsafeMutablePointer<GOutputStream>? {
            opened.map { gcast(UnsafeMutableRawPointer($0), g_output_stream_get_type()) }
        }

        /// The new bytes take the destination's place.
        public func commit() throws(GLibError) {
            guard let stream else { return }
            _ = try withGError { g_output_stream_close(stream, nil, $0) }
        }

        /// Closed cancelled: GIO removes its temporary file and the old one stays; a file
        /// that did not exist before is removed.
        public func abandon() {
            guard let stream else { return }
            g_cancellable_cancel(cancellable)
            _ = g_output_stream_close(stream, cancellable, nil)
            if !existed { _ = g_file_delete(file, nil, nil) }
        }

        deinit {
            if let opened { g_object_unref(UnsafeMutableRawPointer(opened)) }
            g_object_unref(UnsafeMutableRawPointer(cancellable))
            g_object_unref(UnsafeMutableRawPointer(file))
        }
    }

    public static func classify(_ error: GLibError, folder: RawPath) -> ExportError {
        func io(_ code: GIOErrorEnum) -> Bool { error.matches(g_io_error_quark(), Int32(code.rawValue)) }
        if io(G_IO_ERROR_PERMISSION_DENIED) || io(G_IO_ERROR_READ_ONLY) { return .permissionDenied(path: folder.displayString) }
        if io(G_IO_ERROR_NO_SPACE) { return .noSpace }
        if io(G_IO_ERROR_NOT_FOUND) || io(G_IO_ERROR_NOT_DIRECTORY) {
            let location = folder.newGFile()
            defer { g_object_unref(UnsafeMutableRawPointer(location)) }
            if g_file_query_file_type(location, G_FILE_QUERY_INFO_NONE, nil) != G_FILE_TYPE_DIRECTORY {
                return .folderMissing(path: folder.displayString)
            }
        }
        return .writeFailed(detail: error.message)
    }
}
