import CGLib
import IroCore

/// A check that a file holds the whole image its header promises, for a format whose
/// gdk-pixbuf loader accepts less: several return a file cut short with the missing
/// part black or transparent, and a few allocate all the pixels a tiny file declares.
/// BEHAVIOUR A7 calls such a file damaged, never shows it as if it were whole.
///
/// One type per format, chosen once from the detected format (`forFormat`); the
/// decoder calls each hook at its moment, and a format without a check has none. Every
/// check is a lower bound that a whole file always meets, so none can refuse a file
/// its loader reads in full.
protocol IntegrityCheck: AnyObject {
    /// Before any pixel is decoded: what is missing, judged from the file's head and size.
    func problemBeforeDecoding(source: ImageSource, fileSize: Int64) -> String?
    /// Follows the loader while it decodes (which rows it wrote, say).
    func follow(_ loader: UnsafeMutablePointer<GdkPixbufLoader>)
    /// Every chunk of the file, in order, as the loader gets it.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Once the loader has taken the whole file: what was missing.
    func problemAfterDecoding() -> String?
}

extension IntegrityCheck {
    func problemBeforeDecoding(source: ImageSource, fileSize: Int64) -> String? { nil }
    func follow(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) {}
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {}
    func problemAfterDecoding() -> String? { nil }
}

enum IntegrityChecks {
    /// The check for gdk-pixbuf's format `name` of an image `height` rows high (nil: the
    /// loader itself refuses what is missing).
    static func forFormat(_ name: String, height: Int) -> (any IntegrityCheck)? {
        switch name {
        case "png": PNGIntegrity(height: height)
        case "jpeg": JPEGIntegrity()
        case "bmp", "pnm", "webp", "ani", "ico": DeclaredLength(format: name)
        default: nil
        }
    }
}
