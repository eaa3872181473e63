import IroCore

/// Why an export did not happen (BEHAVIOUR D6), in words for the person who asked for it.
public enum ExportError: Error, Equatable, Sendable {
    /// The name ends in neither .png nor .jpg/.jpeg.
    case unsupportedFormat(fileName: String)
    /// The destination is the file the document was opened from (BEHAVIOUR A2, D6).
    case sameAsOriginal
    case folderMissing(path: String)
    case permissionDenied(path: String)
    case noSpace
    /// Not 8-bit RGB(A): gdk-pixbuf decodes everything to that, so this means a bug.
    case unsupportedPixels
    /// A snapshot is adjusted in place and serves one export only.
    case snapshotUsed
    case writeFailed(detail: String)

    public var message: String {
        switch self {
        case .unsupportedFormat(let name):
            tr("“%s” is neither a PNG nor a JPEG name. End it with .png, .jpg or .jpeg.", name)
        case .sameAsOriginal:
            tr("That is the image being shown. A copy is a new file: choose another name, or use Save to replace the image.")
        case .folderMissing(let path):
            tr("The folder “%s” does not exist.", path)
        case .permissionDenied(let path):
            tr("You do not have permission to write in “%s”.", path)
        case .noSpace:
            tr("There is not enough space left on the disk.")
        case .unsupportedPixels:
            tr("The pixels of this image are in a form that cannot be exported.")
        case .snapshotUsed:
            tr("This export was already written.")
        case .writeFailed(let detail):
            tr("The file could not be written (%s).", detail)
        }
    }
}
