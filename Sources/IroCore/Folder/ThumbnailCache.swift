/// Where the desktop's shared thumbnails are, and when one still describes its file
/// (BEHAVIOUR H2; the freedesktop Thumbnail Managing Standard): under
/// `$XDG_CACHE_HOME/thumbnails`, a folder per size, each thumbnail a PNG named by the MD5
/// of its file's URI, which records that URI and the file's modification time in its
/// `Thumb::URI` and `Thumb::MTime` text chunks. A file that could not be thumbnailed gets
/// a failure entry of the same name under `fail/` and the application's name, so that it is
/// not tried again until it changes. The file manager and Iro read each other's.
public struct ThumbnailCache: Equatable, Sendable {
    /// The standard's sizes: the longest side a thumbnail of each has at most.
    public enum Size: CaseIterable, Sendable {
        case normal, large, xLarge, xxLarge

        public var pixels: Int {
            switch self {
            case .normal: 128
            case .large: 256
            case .xLarge: 512
            case .xxLarge: 1024
            }
        }

        public var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }
    }

    /// The folder of Iro's failure entries, under `fail/`: the standard asks for the
    /// program's name and version, so that a later version that decodes more tries again.
    public static let failureFolder = "iro-1"

    /// `…/thumbnails`.
    public let root: RawPath

    /// The cache under `cacheHome` (`$XDG_CACHE_HOME`, else `~/.cache`).
    public init(cacheHome: RawPath) { root = cacheHome.appending("thumbnails") }

    /// The thumbnail of size `size` of the file whose URI's MD5 is `hash` (lowercase hex).
    public func path(hash: String, size: Size) -> RawPath { root.appending(size.folder).appending(hash + ".png") }

    /// Iro's failure entry for that file.
    public func failurePath(hash: String) -> RawPath { root.appending("fail").appending(Self.failureFolder).appending(hash + ".png") }

    /// The sizes to look in for a thumbnail at least `size` large, best first: that size,
    /// then the larger ones (scaled down when shown).
    public static func candidates(for size: Size) -> [Size] { Size.allCases.filter { $0.pixels >= size.pixels } }

    /// A thumbnail's pixel size for an image of `width` × `height`: its longer side at
    /// `size`, never enlarged, never below one pixel.
    public static func fitted(width: Int, height: Int, into size: Size) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (1, 1) }
        let scale = min(1, Double(size.pixels) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

/// What a thumbnail must say of its file to be current: the file's URI, its modification
/// time (whole seconds, as `stat` gives them) and, when the thumbnail records one, its size
/// in bytes.
public struct ThumbnailRecord: Equatable, Sendable {
    public let uri: String
    public let modified: Int64
    public let bytes: Int64

    public init(uri: String, modified: Int64, bytes: Int64) {
        self.uri = uri
        self.modified = modified
        self.bytes = bytes
    }

    /// The text chunks a thumbnail (or a failure entry) written for this file carries.
    public var chunks: [(key: String, value: String)] {
        [("Thumb::URI", uri), ("Thumb::MTime", String(modified)), ("Thumb::Size", String(bytes)), ("Software", "Iro")]
    }

    /// Whether a thumbnail whose text chunks are `chunks` (by key) describes this file as it
    /// is now. The URI and modification time must match (a thumbnail without them is for no
    /// file in particular); a recorded size must match too. The standard's modification time
    /// is whole seconds; some writers add a fraction, which is ignored.
    public func isDescribed(by chunks: [String: String]) -> Bool {
        guard chunks["Thumb::URI"] == uri, let mtime = chunks["Thumb::MTime"] else { return false }
        let seconds = mtime.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? mtime
        guard Int64(seconds) == modified else { return false }
        if let size = chunks["Thumb::Size"] { return Int64(size) == bytes }
        return true
    }
}
