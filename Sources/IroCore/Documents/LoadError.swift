/// Why a document could not be shown (BEHAVIOUR A7). Each case has a sentence a
/// person can act on; the file name is shown beside it by the error page.
public enum LoadError: Error, Equatable, Sendable {
    case notFound
    case permissionDenied
    case isFolder
    /// A fifo, socket or device: nothing Iro should read from.
    case notRegularFile
    case emptyFile
    /// No installed decoder recognises the content.
    case unsupportedFormat
    /// A decoder recognised the format but the data is broken or cut short.
    case damaged(detail: String)
    /// Declared dimensions beyond `ImageLimits`; refused before decoding.
    case tooLarge(width: Int, height: Int)
    /// Reading failed for another reason (I/O error…); GLib's message.
    case unreadable(detail: String)
    /// A `.notesdoc` folder that is not a usable note package (BEHAVIOUR A8).
    case notePackage(NotePackageError)
    /// The decoder helper died or hung on this file (BEHAVIOUR F5); `detail` says how.
    case decoderStopped(detail: String)
    /// Decoding needed more memory than the decoder may use (BEHAVIOUR F5).
    case needsTooMuchMemory(limitMegabytes: Int)

    /// Short headline for the error page.
    public var title: String {
        switch self {
        case .notFound: "File Not Found"
        case .permissionDenied: "Permission Denied"
        case .isFolder: "This Is a Folder"
        case .notRegularFile: "Not a Regular File"
        case .emptyFile: "The File Is Empty"
        case .unsupportedFormat: "Not an Image Iro Can Open"
        case .damaged: "The Image Is Damaged"
        case .tooLarge: "The Image Is Too Large"
        case .unreadable: "Could Not Read the File"
        case .notePackage: "The Note Package Cannot Be Opened"
        case .decoderStopped: "The Image Decoder Stopped"
        case .needsTooMuchMemory: "The Image Is Too Large"
        }
    }

    /// One or two sentences saying what happened and what to do.
    public var reason: String {
        switch self {
        case .notFound:
            "The file does not exist. It may have been moved, renamed or deleted."
        case .permissionDenied:
            "You do not have permission to read this file."
        case .isFolder:
            "Iro opens image files, not folders. Open one of the images inside it instead."
        case .notRegularFile:
            "This is a special file (a pipe, socket or device), not an image file."
        case .emptyFile:
            "The file contains no data."
        case .unsupportedFormat:
            "The file is not an image, or its format is not supported by the image loaders installed on this system."
        case .damaged(let detail):
            "The file is damaged or incomplete, so the image cannot be shown." + (detail.isEmpty ? "" : " (\(detail))")
        case .tooLarge(let width, let height):
            "The image declares \(width) × \(height) pixels, more than Iro can open safely "
                + "(at most \(ImageLimits.maxSide) pixels a side and \(ImageLimits.maxPixels / 1_000_000) megapixels)."
        case .unreadable(let detail):
            "The file could not be read: \(detail)"
        case .decoderStopped(let detail):
            "The image decoder stopped unexpectedly while reading this file (\(detail)). Other images are not affected."
        case .needsTooMuchMemory(let limit):
            "Decoding this image needs more than the \(limit) MB of memory Iro allows its image decoder."
        case .notePackage(.missingText):
            "A note package must hold its text in a file named \(NotePackage.textFileName), and this one has none."
        case .notePackage(.textNotUTF8):
            "\(NotePackage.textFileName) is not UTF-8 text, so it cannot be shown without garbling it."
        case .notePackage(.notAFolder):
            "A note package is a folder whose name ends in .\(NotePackage.pathExtension); this is a plain file."
        case .notePackage(.unreadable(let detail)):
            "The note package could not be read: \(detail)"
        }
    }
}
