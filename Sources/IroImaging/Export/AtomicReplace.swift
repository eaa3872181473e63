import FoundationEssentials
import Glibc
import IroCore

/// Writes a file so that anyone looking sees the old file or the whole new one, never a
/// part (BEHAVIOUR D6): the content goes to a hidden temporary file in the destination's
/// folder (same file system, so the rename is atomic), is flushed to disk, then renamed
/// over the destination. On any failure the temporary file is removed and the
/// destination is left as it was.
enum AtomicReplace {
    static let temporaryPrefix = ".iro-export-"

    /// Calls `write` with the temporary file's path, then puts the file in place.
    static func write(to destination: RawPath, _ write: (RawPath) throws(ExportError) -> Void) throws(ExportError) {
        let folder = destination.deletingLastComponent
        let temporary = try createTemporaryFile(in: folder)
        var finished = false
        defer { if !finished { _ = temporary.withCString { unlink($0) } } }

        try write(temporary)
        try flush(temporary, mode: existingMode(of: destination))
        let (renamed, code) = temporary.withCString { from in destination.withCString { (rename(from, $0), errno) } }
        guard renamed == 0 else { throw classify(code, folder: folder) }
        finished = true
        // So the rename itself survives a crash; failing here loses nothing already written.
        let directory = folder.withCString { open($0, O_RDONLY | O_DIRECTORY) }
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// A new, empty file with an unused random name. Created with mode 0666 so the umask
    /// decides its permissions, as for any new file (mkstemp would make it 0600).
    private static func createTemporaryFile(in folder: RawPath) throws(ExportError) -> RawPath {
        for _ in 0..<16 {
            let path = folder.appending(temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36))
            let (fd, code) = path.withCString { (open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666), errno) }
            if fd >= 0 {
                close(fd)
                return path
            }
            if code != EEXIST { throw classify(code, folder: folder) }
        }
        throw .writeFailed(detail: "no free temporary name in \(folder.displayString)")
    }

    /// Flushes the data to disk and, when replacing a file, keeps that file's permissions.
    private static func flush(_ path: RawPath, mode: mode_t?) throws(ExportError) {
        let (fd, code) = path.withCString { (open($0, O_RDONLY | O_CLOEXEC), errno) }
        guard fd >= 0 else { throw classify(code, folder: path) }
        defer { close(fd) }
        if let mode { _ = fchmod(fd, mode) }
        guard fsync(fd) == 0 else { throw classify(errno, folder: path) }
    }

    private static func existingMode(of path: RawPath) -> mode_t? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return info.st_mode & 0o7777
    }

    static func classify(_ code: Int32, folder: RawPath) -> ExportError {
        switch code {
        case EACCES, EPERM, EROFS: return .permissionDenied(path: folder.displayString)
        case ENOSPC, EDQUOT: return .noSpace
        case ENOENT, ENOTDIR:
            var info = stat()
            if folder.withCString({ stat($0, &info) }) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                return .folderMissing(path: folder.displayString)
            }
            return .writeFailed(detail: String(cString: strerror(code)))
        default: return .writeFailed(detail: String(cString: strerror(code)))
        }
    }
}
