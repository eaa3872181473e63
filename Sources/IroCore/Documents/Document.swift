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
    /// The page shown, from 0, of a document with pages (PDF, multi-page TIFF); 0 for an image.
    public var page = 0
    /// How many pages the file shown holds, once known: 1 for an image.
    public var pageCount = 1
    /// The password that opened the file shown, a locked PDF (BEHAVIOUR G4): in memory only.
    public var password: String?

    public init(path: RawPath, id: DocumentID = DocumentID()) {
        self.id = id
        self.path = path
    }

    /// Shows another file in this document, loading. The view stays until its image arrives:
    /// the image shown until then is still zoomed and scrolled as it was.
    public func show(_ path: RawPath) {
        self.path = path
        state = .loading
        page = 0
        pageCount = 1
        password = nil
    }

    /// The page shown, as decodes ask for it (with the password).
    public var shownPage: DocumentPage { DocumentPage(page, password: password) }

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

/// How an image is being looked at: zoom, scroll position and rotation. A tab's is its
/// document's, kept while the tab is in the background (BEHAVIOUR C6); a compare pane and
/// the presentation hold their own. The hue is not here: it is the document model's.
public struct ViewState: Equatable, Sendable {
    /// nil until the image size and viewport are known.
    public var zoom: ZoomModel?
    /// How far the view is scrolled (a GtkAdjustment's value): with the zoom's viewport it
    /// places the centre (`centre`).
    public var scrollOffset = Point(x: 0, y: 0)
    /// View rotation in quarter turns clockwise (BEHAVIOUR C7); the file is untouched.
    public var quarterTurns = 0

    public init() {}

    /// The image point (natural pixels of the turned image) at the middle of the viewport.
    public var centre: Point? {
        guard let zoom else { return nil }
        return zoom.imagePoint(at: zoom.viewportCentre, offset: scrollOffset, scale: zoom.scale)
    }
}
