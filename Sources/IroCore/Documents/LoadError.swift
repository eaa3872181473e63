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
    /// A location GVfs would reach once mounted (`sftp://…` before it is; BEHAVIOUR A13).
    case notMounted
    /// A network location whose host cannot be reached now.
    case networkUnreachable(detail: String)
    /// An encrypted document that no password, or not the one given (`wrong`), opens.
    case needsPassword(wrong: Bool)

    /// Short headline for the error page.
    public var title: String {
        switch self {
        case .notFound: tr("File Not Found")
        case .permissionDenied: tr("Permission Denied")
        case .isFolder: tr("This Is a Folder")
        case .notRegularFile: tr("Not a Regular File")
        case .emptyFile: tr("The File Is Empty")
        case .unsupportedFormat: tr("Not an Image Iro Can Open")
        case .damaged: tr("The Image Is Damaged")
        case .tooLarge: tr("The Image Is Too Large")
        case .unreadable: tr("Could Not Read the File")
        case .notePackage: tr("The Note Package Cannot Be Opened")
        case .decoderStopped: tr("The Image Decoder Stopped")
        case .needsTooMuchMemory: tr("The Image Is Too Large")
        case .notMounted: tr("The Location Is Not Mounted")
        case .networkUnreachable: tr("The Network Location Cannot Be Reached")
        case .needsPassword: tr("This Document Is Protected")
        }
    }

    /// One or two sentences saying what happened and what to do.
    public var reason: String {
        switch self {
        case .notFound:
            tr("The file does not exist. It may have been moved, renamed or deleted.")
        case .permissionDenied:
            tr("You do not have permission to read this file.")
        case .isFolder:
            tr("Iro opens image files, not folders. Open one of the images inside it instead.")
        case .notRegularFile:
            tr("This is a special file (a pipe, socket or device), not an image file.")
        case .emptyFile:
            tr("The file contains no data.")
        case .unsupportedFormat:
            tr("The file is not an image, or its format is not supported by the image loaders installed on this system.")
        case .damaged(let detail):
            detail.isEmpty
                ? tr("The file is damaged or incomplete, so the image cannot be shown.")
                // TRANSLATORS: %s is what the decoder found wrong: "the PNG data ends early".
                : tr("The file is damaged or incomplete, so the image cannot be shown. (%s)", Self.translated(detail))
        case .tooLarge(let width, let height):
            tr(
                "The image declares %1$d × %2$d pixels, more than Iro can open safely (at most %3$d pixels a side and %4$d megapixels).",
                width, height, ImageLimits.maxSide, ImageLimits.maxPixels / 1_000_000)
        case .unreadable(let detail):
            tr("The file could not be read: %s", Self.translated(detail))
        case .decoderStopped(let detail):
            // TRANSLATORS: %s says how it stopped: "it crashed (signal 11)", "it was killed".
            tr("The image decoder stopped unexpectedly while reading this file (%s). Other images are not affected.", detail)
        case .needsTooMuchMemory(let limit):
            tr("Decoding this image needs more than the %d MB of memory Iro allows its image decoder.", limit)
        case .notMounted:
            tr("The file is on a location that is not mounted. Open it in the file manager first, then try again.")
        case .networkUnreachable(let detail):
            tr("The computer holding the file cannot be reached (%s). Check the network connection, then try again.", detail)
        case .needsPassword(let wrong):
            wrong
                ? tr("The password is not the document’s. Check it and try again.")
                : tr("The document is locked with a password. Enter it to open the document.")
        case .notePackage(.missingText):
            tr("A note package must hold its text in a file named %s, and this one has none.", NotePackage.textFileName)
        case .notePackage(.textNotUTF8):
            tr("%s is not UTF-8 text, so it cannot be shown without garbling it.", NotePackage.textFileName)
        case .notePackage(.notAFolder):
            tr("A note package is a folder whose name ends in .%s; this is a plain file.", NotePackage.pathExtension)
        case .notePackage(.linkLeavesPackage(let name)):
            tr(
                "%s in this note package is a link to a file outside it. Iro shows only what is inside a package, so it does not follow the link.",
                name)
        case .notePackage(.unreadable(let detail)):
            tr("The note package could not be read: %s", detail)
        }
    }

    /// A decoder's detail in the user's language when it is one of the fixed phrases marked
    /// with `trNoop` (the decoder helper, in the C locale, writes them in English); any other
    /// (one with numbers in it, a library's message) as it came.
    static func translated(_ detail: String) -> String {
        detail.isEmpty ? detail : tr(detail) // gettext's empty msgid is the catalogue's header
    }
}
