import FoundationEssentials
import Glibc

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

    /// Plain POSIX reads: FoundationEssentials has no FileHandle.
    private static func readText(at url: URL, limit: Int) throws(NotePackageError) -> Data {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(reason(for: errno)) }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        // Read one byte past the limit to tell "exactly at the limit" from "too large".
        while data.count <= limit {
            let count = read(fd, &chunk, min(chunk.count, limit + 1 - data.count))
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason(for: errno))
            }
            data.append(contentsOf: chunk[..<count])
        }
        guard data.count <= limit else { throw .unreadable("Text.txt is too large.") }
        return data
    }

    private static func reason(for code: Int32) -> String {
        code == EACCES || code == EPERM ? "Permission denied." : String(cString: strerror(code))
    }
}
