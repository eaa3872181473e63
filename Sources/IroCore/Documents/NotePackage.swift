import Foundation

/// A note package (SPEC A8): a folder `Name.notesdoc` holding `Text.txt` (UTF-8, required)
/// and optionally `Image.png`, shown as one read-only document.
///
/// Loading reads `Text.txt` only; the image is left to the imaging layer, which reports its
/// own errors. Nothing is ever written (SPEC A2). Call it off the main thread.
public struct NotePackage: Equatable, Sendable {
    public static let pathExtension = "notesdoc"
    public static let textFileName = "Text.txt"
    public static let imageFileName = "Image.png"
    /// Refuses absurd text files instead of reading gigabytes into a label.
    public static let defaultMaximumTextBytes = 16 << 20

    public let folder: URL
    public let text: String
    /// nil when the package has no `Image.png`.
    public let imageURL: URL?

    public init(folder: URL, text: String, imageURL: URL?) {
        self.folder = folder
        self.text = text
        self.imageURL = imageURL
    }

    /// Whether a URL names a note package by its extension (what the opener checks first).
    public static func isPackageName(_ url: URL) -> Bool {
        url.pathExtension.lowercased() == pathExtension
    }

    public static func load(folder: URL,
                            maximumTextBytes: Int = defaultMaximumTextBytes) throws(NotePackageError) -> NotePackage {
        guard isPackageName(folder) else { throw .notAFolder }
        switch kind(of: folder) {
        case .directory: break
        case .missing: throw .unreadable("The folder does not exist.")
        case .regularFile, .other: throw .notAFolder
        }

        let textURL = folder.appendingPathComponent(textFileName, isDirectory: false)
        // Only a regular file is read: a FIFO named Text.txt would block the reader forever.
        guard kind(of: textURL) == .regularFile else { throw .missingText }
        let data = try readText(at: textURL, limit: maximumTextBytes)
        // Strict decoding: a wrong encoding is an error, not a page of replacement characters.
        guard var text = String(validating: data, as: UTF8.self) else { throw .textNotUTF8 }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a BOM is legal UTF-8 but not content

        let imageURL = folder.appendingPathComponent(imageFileName, isDirectory: false)
        let image = kind(of: imageURL) == .regularFile ? imageURL : nil
        return NotePackage(folder: folder, text: text, imageURL: image)
    }

    private enum Kind { case missing, directory, regularFile, other }

    /// The kind of file a URL names, following symbolic links.
    private static func kind(of url: URL) -> Kind {
        let path = url.resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let type = attributes[.type] as? FileAttributeType else { return .missing }
        switch type {
        case .typeDirectory: return .directory
        case .typeRegular: return .regularFile
        default: return .other
        }
    }

    private static func readText(at url: URL, limit: Int) throws(NotePackageError) -> Data {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(reason(for: error))
        }
        defer { try? handle.close() }
        do {
            // Read one byte past the limit to tell "exactly at the limit" from "too large".
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else { throw NotePackageError.unreadable("Text.txt is too large.") }
            return data
        } catch let error as NotePackageError {
            throw error
        } catch {
            throw .unreadable(reason(for: error))
        }
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoPermissionError {
            return "Permission denied."
        }
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           posix.domain == NSPOSIXErrorDomain, posix.code == Int(EACCES) {
            return "Permission denied."
        }
        return nsError.localizedDescription
    }
}
