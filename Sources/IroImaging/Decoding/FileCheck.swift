import Glibc
import IroCore

/// Decides from the file system alone whether a path can be an image we may read,
/// so each class of bad input in BEHAVIOUR A7 gets its own message before any decoder runs.
public enum FileCheck {
    /// Throws the matching `LoadError` for paths that are not readable regular files;
    /// returns the file's size in bytes otherwise.
    public static func regularFileSize(at path: RawPath) throws(LoadError) -> Int64 {
        var info = stat()
        // stat follows symlinks: a dangling link reports ENOENT, as users expect ("not found").
        let (status, code) = path.withCString { (stat($0, &info), errno) }
        if status != 0 {
            switch code {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            default: throw .unreadable(detail: String(cString: strerror(code)))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw .isFolder
        case S_IFREG: break
        default: throw .notRegularFile
        }
        if path.withCString({ access($0, R_OK) }) != 0 { throw .permissionDenied }
        if info.st_size == 0 { throw .emptyFile }
        return Int64(info.st_size)
    }
}
