import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The views of the selected tab's whole folder in one window (BEHAVIOUR H1): the strip of
/// thumbnails under the image (T, a preference) and the grid overview that takes the image's
/// place (G). Both follow the selected tab's folder, listed and watched by its
/// `FolderBrowser`; they share the items and the thumbnails. Each is made the first time it
/// shows: a window that never shows them (most launches) does not pay for their widgets.
@MainActor
final class FolderViews {
    private unowned let window: DocumentWindow
    let items = FolderItems()
    let thumbnails = FolderThumbnails()
    /// The strip and the grid, once made.
    private(set) var madeStrip: FolderStrip?
    private(set) var madeOverview: FolderOverview?
    private(set) var slideshow: Slideshow!
    /// Whether the strip shows: a preference, and the last choice (BEHAVIOUR H4).
    private var stripWanted: Bool { Preferences.shared.stripShown }
    /// In fullscreen, whether the pointer came to the screen's bottom edge (and stays over
    /// the strip): the strip shows only then.
    private var pointerAtBottom = false
    /// How close to the screen's bottom edge the pointer calls the strip, in points.
    static let bottomEdge = 3.0
    /// The window's first frame is painted: the strip may show, and thumbnails be made, after
    /// it (at launch they would delay the image's first frame).
    private var windowPainted = false
    /// The folder change round whose files' thumbnails were dropped last.
    private var changesSeen: (folder: RawPath?, round: Int) = (nil, 0)

    init(_ window: DocumentWindow) {
        self.window = window
        thumbnails.onReady = { [weak self] path in
            self?.madeStrip?.cells.ready(path)
            self?.madeOverview?.cells.ready(path)
        }
        thumbnails.isShown = { [weak self] path in
            self?.madeStrip?.cells.shows(path) == true || self?.madeOverview?.cells.shows(path) == true
        }
        slideshow = Slideshow(window, items: items)
        afterFirstPaint(of: window.window.widget) { [weak self] in
            guard let self else { return }
            self.windowPainted = true
            self.thumbnails.start()
            self.showStrip()
        }
        window.actions.addToggle("thumbnail-strip", initial: Preferences.shared.stripShown) { on in
            Preferences.shared.setStripShown(on) // every window follows, this one too
        }
        Preferences.shared.observe(self) { [weak self] in
            guard let self else { return }
            self.window.actions.setState("thumbnail-strip", self.stripWanted)
            self.madeOverview?.showSort()
            self.window.selectedModel?.followFolderSort()
            self.update()
        }
        window.actions.addToggle("folder-overview", initial: false) { [weak self] on in self?.showOverview(on) }
        window.selection.observe([DocumentModel.Property.folder, DocumentModel.Property.status]) { [weak self] in self?.update() }
        onNotify(raw(window.window), "fullscreened") { [weak self] in
            self?.pointerAtBottom = false
            self?.showStrip()
        }
        let motion = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        onSignal(raw(motion), "motion") { [weak self] (_: Double, y: Double) in self?.pointerMoved(y: y) }
        gtk_widget_add_controller(window.window.widget, motion)
        // After the previous / next buttons (and the page indicator).
        window.header.packStart(Self.toggle("view-grid-symbolic", "win.folder-overview", tr("All Images of the Folder"), key: "G"))
        window.header.packStart(Self.toggle("iro-strip-symbolic", "win.thumbnail-strip", tr("Thumbnail Strip"), key: "T"))
        let show = gtk_button_new_from_icon_name("media-playback-start-symbolic")!
        setAction(show, "win.slideshow")
        gtk_widget_set_tooltip_text(show, tr("Slideshow (S)"))
        iro_accessible_set_label(show, tr("Slideshow"))
        window.header.packStart(show)
    }

    /// A header toggle for `action`, named `name`, its key in the tooltip.
    private static func toggle(_ icon: String, _ action: String, _ name: String, key: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cast(button), icon)
        setAction(button, action)
        gtk_widget_set_tooltip_text(button, "\(name) (\(key))")
        iro_accessible_set_label(button, name)
        return button
    }

    /// Whether the grid shows in place of the tabs.
    private(set) var isOverviewShown = false

    /// The strip, made (under the content) the first time it is wanted.
    var strip: FolderStrip {
        if let madeStrip { return madeStrip }
        let strip = FolderStrip(items: items, thumbnails: thumbnails)
        strip.onOpen = { [weak self] index in self?.open(index, closing: false) }
        window.contentColumn.map { gtk_box_append($0, strip.widget) }
        madeStrip = strip
        return strip
    }

    /// The grid, made (a page of the window's content) the first time it is shown.
    var overview: FolderOverview {
        if let madeOverview { return madeOverview }
        let overview = FolderOverview(items: items, thumbnails: thumbnails)
        overview.onSelect = { [weak self] index in self?.open(index, closing: false) }
        overview.onOpen = { [weak self] index in self?.open(index, closing: true) }
        overview.onClose = { [weak self] in self?.showOverview(false) }
        gtk_stack_add_named(window.content, overview.widget, "overview")
        madeOverview = overview
        return overview
    }

    /// The files selected in the grid when it shows several (the file actions that make
    /// sense for several act on them all); empty otherwise.
    var severalSelected: [RawPath] {
        guard isOverviewShown else { return [] }
        let paths = overview.selectedPositions.compactMap(items.path(at:))
        return paths.count > 1 ? paths : []
    }

    private var browser: FolderBrowser? { window.selectedModel?.folderBrowser }

    /// Follows the selected tab's folder: its files, its current image, what changed on disk.
    private func update() {
        window.selectedModel?.followFolderSort() // a tab listed before the order changed
        let browser = self.browser
        if let browser, browser.folder != changesSeen.folder || browser.lastChanges.round != changesSeen.round {
            if browser.folder == changesSeen.folder { thumbnails.forget(browser.lastChanges.names.map(browser.folder.appending)) }
            changesSeen = (browser.folder, browser.lastChanges.round)
        }
        let selectedNames = (isOverviewShown ? overview.selectedPositions : []).compactMap {
            items.entries.indices.contains($0) ? items.entries[$0].name : nil
        }
        items.follow(browser)
        let hasFolder = items.count > 0
        window.actions.setEnabled("folder-overview", hasFolder || isOverviewShown)
        showStrip()
        madeStrip?.follow()
        slideshow.update()
        if isOverviewShown {
            // Files came and went around the selection: it stays on its files (the tab's
            // image when none of them is left).
            let kept = selectedNames.compactMap(items.index(of:))
            if kept.isEmpty {
                if items.current != overview.selected { overview.select(items.current) }
            } else if kept != overview.selectedPositions {
                overview.select(positions: kept)
            }
            // Not while the folder is listed again (in another order): it comes back.
            if !hasFolder, browser?.isListed != false { showOverview(false) }
        }
    }

    /// Shows the grid in place of the image (or the image again), the current image selected.
    func showOverview(_ on: Bool) {
        guard on != isOverviewShown else { return }
        Trace.mark("folder overview \(on ? "opens" : "closes")")
        guard !on || items.count > 0 else { return window.actions.setState("folder-overview", false) }
        if on { _ = overview } // made before the content shows it
        isOverviewShown = on
        window.actions.setState("folder-overview", on)
        window.contentChanged()
        showStrip()
        if on {
            overview.select(items.current)
        } else if let view = window.selectedView {
            _ = gtk_widget_grab_focus(view.pages.keyTarget)
        }
    }

    /// The strip shows when wanted, for a folder, under the image (not the grid); in
    /// fullscreen only while the pointer is at the bottom edge.
    private func showStrip() {
        let fullscreen = gtk_window_is_fullscreen(window.window) != 0
        let shown = windowPainted && stripWanted && items.count > 0 && !isOverviewShown && (!fullscreen || pointerAtBottom)
        guard shown || madeStrip != nil else { return }
        if madeStrip == nil {
            strip.reveal(true)
            strip.follow()
        } else {
            strip.reveal(shown)
        }
    }

    private func pointerMoved(y: Double) {
        guard gtk_window_is_fullscreen(window.window) != 0 else { return }
        let height = Double(gtk_widget_get_height(window.window.widget))
        let over = madeStrip?.isRevealed == true ? Double(gtk_widget_get_height(strip.widget)) : Self.bottomEdge
        let atBottom = y >= height - over
        guard atBottom != pointerAtBottom else { return }
        pointerAtBottom = atBottom
        showStrip()
    }

    /// Shows the image at `index` in the selected tab (the grid's selection is the tab's
    /// image); `closing`: the grid closes, the image shown.
    private func open(_ index: Int, closing: Bool) {
        if items.entries.indices.contains(index) { window.selectedModel?.show(items.entries[index]) }
        if closing { showOverview(false) }
    }
}
