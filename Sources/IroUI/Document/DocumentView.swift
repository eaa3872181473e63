import CGtk
import GtkSupport
import IroCore
import IroImaging

/// One tab: the document's canvas in a scrolled window, or its error page, with
/// the loading bar floating on top. Owns the decode task of its document and
/// cancels it when the tab goes away.
final class DocumentView {
    let document: Document
    /// The tab's root (what AdwTabView holds).
    private let root: UnsafeMutablePointer<GtkOverlay> = cast(gtk_overlay_new())
    var widget: UnsafeMutablePointer<GtkWidget> { root.widget }
    let canvas = ImageCanvas()
    /// The hue slider floating over the image (BEHAVIOUR D); each tab has its own.
    let hueControl: HueControl
    let hueOverlay: OverlayControlContainer
    private let stack: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    private let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    private let loadingBar = LoadingBar()
    let fileBanner = FileBanner()
    let noteSidebar = NoteSidebar()
    /// The image file this tab shows (the document itself, or a note package's Image.png):
    /// what more detail and exports are decoded from. Follows steps and renames.
    var imagePath: RawPath?
    var fileMonitor: ObjectRef?
    var fileSettle: SourceID?
    /// The file is gone from disk; the tab keeps its last image (BEHAVIOUR A9).
    var isFileDeleted = false
    /// Iro itself is moving the file to the trash: its disappearance is no news.
    var isMovingToTrash = false
    var loadTask: Task<Void, Never>?
    /// The rest of the shown image's detail, decoded while the view rests.
    let idleDetail = IdleDetail()
    /// Every pixel of the part the view shows, decoded while the whole image is (JPEG).
    private var regionTask: Task<Void, Never>?
    /// gdk-pixbuf's name for the shown image's format (kept when the tab is trimmed).
    private var formatName: String?
    /// The decoded image, once loaded.
    var image: DecodedImage? { canvas.image }

    /// When the tab was last shown (monotonic seconds), for the memory policy.
    var lastShown = monotonicSeconds()
    /// The folder this tab steps through (BEHAVIOUR F1), once an image of it is shown.
    var folderBrowser: FolderBrowser?
    /// The images next to the shown one, decoded ahead, and their name in the memory budget.
    let preloader = Preloader()
    let preloadID = DocumentID()
    /// The next image to arrive is another file: it starts from a fresh view.
    var startsFresh = false
    /// The image arrived before the canvas was on screen: it takes the focus when it is.
    var focusWhenMapped = false
    /// Opened in the background among many: decodes once shown (`loadWhenShown`).
    private(set) var waitsToBeShown = false
    /// The image's context menu (right-click, Shift+F10, Menu).
    private(set) var contextMenu: ImageContextMenu!
    /// Plays the image when it is animated.
    private(set) var player: AnimationPlayer?
    /// Shown in a compare pane (BEHAVIOUR F6): an animation plays on there.
    var isCompared = false {
        didSet { player?.setVisible(isCompared || gtk_widget_get_mapped(canvas.widget) != 0) }
    }
    /// Each new frame of an animation (the compare pane showing this tab follows).
    var onFrameShown: (@MainActor () -> Void)?

    /// Told when what the tab shows changes: loading starts or ends, another image of the
    /// folder, its place in the folder. For the tab's title and spinner and the header.
    var onStateChanged: (@MainActor () -> Void)?

    /// Finds the DocumentView of a tab's root widget.
    static let key = StateKey<DocumentView>("iro-document-view")

    init(document: Document) {
        self.document = document
        gtk_scrolled_window_set_child(scroller, canvas.widget)
        gtk_scrolled_window_set_kinetic_scrolling(scroller, 1)
        gtk_stack_add_named(stack, gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "loading")
        hueControl = HueControl(value: document.view.hue)
        hueOverlay = OverlayControlContainer(content: scroller.widget, control: hueControl.widget)
        gtk_stack_add_named(stack, hueOverlay.widget, "image")
        // The image (or its error) and, for note packages, the note beside it.
        let body: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_set_hexpand(stack.widget, 1)
        gtk_box_append(body, stack.widget)
        gtk_box_append(body, noteSidebar.widget)
        gtk_overlay_set_child(root, body.widget)
        gtk_overlay_add_overlay(root, loadingBar.widget)
        gtk_overlay_add_overlay(root, fileBanner.widget)
        Self.key.attach(self, to: raw(root))
        contextMenu = ImageContextMenu(over: root.widget)
        installRightClick()
        installDragOut()
        connectHue()
        connectLink()
        canvas.onNeedsDetail = { [weak self] scale in self?.addDetail(for: scale) }
        preloader.onReady = { [weak self] in self?.onStateChanged?() }
        onSignal(raw(canvas.widget), "map") { [weak self] in
            guard let self else { return }
            self.player?.setVisible(true)
            self.decodeRestWhenIdle()
            if self.focusWhenMapped, !self.isBrieflyShown {
                self.focusWhenMapped = false
                gtk_widget_grab_focus(self.canvas.widget)
            }
        }
        onSignal(raw(widget), "map") { [weak self] in
            guard let self, !self.isBrieflyShown else { return }
            self.loadIfWaiting()
            self.startBrowsing() // a tab opened in the background
        }
        onSignal(raw(canvas.widget), "unmap") { [weak self] in
            guard let self else { return }
            self.player?.setVisible(self.isCompared)
            self.idleDetail.cancel()
            self.regionTask?.cancel()
            self.regionTask = nil
            if self.loadTask == nil { self.loadingBar.stop() } // a zoom that waited for it asks again when shown
        }
        onSignal(raw(root), "destroy") { [weak self] in
            self?.player?.stop()
            self?.cancelLoad()
            self?.folderBrowser?.stop()
            self?.preloader.dropAll()
        }
    }

    /// Shown only while the window moves its selection away and back
    /// (`DocumentWindow.revealSelectedTab`): not shown to the user.
    private var isBrieflyShown: Bool {
        gtk_widget_get_root(widget).flatMap { DocumentWindow.key.get(raw($0)) }?.revealingSelection == true
    }

    /// Decodes nothing until the tab is first shown (or comes next to the shown one).
    func loadWhenShown() { waitsToBeShown = true }

    func loadIfWaiting() {
        guard waitsToBeShown else { return }
        waitsToBeShown = false
        load()
        onStateChanged?() // the tab's spinner
    }

    /// Decodes the document's file off the main thread, then shows it or its error.
    func load(keepingCurrent: Bool = false) {
        if NotePackage.isPackageName(document.path) {
            loadNotePackage()
            return
        }
        loadImage(at: document.path, keepingCurrent: keepingCurrent)
    }

    /// Decodes the image at `path` into this tab (the document's file, or a note package's
    /// image) with the detail a screen shows of it whole; zooming in asks for more.
    /// `keepingCurrent`: the image shown stays until the new one arrives (a reload, a step).
    func loadImage(at path: RawPath, keepingCurrent: Bool = false) {
        cancelLoad()
        imagePath = path
        let showsImage = keepingCurrent && canvas.pyramid != nil && visiblePage == "image"
        if !showsImage {
            document.state = .loading
            gtk_stack_set_visible_child_name(stack, "loading")
        }
        if !showsImage, let early = StartupDecode.take(path) {
            adopt(early)
            return
        }
        // Reloading a changed file keeps the detail the view has now; another file starts at best fit.
        let detail: DecodeDetail = showsImage && !startsFresh ? .scale(canvas.zoom.map { $0.deviceScale($0.scale) } ?? 1) : screenDetail
        decode(path, detail: detail)
    }

    /// Decodes again with the detail a view at `scale` shows, when the levels held have
    /// less: after zooming in, or on coming back from the background. Until it arrives
    /// the view shows the levels it has, scaled.
    func addDetail(for scale: Double) {
        // An animation's frames always have every pixel.
        guard player == nil, let pyramid = canvas.pyramid, pyramid.needsMoreDetail(at: scale), !isFileDeleted,
            case .loaded = document.state, let imagePath
        else { return }
        // JPEG and SVG decode the part shown on its own (SVG past 100 % only that way).
        let hasParts = ["jpeg", "svg"].contains(pyramid.image?.formatName ?? formatName)
        if hasParts { decodeRegionShown(of: pyramid, at: imagePath, detail: scale) }
        guard loadTask == nil, pyramid.needsMoreDetail(at: min(1, scale)), !hasParts || Self.decodesWhole(pyramid, at: scale) else {
            return
        }
        // Every pixel is on its way already: the bar shows how far it has come.
        if idleDetail.isDecoding, let progress = idleDetail.progress { return loadingBar.start(following: progress) }
        idleDetail.cancel()
        decode(imagePath, detail: .scale(scale), reusing: pyramid)
    }

    /// A JPEG or SVG with more pixels than this at the detail a zoom needs is never decoded
    /// whole (800 MB for the largest Iro opens): the view decodes the part it shows, again
    /// wherever it moves.
    static var wholeDecodePixels = 64 << 20

    static func decodesWhole(_ pyramid: ImagePyramid, at scale: Double) -> Bool {
        let reduction = DecodeDetail.scale(min(1, scale)).reduction(imageWidth: pyramid.width, imageHeight: pyramid.height)
        let width = (pyramid.width + reduction - 1) / reduction, height = (pyramid.height + reduction - 1) / reduction
        return width * height <= wholeDecodePixels
    }

    /// Decodes the part of a JPEG the view shows at rest with the detail it needs, unless
    /// what is held covers it or one is under way: in a fraction of the whole decode's
    /// time, so a zoom into a large photo is sharp well before the whole image is.
    private func decodeRegionShown(of pyramid: ImagePyramid, at path: RawPath, detail: Double) {
        guard regionTask == nil, let wanted = canvas.restingImageRect, !(pyramid.region?.holds(wanted, detail: detail) ?? false)
        else { return }
        regionTask = Task { [weak self] in
            let region = try? await ImageDecoder.decodeRegion(path: path, covering: wanted, detail: detail)
            guard !Task.isCancelled, let self else { return }
            self.regionTask = nil
            // Only beside the same levels (not more detail that came meanwhile, nor another image).
            guard let region, let shown = self.canvas.pyramid, shown.levels.first === pyramid.levels.first else { return }
            self.canvas.replacePyramid(shown.with(region))
        }
    }

    /// Once the view has rested on the image a moment, decodes the rest of its detail
    /// (`IdleDetail`); only for the shown tab, and not while anything else loads.
    func decodeRestWhenIdle() {
        idleDetail.schedule { [weak self] in
            guard let self, gtk_widget_get_mapped(self.canvas.widget) != 0, self.player == nil, self.loadTask == nil,
                !self.isFileDeleted, case .loaded = self.document.state, let path = self.imagePath,
                let pyramid = self.canvas.pyramid,
                IdleDetail.wants(
                    width: pyramid.width, height: pyramid.height, detail: pyramid.detail,
                    formatName: pyramid.image?.formatName ?? self.formatName)
            else { return nil }
            return (path, pyramid)
        } done: { [weak self] pyramid in
            guard let self else { return }
            self.loadingBar.stop() // shown if a zoom came to wait for it
            self.canvas.replacePyramid(pyramid)
        }
    }

    /// `reusing`: levels of the same pixels to keep below the new detail.
    private func decode(_ path: RawPath, detail: DecodeDetail, reusing smaller: ImagePyramid? = nil) {
        let progress = LoadProgress()
        loadingBar.start(following: progress)
        loadTask = Task { [weak self] in
            let result: Result<ImagePyramid?, LoadError>
            do throws(LoadError) {
                result = .success(
                    try await ImageDecoder.decodeForDisplay(
                        path: path, detail: detail, reusing: smaller,
                        progress: progress))
            } catch { result = .failure(error) }
            guard !Task.isCancelled, let self else { return }
            self.finishLoad(result)
        }
    }

    /// Shows the decode begun at start-up: at once when it has ended (the window's first
    /// frame then shows the image), or when it ends.
    private func adopt(_ early: StartupDecode) {
        if let result = early.finished { return finishLoad(result) }
        loadingBar.start(following: early.progress)
        loadTask = Task { [weak self] in
            let result = await early.value()
            guard !Task.isCancelled, let self else { return }
            self.finishLoad(result)
        }
    }

    /// Keeps only screen-sized levels while the tab is in the background.
    func trimToScreenSize() {
        // An animation keeps its frame: it is paused, and shown again it goes on from it.
        guard player == nil, let pyramid = canvas.pyramid, pyramid.isComplete else { return }
        canvas.replacePyramid(pyramid.trimmed(maxSide: screenSide))
    }

    /// Bytes of decoded pixels this tab holds beyond what trimming keeps (0 once trimmed).
    var decodedBytes: Int { canvas.pyramid.map { $0.isComplete ? $0.byteCount : 0 } ?? 0 }

    /// The longest side of the largest monitor, in device pixels: what a tab in the
    /// background keeps of its image.
    var screenSide: Int { max(screenSize.width, screenSize.height) }

    /// The widest and the tallest of the monitors, in device pixels: the most a view at
    /// best fit can show of an image (1920 × 1080 before there is a display to ask).
    var screenSize: (width: Int, height: Int) {
        var size = (width: 1920, height: 1080)
        if let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) {
            for index in 0..<g_list_model_get_n_items(monitors) {
                guard let monitor = g_list_model_get_item(monitors, index) else { continue }
                var area = GdkRectangle()
                let typed = gcastOpaque(monitor, gdk_monitor_get_type())
                gdk_monitor_get_geometry(typed, &area)
                let scale = Int(gdk_monitor_get_scale_factor(typed))
                size = (max(size.width, Int(area.width) * scale), max(size.height, Int(area.height) * scale))
                g_object_unref(monitor)
            }
        }
        return size
    }

    /// The detail a fresh view of an image needs: the whole image on the largest screen.
    var screenDetail: DecodeDetail { .screen(width: screenSize.width, height: screenSize.height) }

    /// `renderedAhead`: the fresh view's rendering, made with a decode done ahead.
    func finishLoad(_ result: Result<ImagePyramid?, LoadError>, renderedAhead: ViewRendering? = nil) {
        loadingBar.stop()
        loadTask = nil
        switch result {
        case .success(let pyramid?):
            Trace.mark("image shown: \(pyramid.width)×\(pyramid.height)")
            formatName = pyramid.image?.formatName ?? formatName
            document.state = .loaded(width: pyramid.width, height: pyramid.height)
            watchFile()
            if !startsFresh, let shown = canvas.pyramid, shown.width == pyramid.width, shown.height == pyramid.height {
                canvas.replacePyramid(pyramid) // more (or fresh) detail of the same image: the view stays
            } else {
                if startsFresh {
                    canvas.show(pyramid, named: document.displayName, renderedAhead: renderedAhead)
                } else {
                    canvas.show(pyramid, named: document.displayName, restoring: document.view.zoom == nil ? nil : document.view)
                }
                ViewLink.shared.follow(self) // a linked tab's new image (the folder's next) takes the linked view
            }
            startsFresh = false
            play(pyramid.image)
            if visiblePage != "image" {
                gtk_stack_set_visible_child_name(stack, "image")
                focusCanvasIfShown()
            }
            startBrowsing()
            preloadNeighboursSoon()
            decodeRestWhenIdle()
        case .success(nil):
            return // cancelled
        case .failure(let error):
            startsFresh = false
            stopPlaying()
            showError(error)
            watchFile() // a broken file that gets fixed on disk reloads too
            startBrowsing() // a damaged file does not stop the folder being stepped through
            preloadNeighbours()
        }
        onStateChanged?()
    }

    func showError(_ error: LoadError) {
        document.state = .failed(error)
        if let old = gtk_stack_get_child_by_name(stack, "error") {
            gtk_stack_remove(stack, old)
        }
        gtk_stack_add_named(stack, StatusPages.error(error, fileName: document.displayName), "error")
        gtk_stack_set_visible_child_name(stack, "error")
    }

    /// A note package without an image: the note takes the whole tab.
    func hideImageArea() {
        gtk_widget_set_visible(stack.widget, 0)
    }

    func cancelLoad() {
        idleDetail.cancel()
        regionTask?.cancel()
        regionTask = nil
        fileSettle?.cancel()
        fileSettle = nil
        loadTask?.cancel()
        loadTask = nil
        loadingBar.stop()
    }

    var isLoading: Bool { loadTask != nil }
    var isShowingLoadingBar: Bool { loadingBar.isShowing }
    var loadingBarWidget: UnsafeMutablePointer<GtkWidget> { loadingBar.widget }
    var visiblePage: String { string(gtk_stack_get_visible_child_name(stack)) ?? "" }
    var errorPage: UnsafeMutablePointer<GtkWidget>? { gtk_stack_get_child_by_name(stack, "error") }

    /// Plays `image` when it is animated (stopping what played before), and says so when
    /// it could be read only in part.
    private func play(_ image: DecodedImage?) {
        stopPlaying()
        guard let image, let frames = image.animation else { return }
        let player = AnimationPlayer(frames: frames, canvas: canvas)
        player.onFrame = { [weak self] in self?.onFrameShown?() }
        if isCompared { player.setVisible(true) }
        self.player = player
        if let damage = image.damage {
            fileBanner.show(tr("“%1$s” is damaged (%2$s). Iro plays the frames it could read.", document.displayName, damage))
        }
    }

    func stopPlaying() {
        player?.stop()
        player = nil
    }

    /// A right-click on the image opens its context menu where the pointer is; a
    /// double-click toggles fullscreen (BEHAVIOUR F2).
    private func installRightClick() {
        let double = gtk_gesture_click_new()!
        onSignal(raw(double), "pressed") { [weak self] (presses: Int32, _: Double, _: Double) in
            guard let self, presses == 2 else { return }
            _ = gtk_widget_activate_action_variant(self.canvas.widget, "win.toggle-fullscreen", nil)
        }
        gtk_widget_add_controller(canvas.widget, double)

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
        onSignal(raw(click), "pressed") { [weak self] (_: Int32, x: Double, y: Double) in
            guard let self else { return }
            self.contextMenu.open(at: Point(x: x, y: y), of: self.canvas.widget)
        }
        gtk_widget_add_controller(canvas.widget, click)
    }

    /// Remembers zoom and scroll position in the document (BEHAVIOUR C6).
    func saveViewState() { canvas.saveView(into: &document.view) }
}
