import Glibc
import IroCore
import IroImaging

/// Whether Save can write the selected tab's file over itself (BEHAVIOUR D7), in which
/// format, or why not, in words for the Save item's tooltip. Save never converts a file to
/// another format: a format Iro cannot write keeps Save Copy (PNG or JPEG).
enum SaveAbility: Equatable {
    case writes(SavedFormat)
    case cannot(String)

    static func of(_ model: DocumentModel) -> SaveAbility {
        guard let path = model.imagePath, model.shown == .image, model.levels != nil else {
            return .cannot(tr("There is no image to save"))
        }
        if model.note != nil { return .cannot(tr("A note package keeps its image as it is: use Save Copy")) }
        if model.hasPages || model.formatName == ImageFormats.pdf { return .cannot(tr("Documents with pages are not edited")) }
        if model.player != nil { return .cannot(tr("Animations are not edited")) }
        if path.isURI { return .cannot(tr("Iro saves over files on this computer only: use Save Copy")) }
        guard let format = format(of: model.formatName, at: path) else {
            let name = (model.formatName ?? "").uppercased() // gdk-pixbuf's short names: GIF, TIFF, SVG…
            return .cannot(tr("Iro cannot write %s files without converting them: use Save Copy for PNG or JPEG", name))
        }
        // Read-only by its permissions too: root may write anything, but a file marked
        // read-only is not to be replaced.
        var info = stat()
        let marked = path.withCString { stat($0, &info) } == 0 && info.st_mode & 0o222 == 0
        if marked || path.withCString({ access($0, W_OK) }) != 0 { return .cannot(tr("The file is read-only: use Save Copy")) }
        if path.deletingLastComponent.withCString({ access($0, W_OK) }) != 0 {
            return .cannot(tr("The file’s folder cannot be written to: use Save Copy"))
        }
        return .writes(format)
    }

    /// The format Save keeps the file in, for gdk-pixbuf's name of it: JPEG, PNG, and WebP
    /// when the file is lossless (a lossy WebP would lose detail again on every save).
    static func format(of formatName: String?, at path: RawPath) -> SavedFormat? {
        switch formatName {
        case "jpeg": return .jpeg(quality: nil)
        case "png": return .png
        case "webp": return WebPKind.isLossless(at: path) ? .webpLossless : nil
        default: return nil
        }
    }
}

/// Whether a WebP file is lossless: its image is a VP8L chunk, not a VP8 one.
enum WebPKind {
    static func isLossless(at path: RawPath) -> Bool {
        guard let file = path.withCString({ fopen($0, "rb") }) else { return false }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 4096, file) }
        return isLossless(Array(head[0..<count]))
    }

    /// Walks the RIFF chunks of the file's first bytes.
    static func isLossless(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return false }
        var at = 12
        while at + 8 <= bytes.count {
            let tag = bytes[at..<at + 4]
            if tag.elementsEqual("VP8L".utf8) { return true }
            if tag.elementsEqual("VP8 ".utf8) || tag.elementsEqual("ANMF".utf8) { return false }
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            at += 8 + size + (size & 1)
        }
        return false
    }
}
