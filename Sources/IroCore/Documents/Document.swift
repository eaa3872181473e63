import FoundationEssentials

/// One open document (SPEC A4): a stable identity, its file, and its own view
/// state. The decoded pixels belong to the UI layer (they are GPU/GTK objects);
/// this is the part that can be decided and tested without GTK.
public final class Document: Identifiable {
    public let id: DocumentID
    public let url: URL
    public var state: LoadState = .loading
    public var view = ViewState()

    public init(url: URL, id: DocumentID = DocumentID()) {
        self.id = id
        self.url = url
    }

    /// What the tab and window title show: the file name as the user knows it.
    public var displayName: String {
        let name = url.lastPathComponent
        return name.isEmpty ? url.path : name
    }

    /// The full path, for the tab's tooltip.
    public var fullPath: String { url.path }

    public enum LoadState: Equatable, Sendable {
        case loading
        case loaded(width: Int, height: Int)
        case failed(LoadError)
    }
}

/// What each tab remembers of how it was being looked at (SPEC C6, D4).
public struct ViewState: Equatable, Sendable {
    /// nil until the image size and viewport are known.
    public var zoom: ZoomModel?
    public var scrollOffset = Point(x: 0, y: 0)
    /// Hue slider value, 0…1; 0.5 leaves the image unchanged.
    public var hue = 0.5
    /// View rotation in quarter turns clockwise (SPEC C7); the file is untouched.
    public var quarterTurns = 0

    public init() {}
}
