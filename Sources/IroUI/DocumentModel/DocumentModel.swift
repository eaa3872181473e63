import CGtk
import GtkSupport
import IroCore
import IroImaging

/// One tab's document and everything known of it (docs/ARCHITECTURE.md, "The document
/// model"): the file and what it holds, the decoded levels, every decode and the policy for
/// how much detail to hold, the file and folder it watches, its animation, its hue and its
/// membership of linked views. It is the one owner of that state.
///
/// Widgets show it and send it intents: `DocumentView` (the tab), compare panes, the
/// presentation, the window's header, the properties panel. None keeps a copy. They observe
/// `observable`, a GObject whose properties (`Property`) change with the model: bound with
/// `g_object_bind_property`, followed with a `FollowGroup`, or watched with `notify::`.
/// What GObject cannot hold (the levels) is a revision that changes with it; observers then
/// read the Swift value here.
///
/// Split by concern: `+Loading` (the first decode, reloads, note packages, the result),
/// `+Detail` (more detail for a zoom, the part shown, the rest at idle, trimming),
/// `+FileWatch` (the file changing on disk), `+Folder` (stepping through the folder),
/// `+Pages` (a document's pages).
final class DocumentModel: ViewOwner {
    /// The observable properties' names.
    enum Property {
        /// The file's name as the user knows it.
        static let title = "title"
        /// Its full path, as Pango markup (a tab's tooltip).
        static let tooltip = "tooltip"
        /// A decode the user waits for is under way (the tab's spinner).
        static let loading = "loading"
        /// The hue, 0…1; 0.5 leaves the image unchanged (BEHAVIOUR D3). Read-write: the hue
        /// slider is bound to it both ways.
        static let hue = "hue"
        /// Part of linked views (BEHAVIOUR F6).
        static let linked = "linked"
        /// "3 / 27": where the image is in its folder, or empty.
        static let folderPosition = "folder-position"
        /// A note about the file over the image ("was deleted"), or nil.
        static let banner = "banner"
        /// An animation is playing (or paused).
        static let animated = "animated"
        /// Revision: `document.state`, `shown` or the note changed (loading, shown, failed).
        static let status = "status"
        /// Revision: the decoded levels changed (`levels`, `arrival`): each new image, more
        /// detail, each frame of an animation. For those who draw them.
        static let levels = "levels"
        /// The levels hold every pixel of the image (an export needs no decode of its own).
        static let complete = "complete"
        /// Revision: a decode with a progress bar started or ended (`progress`).
        static let progress = "progress"
        /// Revision: what stepping can reach changed (the folder listed, files came or went).
        static let folder = "folder"
        /// Revision: the memory the document holds grew (an image decoded, or one ahead).
        static let held = "held"
        /// Revision: the page shown or the number of pages changed (`document.page`, `pageCount`).
        static let pages = "pages"
        /// Revision: the text search's state changed (`search`).
        static let search = "search"
        /// Revision: the text selected on the page changed (`selection`).
        static let selection = "selection"
        /// Revision: the view's zoom (scale, limits, best fit) or rotation changed, told once
        /// layout is done (`view` holds them). Not bumped for scrolling.
        static let zoom = "zoom"
        /// Revision: edit mode began, changed or ended, or unsaved edits came or went (`+Edit`).
        static let editing = "editing"
        /// Revision: the markup, or markup mode's tool, colour or thickness, changed (`+Markup`).
        static let markup = "markup"
        /// Revision: the stroke being drawn moved (`markup.inProgress`): only those who draw
        /// follow it, at every pointer event.
        static let ink = "ink"
    }

    /// The GObject type of `observable`, for a `FollowGroup`.
    static let observableType = ModelObject.register("IroDocumentModel", properties: declared)
    private static let declared: [ModelObject.Property] = [
        .string(Property.title), .string(Property.tooltip), .boolean(Property.loading),
        .double(Property.hue, minimum: 0, maximum: 1, initial: HueControl.neutral), .boolean(Property.linked),
        .string(Property.folderPosition, initial: ""), .string(Property.banner), .boolean(Property.animated),
        .boolean(Property.complete),
        .revision(Property.status), .revision(Property.levels), .revision(Property.progress), .revision(Property.folder),
        .revision(Property.held), .revision(Property.zoom), .revision(Property.pages), .revision(Property.search),
        .revision(Property.selection), .revision(Property.editing), .revision(Property.markup), .revision(Property.ink),
    ]

    let observable = ModelObject(type: DocumentModel.observableType)
    /// The file shown, its state, and its view (`view`).
    let document: Document

    /// What the tab shows: loading, the image, the error, or only the note (not to be confused
    /// with a document's pages).
    private(set) var shown = Shown.loading
    /// The decoded image at several sizes; nil until one has loaded.
    private(set) var levels: ImagePyramid?
    /// How the last levels came: what a view showing them keeps of its own view.
    private(set) var arrival = LevelsArrival.moreDetail
    /// The image file shown (the document itself, or a note package's Image.png): what more
    /// detail and exports are decoded from. Follows steps and renames.
    var imagePath: RawPath?
    /// The note package's text, when the document is one (shown beside its image).
    var note: NotePackage?
    /// gdk-pixbuf's name for the shown image's format (kept when the levels are trimmed).
    var formatName: String?
    /// The decodes under way: `load`, the one a loading bar shows (first, reload, a step, more
    /// detail), and `region`, the part the view shows (`+Detail`).
    var tasks = Decodes()
    /// How far the decode with a bar has come, while there is one.
    private(set) var progress: LoadProgress?
    /// Whether the first image came from a decode begun before the tab was built (a
    /// launch's or a second launch's first file, `StartupDecode`).
    var tookStartupDecode = false
    /// The search of the document's text (BEHAVIOUR G7).
    let search = DocumentSearch()
    /// The text selected on the page shown (BEHAVIOUR G10), and the page's text it is of.
    let selection = TextSelection()
    /// The links on the page shown, once read (BEHAVIOUR G6); none for an image.
    var links: [PageLink] = []
    /// Edit mode and the edits not yet saved (`+Edit`).
    var edits = Edits()
    /// What is drawn over the pages, and markup mode (`+Markup`).
    var markup = MarkupState()
    /// Asks the user whether unsaved edits may go, then runs what would lose them (a step to
    /// another image): the window's dialog (Save, Discard, Cancel).
    var askToLeaveEdits: ((DocumentModel, @escaping @MainActor () -> Void) -> Void)?
    /// The rest of the shown image's detail, decoded while the view rests.
    let idleDetail = IdleDetail()
    /// The images next to the shown one, decoded ahead, and their name in the memory budget.
    let preloader = Preloader()
    let preloadID = DocumentID()
    /// The file on disk: its monitor, the burst of events being gathered, whether it is gone.
    var file = FileWatch()
    /// The folder this document steps through (BEHAVIOUR F1), once an image of it is shown.
    var folderBrowser: FolderBrowser?
    /// The image a slideshow shows next (BEHAVIOUR H3), decoded ahead with the neighbours.
    var upcoming: FolderList.Entry? {
        didSet { if upcoming != oldValue { preloadNeighbours() } }
    }
    /// Plays the image when it is animated.
    private(set) var player: AnimationPlayer?
    /// Decodes nothing until first shown (opened in the background among many).
    private(set) var waitsToBeShown = false
    /// When the tab was last shown (monotonic seconds), for the memory policy.
    var lastShown = monotonicSeconds()
    /// The view that shows this document in its tab: what it asks of the screen.
    weak var viewer: (any DocumentViewer)?
    /// Compare panes showing it (an animation plays on there).
    private(set) var panesShowing = 0

    struct Decodes {
        var load: Task<Void, Never>?
        var region: Task<Void, Never>?
        /// Reading the page's links.
        var links: Task<Void, Never>?
    }

    struct FileWatch {
        var monitor: ObjectRef?
        var settle: SourceID?
        /// The file is gone from disk; the document keeps its last image (BEHAVIOUR A9).
        var isDeleted = false
        /// Iro itself is moving the file to the trash: its disappearance is no news.
        var isMovingToTrash = false
    }

    enum Shown: String {
        case loading, image, error
        /// A note package without an image: the note takes the whole tab.
        case noteOnly
    }

    /// What levels that arrive mean for a view showing them.
    enum LevelsArrival {
        /// More (or fresh, or fewer) detail, or the next frame, of the image shown: the view stays.
        case moreDetail
        /// Another image, or the first: the view the document holds (a reload's, a restored
        /// tab's) or, when it holds none, a fresh one (best fit), with its rendering made
        /// ahead when there is one.
        case newImage(renderedAhead: ViewRendering?)
    }

    init(document: Document) {
        self.document = document
        preloader.onReady = { [weak self] in self?.observable.bump(Property.held) }
        search.onChange = { [weak self] in self?.observable.bump(Property.search) }
        search.onCurrentPage = { [weak self] page in self?.showPage(page) }
        selection.onChange = { [weak self] in self?.observable.bump(Property.selection) }
        observable.observe(Property.hue) { [weak self] in
            guard let self, self.isLinked else { return }
            ViewLink.shared.moved(self)
        }
        nameChanged()
    }

    /// The tab's view (zoom, scroll, rotation; BEHAVIOUR C6): the tab's canvas shows and
    /// changes it here, so it stays while the tab is in the background or changes window.
    var view: ViewState {
        get { document.view }
        set { document.view = newValue }
    }

    /// The tab is closing: nothing more is decoded, played or watched.
    func close() {
        edits.applying?.cancel()
        player?.stop()
        cancelLoad()
        folderBrowser?.stop()
        preloader.dropAll()
        ViewLink.shared.drop(self)
    }

    // MARK: What widgets observe

    var hue: Double {
        get { observable.double(Property.hue) }
        set { observable.set(Property.hue, newValue) }
    }

    var isLoading: Bool { observable.bool(Property.loading) }
    var isLinked: Bool { observable.bool(Property.linked) }
    var banner: String? { observable.string(Property.banner) }

    /// Shows `message` over the image, or nothing.
    func setBanner(_ message: String?) { observable.set(Property.banner, message) }

    /// The title and tooltip follow the file's name (a step, a rename).
    func nameChanged() {
        observable.set(Property.title, document.displayName)
        observable.set(Property.tooltip, StatusPages.escapeMarkup(document.fullPath))
    }

    /// `document.state` or the note changed; the tab shows `shown`.
    func statusChanged(showing shown: Shown) {
        self.shown = shown
        observable.bump(Property.status)
    }

    /// New levels for the image, and what they mean for the views showing it.
    func setLevels(_ levels: ImagePyramid?, _ arrival: LevelsArrival) {
        self.levels = levels
        self.arrival = arrival
        observable.bump(Property.levels)
        observable.set(Property.complete, levels?.isComplete ?? false)
    }

    /// A decode the user waits for starts (`progress` non-nil) or ends.
    func setProgress(_ progress: LoadProgress?) {
        self.progress = progress
        observable.bump(Property.progress)
    }

    /// Whether the decode with a bar, or the first decode, is under way (the tab's spinner).
    func loadingChanged() { observable.set(Property.loading, tasks.load != nil) }

    // MARK: Intents

    /// Decodes nothing until the tab is first shown (or comes next to the shown one).
    func loadWhenShown() {
        waitsToBeShown = true
        observable.set(Property.loading, false)
    }

    func loadIfWaiting() {
        guard waitsToBeShown else { return }
        waitsToBeShown = false
        load()
    }

    /// Whether the tab's own view is on screen now (the selected tab of a window).
    var isOnScreen: Bool { viewer?.isOnScreen ?? false }

    /// The tab's view was shown: the animation plays, the rest of the detail comes at idle,
    /// the folder is listed, the linked view is taken.
    func viewShown() {
        player?.setVisible(true)
        decodeRestWhenIdle()
        startBrowsing()
        ViewLink.shared.follow(self)
    }

    /// The tab's view was hidden: what only a view on screen needs stops.
    func viewHidden() {
        player?.setVisible(panesShowing > 0)
        idleDetail.cancel()
        tasks.region?.cancel()
        tasks.region = nil
        // A zoom that waited for the idle decode asks again when shown.
        if tasks.load == nil, progress != nil { setProgress(nil) }
    }

    /// A compare pane began or stopped showing the document.
    func paneShows(_ shows: Bool) {
        panesShowing = max(0, panesShowing + (shows ? 1 : -1))
        player?.setVisible(panesShowing > 0 || isOnScreen)
    }

    /// Links this document's view with the other linked tabs (they take its view), or unlinks it.
    func setLinked(_ linked: Bool) {
        guard linked != isLinked else { return }
        observable.set(Property.linked, linked)
        if linked { ViewLink.shared.joined(self) } else { ViewLink.shared.drop(self) }
    }

    // MARK: Animation

    /// Plays `image` when it is animated (stopping what played before), and says so when it
    /// could be read only in part.
    func play(_ image: DecodedImage?) {
        stopPlaying()
        guard let image, let frames = image.animation else { return }
        player = AnimationPlayer(frames: frames, visible: isOnScreen || panesShowing > 0) { [weak self] frame in
            self?.setLevels(frame, .moreDetail)
        }
        observable.set(Property.animated, true)
        if let damage = image.damage {
            setBanner(tr("“%1$s” is damaged (%2$s). Iro plays the frames it could read.", document.displayName, damage))
        }
    }

    func stopPlaying() {
        player?.stop()
        player = nil
        observable.set(Property.animated, false)
    }
}

/// What the model asks of the view that shows it in its tab.
protocol DocumentViewer: AnyObject {
    /// Its image area is on screen (the selected tab of a window).
    var isOnScreen: Bool { get }
    /// It shows a document's pages stacked (BEHAVIOUR G11), not one at a time.
    var showsContinuousPages: Bool { get }
    /// The size of the image area, in view points, and device pixels per point.
    var viewport: (size: Size, pixelsPerPoint: Double) { get }
    /// The scale the view draws at in device pixels, once it has one.
    var deviceScale: Double? { get }
    /// The part of the image the view shows once at rest, with a rendering's margin.
    var restingImageRect: PixelRect? { get }
    /// Runs `work` once the next frame is painted.
    func afterNextFrame(_ work: @escaping @MainActor () -> Void)
    /// What the view shows, as linked views share it (with `hue`); nil before it has a view.
    func linkedView(hue: Double) -> LinkedView?
    /// Turns, zooms and scrolls to a linked view.
    func follow(_ linked: LinkedView)
}
