/// One open document (BEHAVIOUR A4): a stable identity, its file, and its own view
/// state. The decoded pixels belong to the UI layer (they are GPU/GTK objects);
/// this is the part that can be decided and tested without GTK.
public final class Document: Identifiable {
    public let id: DocumentID
    /// The file shown: it changes when the tab steps through its folder (BEHAVIOUR F1) or
    /// the file is renamed, while the document (the tab) stays the same.
    public private(set) var path: RawPath
    public var state: LoadState = .loading
    public var view = ViewState()

    public init(path: RawPath, id: DocumentID = DocumentID()) {
        self.id = id
        self.path = path
    }

    /// Shows another file in this document, from a fresh view (best fit, no rotation), loading.
    public func show(_ path: RawPath) {
        self.path = path
        state = .loading
        view = ViewState()
    }

    /// The file was renamed or moved: same image, same view, new name.
    public func moved(to path: RawPath) {
        self.path = path
    }

    /// What the tab and window title show: the file name as the user knows it.
    public var displayName: String {
        let name = path.lastComponent
        return (name.bytes.isEmpty ? path : name).displayString
    }

    /// The full path, for the tab's tooltip.
    public var fullPath: String { path.displayString }

    public enum LoadState: Equatable, Sendable {
        case loading
        case loaded(width: Int, height: Int)
        case failed(LoadError)
    }
}

/// What each tab remembers of how it was being looked at while it is in the background
/// (BEHAVIOUR C6). The hue is not here: it is the document model's, shown or not.
public struct ViewState: Equatable, Sendable {
    /// nil until the image size and viewport are known.
    public var zoom: ZoomModel?
    public var scrollOffset = Point(x: 0, y: 0)
    /// View rotation in quarter turns clockwise (BEHAVIOUR C7); the file is untouched.
    public var quarterTurns = 0

    public init() {}
}
