import FoundationEssentials
import Glibc

/// Writes a file so that anyone looking sees the old file or the whole new one, never a
/// part (SPEC D6): the content goes to a hidden temporary file in the destination's
/// folder (same file system, so the rename is atomic), is flushed to disk, then renamed
/// over the destination. On any failure the temporary file is removed and the
/// destination is left as it was.
enum AtomicReplace {
    static let temporaryPrefix = ".iro-export-"

    /// Calls `write` with the temporary file's path, then puts the file in place.
    static func write(to destination: URL, _ write: (String) throws(ExportError) -> Void) throws(ExportError) {
        let folder = destination.deletingLastPathComponent().path
        let temporary = try createTemporaryFile(in: folder)
        var finished = false
        defer { if !finished { unlink(temporary) } }

        try write(temporary)
        try flush(temporary, mode: existingMode(of: destination.path))
        guard rename(temporary, destination.path) == 0 else { throw classify(errno, folder: folder) }
        finished = true
        // So the rename itself survives a crash; failing here loses nothing already written.
        let directory = open(folder, O_RDONLY | O_DIRECTORY)
        if directory >= 0 { fsync(directory); close(directory) }
    }

    /// A new, empty file with an unused random name. Created with mode 0666 so the umask
    /// decides its permissions, as for any new file (mkstemp would make it 0600).
    private static func createTemporaryFile(in folder: String) throws(ExportError) -> String {
        for _ in 0..<16 {
            let name = temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let path = folder + "/" + name
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { close(fd); return path }
            if errno != EEXIST { throw classify(errno, folder: folder) }
        }
        throw .writeFailed(detail: "no free temporary name in \(folder)")
    }

    /// Flushes the data to disk and, when replacing a file, keeps that file's permissions.
    private static func flush(_ path: String, mode: mode_t?) throws(ExportError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw classify(errno, folder: path) }
        defer { close(fd) }
        if let mode { _ = fchmod(fd, mode) }
        guard fsync(fd) == 0 else { throw classify(errno, folder: path) }
    }

    private static func existingMode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return info.st_mode & 0o7777
    }

    static func classify(_ code: Int32, folder: String) -> ExportError {
        switch code {
        case EACCES, EPERM, EROFS: return .permissionDenied(path: folder)
        case ENOSPC, EDQUOT: return .noSpace
        case ENOENT, ENOTDIR:
            var info = stat()
            if stat(folder, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR { return .folderMissing(path: folder) }
            return .writeFailed(detail: String(cString: strerror(code)))
        default: return .writeFailed(detail: String(cString: strerror(code)))
        }
    }
}
