import Glibc

/// A note package (BEHAVIOUR A8): a folder `Name.notesdoc` holding `Text.txt` (UTF-8, required)
/// and optionally `Image.png`, shown as one read-only document.
///
/// Loading reads `Text.txt` only; the image is left to the imaging layer, which reports its
/// own errors. Nothing is ever written (BEHAVIOUR A2). Call it off the main thread.
public struct NotePackage: Equatable, Sendable {
    public static let pathExtension = "notesdoc"
    public static let textFileName = "Text.txt"
    public static let imageFileName = "Image.png"
    /// What Iro's markup drew over the image (BEHAVIOUR I4), in its own SVG.
    public static let markupFileName = "Markup.svg"
    /// Refuses absurd text files instead of reading gigabytes into a label.
    public static let defaultMaximumTextBytes = 16 << 20

    public let folder: RawPath
    public let text: String
    /// What of the text is laid out: bounded, so a hostile text cannot stall the window.
    public let shown: NoteText
    /// nil when the package has no `Image.png`.
    public let imagePath: RawPath?
    /// The text of `Markup.svg` (Iro's markup over the image), when the package has one.
    public let markup: String?

    public init(folder: RawPath, text: String, imagePath: RawPath?, markup: String? = nil) {
        self.folder = folder
        self.text = text
        shown = NoteText(text)
        self.imagePath = imagePath
        self.markup = markup
    }

    /// Whether a path names a note package by its extension (what the opener checks first).
    public static func isPackageName(_ path: RawPath) -> Bool {
        path.pathExtension.lowercased() == pathExtension
    }

    public static func load(
        folder: RawPath,
        maximumTextBytes: Int = defaultMaximumTextBytes
    ) throws(NotePackageError) -> NotePackage {
        guard isPackageName(folder) else { throw .notAFolder }
        switch kind(of: folder) {
        case .directory: break
        case .missing: throw .unreadable(tr("The folder does not exist."))
        case .regularFile, .other: throw .notAFolder
        }

        let textPath = folder.appending(textFileName)
        // Only a regular file is read: a FIFO named Text.txt would block the reader forever.
        guard kind(of: textPath) == .regularFile else { throw .missingText }
        guard let root = resolved(folder) else { throw .unreadable(reason(for: errno)) }
        let data = try readText(at: textPath, limit: maximumTextBytes, inside: root)
        // Strict decoding: a wrong encoding is an error, not a page of replacement characters.
        guard var text = String(validating: data, as: UTF8.self) else { throw .textNotUTF8 }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() } // a BOM is legal UTF-8 but not content

        let imagePath = folder.appending(imageFileName)
        let image = kind(of: imagePath) == .regularFile ? imagePath : nil
        // Checked by its path: the decoder opens it later, so a package that swaps the link in
        // between could still show another image it can read (never a text).
        if let image {
            guard let target = resolved(image) else { throw .unreadable(reason(for: errno)) }
            guard isInside(target, root) else { throw .linkLeavesPackage(imageFileName) }
        }
        // The markup is read like the text: inside the package, bounded, UTF-8; one that
        // cannot be read is left out rather than failing the package.
        var markup: String?
        let markupPath = folder.appending(markupFileName)
        if kind(of: markupPath) == .regularFile {
            do throws(NotePackageError) {
                markup = String(validating: try readText(at: markupPath, limit: maximumTextBytes, inside: root), as: UTF8.self)
            } catch {
                markup = nil
            }
        }
        return NotePackage(folder: folder, text: text, imagePath: image, markup: markup)
    }

    /// Links inside the package are followed (a package may link its text to a file beside
    /// it); a link that leads out of it, however many hops it takes, is refused: a package
    /// linking `Text.txt` to `/etc/shadow` would otherwise show that file to whoever opens it.
    /// `root` and `path` are resolved (no links, no `..`).
    private static func isInside(_ path: RawPath, _ root: RawPath) -> Bool {
        let prefix = root.bytes.last == UInt8(ascii: "/") ? root.bytes : root.bytes + [UInt8(ascii: "/")]
        return path.bytes.count > prefix.count && path.bytes.starts(with: prefix)
    }

    /// The file a descriptor has open, as the kernel resolved it (`/proc/self/fd`).
    private static func openedPath(_ fd: Int32) -> RawPath? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return RawPath(bytes: buffer[..<count].map { UInt8(bitPattern: $0) })
    }

    /// The path with every symbolic link, `.` and `..` resolved (`realpath`).
    private static func resolved(_ path: RawPath) -> RawPath? {
        path.withCString { pointer in
            guard let real = realpath(pointer, nil) else { return nil }
            defer { free(real) }
            return RawPath(cString: real)
        }
    }

    private enum Kind { case missing, directory, regularFile, other }

    /// The kind of file a path names, following symbolic links.
    private static func kind(of path: RawPath) -> Kind {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// Plain POSIX reads, which take the path's bytes. The file is checked to be inside `root`
    /// once open, as the kernel found it: a package that swaps a link between a check and the
    /// open cannot slip another file in.
    private static func readText(at path: RawPath, limit: Int, inside root: RawPath) throws(NotePackageError) -> [UInt8] {
        // Non-blocking, so a FIFO put in its place after the check cannot hold the open; it is
        // then refused by what the descriptor is, and plain blocking reads follow.
        let (fd, code) = path.withCString { (open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK), errno) }
        guard fd >= 0 else { throw .unreadable(reason(for: code)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .missingText }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let opened = openedPath(fd), isInside(opened, root) else { throw .linkLeavesPackage(textFileName) }
        var data: [UInt8] = []
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
        guard data.count <= limit else { throw .unreadable(tr("%s is too large.", textFileName)) }
        return data
    }

    private static func reason(for code: Int32) -> String {
        code == EACCES || code == EPERM ? tr("Permission denied.") : String(cString: strerror(code))
    }
}
