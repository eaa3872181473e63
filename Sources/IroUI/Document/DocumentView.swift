import CGtk
import GtkSupport
import IroCore
import IroImaging

/// One tab: its document's canvas in a scrolled window, or its error page, with the loading
/// bar and the file's banner floating on top and a note package's text beside. It shows its
/// `DocumentModel` and sends it what the user does; it holds no state of the document's.
final class DocumentView: DocumentViewer {
    let model: DocumentModel
    /// The tab's root (what AdwTabView holds).
    private let root: UnsafeMutablePointer<GtkOverlay> = cast(gtk_overlay_new())
    let canvas = ImageCanvas()
    /// What a document's pages add: the pointer over a page (its links and text), the pages
    /// stacked (BEHAVIOUR G6, G10, G11).
    private(set) var pages: DocumentPages!
    /// The hue slider floating over the image (BEHAVIOUR D), bound to the model's hue.
    let hueControl: HueControl
    let hueOverlay: OverlayControlContainer
    private let stack: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    /// What floats over the tab: the loading bar, the file's banner (and `editBar`).
    private let floating = Floating()
    /// Parts few tabs show, made the first time they do: with the markup bar, making them
    /// was half of building a tab (15–20 ms of a launch on two cores).
    private var occasional = Occasional()

    /// Markup's tools over the top of the image, and its text typed in place (BEHAVIOUR I).
    private(set) var markupControls: MarkupControls!
    /// The image's context menu (right-click, Shift+F10, Menu).
    private(set) var contextMenu: ImageContextMenu!
    /// The image arrived before the canvas was on screen: it takes the focus when it is.
    private var focusWhenMapped = false

    /// Finds the DocumentView of a tab's root widget.
    static let key = StateKey<DocumentView>("iro-document-view")

    var widget: UnsafeMutablePointer<GtkWidget> { root.widget }
    var document: Document { model.document }

    init(model: DocumentModel) {
        self.model = model
        let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(scroller, canvas.widget)
        gtk_scrolled_window_set_kinetic_scrolling(scroller, 1)
        gtk_stack_add_named(stack, gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), DocumentModel.Shown.loading.rawValue)
        hueControl = HueControl()
        pages = DocumentPages(canvas: canvas, scroller: scroller.widget, model: model)
        hueOverlay = OverlayControlContainer(content: pages.widget, control: hueControl.widget)
        hueOverlay.followDrags(of: hueControl.pressGesture)
        markupControls = MarkupControls(over: hueOverlay.widget, model: model, canvas: canvas)
        gtk_stack_add_named(stack, markupControls.widget, DocumentModel.Shown.image.rawValue)
        // The image (or its error) and, for a note package, the note beside it (`noteSidebar`).
        let body: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_set_hexpand(stack.widget, 1)
        gtk_box_append(body, stack.widget)
        gtk_overlay_set_child(root, body.widget)
        for overlay in [loadingBar.widget, fileBanner.widget] { gtk_overlay_add_overlay(root, overlay) }
        Self.key.attach(self, to: raw(root))
        contextMenu = ImageContextMenu(over: root.widget)
        model.viewer = self
        installInput()
        installDragOut()
        follow(model)
        onSignal(raw(root), "map") { [weak self] in
            guard let self, !self.isBrieflyShown else { return }
            self.model.loadIfWaiting()
            self.model.viewShown()
            if self.focusWhenMapped {
                self.focusWhenMapped = false
                gtk_widget_grab_focus(self.pages.keyTarget)
            }
        }
        onSignal(raw(root), "unmap") { [weak self] in
            guard let self, !self.isBrieflyShown else { return }
            self.model.viewHidden()
        }
        onSignal(raw(root), "destroy") { [weak self] in self?.model.close() }
    }

    /// Shows the model: every change of it from now on, and what it holds now.
    private func follow(_ model: DocumentModel) {
        let observed = model.observable
        hueControl.bind(to: observed, DocumentModel.Property.hue)
        observed.observe(DocumentModel.Property.hue) { [weak self] in self?.canvas.hueChanged() }
        observed.observe(DocumentModel.Property.status) { [weak self] in self?.showStatus() }
        observed.observe(DocumentModel.Property.progress) { [weak self] in self?.showProgress() }
        observed.observe(DocumentModel.Property.banner) { [weak self] in self?.showBanner() }
        observed.observe(DocumentModel.Property.editing) { [weak self] in self?.showEdit() }
        observed.observe(DocumentModel.Property.markup) { [weak self] in self?.showMarkup() }
        // Stepping away from unsaved edits asks first, in the window the tab is in now.
        model.askToLeaveEdits = { model, proceed in
            guard let window = DocumentWindow.of(model) else { return proceed() }
            UnsavedEditsDialog.ask(about: model, in: window) { saved in if saved { proceed() } }
        }
        canvas.viewOwner = model // the tab shows, and changes, the view its document holds
        canvas.draw(model)
        // Told after layout, so the window's header can follow it (`Property.zoom`).
        canvas.onZoomChanged = { [weak model] in model?.observable.bump(DocumentModel.Property.zoom) }
        canvas.onNeedsDetail = { [weak self] scale in
            guard let self else { return }
            self.model.needsDetail(at: scale, showing: self.canvas.restingImageRect)
        }
        canvas.onMovedByUser = { [weak self] in
            guard let self else { return }
            self.hueOverlay.viewMovedByUser()
            if self.model.isLinked { ViewLink.shared.moved(self.model) }
        }
    }

    /// Shown only while the window moves its selection away and back
    /// (`DocumentWindow.revealSelectedTab`): not shown to the user.
    private var isBrieflyShown: Bool {
        gtk_widget_get_root(widget).flatMap { DocumentWindow.key.get(raw($0)) }?.tabAdder.isRevealingSelection == true
    }

    // MARK: Showing the model

    private func showStatus() {
        if case .failed(let error) = document.state, model.shown == .error {
            if let old = gtk_stack_get_child_by_name(stack, DocumentModel.Shown.error.rawValue) { gtk_stack_remove(stack, old) }
            let page = StatusPages.error(error, fileName: document.displayName) { [weak model] in model?.unlock($0) }
            gtk_stack_add_named(stack, page, DocumentModel.Shown.error.rawValue)
        }
        if let note = model.note {
            noteSidebar.show(note.shown, alone: note.imagePath == nil)
        } else if hasNoteSidebar {
            noteSidebar.hide()
        }
        // A note package without an image: the note takes the whole tab.
        gtk_widget_set_visible(stack.widget, model.shown == .noteOnly ? 0 : 1)
        guard model.shown != .noteOnly, visiblePage != model.shown.rawValue else { return }
        gtk_stack_set_visible_child_name(stack, model.shown.rawValue)
        if model.shown == .image { focusCanvasIfShown() }
    }

    private func showProgress() {
        if let progress = model.progress { loadingBar.start(following: progress) } else { loadingBar.stop() }
    }

    private func showBanner() {
        if let text = model.banner { fileBanner.show(text) } else { fileBanner.hide() }
    }

    /// A freshly shown image takes the keyboard focus (arrow keys scroll it). Otherwise GTK
    /// leaves it on the first focusable widget, which could be the slider, and focus on the
    /// slider holds the overlay open (BEHAVIOUR D2). Background tabs leave focus alone.
    private func focusCanvasIfShown() {
        if gtk_widget_get_mapped(pages.keyTarget) != 0 {
            gtk_widget_grab_focus(pages.keyTarget)
        } else {
            focusWhenMapped = true // shown before its window (the decode begun at start-up)
        }
    }

    /// Shows the edit under way, with how Save will write it.
    func showEdit() {
        let session = model.editing
        let facts = model.edits.jpeg
        var note = ""
        var snaps = false
        if session != nil, case .cannot(let reason) = SaveAbility.of(model) {
            note = reason // why Save will not be there, before the edit is made
        } else if let session, case .writes(let format) = SaveAbility.of(model) {
            let edit = SaveEdits.pendingEdit(of: model)
            switch format {
            case .png: note = tr("Save keeps it a PNG, losslessly")
            case .webpLossless: note = tr("Save keeps it a lossless WebP")
            case .jpeg:
                if let facts, facts.isLossless(edit) {
                    note = tr("Save cuts and turns the JPEG without recompressing it")
                } else if let facts {
                    snaps = model.unsaved == nil && !session.box.isWhole && !facts.isOnGrid(session.box.rect, transform: session.transform)
                    note = tr(
                        "Save recompresses the JPEG at its quality, %s",
                        facts.quality.map(String.init) ?? "\(SavedFormat.defaultJPEGQuality)")
                }
            }
        }
        if session != nil || hasEditBar { editBar.show(session, note: note, snaps: snaps) }
        // Room around the picture: the bar above it, and the handles at its edges within reach.
        let inset: (top: Int32, side: Int32) = session == nil ? (0, 0) : (84, 28)
        // The canvas scrolls itself: its parent is the scrolled window.
        guard let scroller = gtk_widget_get_parent(canvas.widget) else { return }
        if gtk_widget_get_margin_top(scroller) != inset.top {
            gtk_widget_set_margin_top(scroller, inset.top)
            for set in [gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
                set(scroller, inset.side)
            }
        }
        gtk_widget_queue_draw(canvas.widget)
    }

    /// Shows markup mode (the bar, the tool chosen).
    func showMarkup() { markupControls.show() }

    /// What floats over the tab, above the image.
    private struct Floating {
        let loadingBar = LoadingBar()
        let fileBanner = FileBanner()
    }

    private var loadingBar: LoadingBar { floating.loadingBar }
    var fileBanner: FileBanner { floating.fileBanner }

    private struct Occasional {
        var noteSidebar: NoteSidebar?
        var editBar: EditBar?
    }

    /// A note package's text beside its image (BEHAVIOUR A8).
    var noteSidebar: NoteSidebar {
        if let made = occasional.noteSidebar { return made }
        let sidebar = NoteSidebar()
        // Beside the image, in the box that holds the stack.
        if let body = gtk_widget_get_parent(stack.widget) { gtk_box_append(cast(body), sidebar.widget) }
        occasional.noteSidebar = sidebar
        return sidebar
    }
    var hasNoteSidebar: Bool { occasional.noteSidebar != nil }
    var isShowingNote: Bool { occasional.noteSidebar?.isShown ?? false }

    /// Edit mode's controls over the top of the image (BEHAVIOUR D7), above what floats.
    var editBar: EditBar {
        if let made = occasional.editBar { return made }
        let bar = EditBar()
        gtk_overlay_add_overlay(root, bar.widget)
        bar.onAspect = { [weak model] aspect, portrait in model?.changeEdit { $0.box.setAspect(aspect, portrait: portrait) } }
        occasional.editBar = bar
        return bar
    }
    var hasEditBar: Bool { occasional.editBar != nil }

    var isShowingLoadingBar: Bool { loadingBar.isShowing }
    var loadingBarWidget: UnsafeMutablePointer<GtkWidget> { loadingBar.widget }
    var visiblePage: String { string(gtk_stack_get_visible_child_name(stack)) ?? "" }
    var errorPage: UnsafeMutablePointer<GtkWidget>? { gtk_stack_get_child_by_name(stack, DocumentModel.Shown.error.rawValue) }

    // MARK: DocumentViewer

    var isOnScreen: Bool { gtk_widget_get_mapped(widget) != 0 && !isBrieflyShown }
    var showsContinuousPages: Bool { pages.isContinuous }
    var viewport: (size: Size, pixelsPerPoint: Double) { (canvas.viewportSize, canvas.pixelsPerPoint) }
    var deviceScale: Double? { model.view.zoom.map { $0.deviceScale($0.scale) } }
    var restingImageRect: PixelRect? { canvas.restingImageRect }
    func afterNextFrame(_ work: @escaping @MainActor () -> Void) { canvas.afterNextFrame(work) }
    func linkedView(hue: Double) -> LinkedView? { canvas.linkedView(hue: hue) }
    func follow(_ linked: LinkedView) { canvas.follow(linked) }

    // MARK: Input

    /// A right-click on the image opens its context menu where the pointer is; a
    /// double-click toggles fullscreen (BEHAVIOUR F2).
    private func installInput() {
        let double = gtk_gesture_click_new()!
        onSignal(raw(double), "pressed") { [weak self] (presses: Int32, x: Double, y: Double) in
            // In markup mode a double-click on a sticky note opens it for typing.
            guard let self, presses == 2, !self.markupControls.editNote(at: Point(x: x, y: y)) else { return }
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
}
