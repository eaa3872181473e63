/// What an edited picture is written as (BEHAVIOUR D7): never silently another format than
/// the original's for Save, and PNG or JPEG by name for Save Copy.
public enum SavedFormat: Equatable, Hashable, Sendable {
    case png
    /// At `quality` (1…100); nil: the quality the original JPEG was saved with, estimated
    /// from its quantisation tables (92 when the original is no JPEG or gives no tables).
    case jpeg(quality: Int?)
    /// Lossless WebP, for an original that is lossless WebP.
    case webpLossless

    /// The quality used when nothing better is known: what Iro's exports have always used.
    public static let defaultJPEGQuality = 92

    /// The format a Save Copy name asks for: .png, .jpg/.jpeg (at the original's quality),
    /// .webp (lossless); nil for any other name.
    public static func forFileName(_ name: String) -> SavedFormat? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return .png
        case "jpg", "jpeg", "jpe": return .jpeg(quality: nil)
        case "webp": return .webpLossless
        default: return nil
        }
    }

    public var code: UInt8 {
        switch self {
        case .png: 1
        case .jpeg: 2
        case .webpLossless: 3
        }
    }
}
