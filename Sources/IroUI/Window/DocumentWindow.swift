import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// A window of tabs (BEHAVIOUR B1–B5): AdwTabBar over AdwTabView, a header bar with the zoom
/// toolbar and the primary menu, and a start page when it is empty.
///
/// The window keeps its chrome and its tabs; it follows the selected tab's `DocumentModel`
/// in one place, `selection` (a `FollowGroup`, switched when the selected tab changes), which
/// binds the title and runs each feature's observers. Each feature is a controller that owns
/// its state: `fullscreen`, `presenting`, `comparing`, `fileActions`, `properties`,
/// `browsing`, and for the tabs `tabAdder` and `tabMenu`. `+Tabs` makes and follows the tabs
/// (AdwTabView is their one record), `+Link` shows linked tabs, `+Drop` takes dropped files.
final class DocumentWindow {
    let id: WindowID
    let window: UnsafeMutablePointer<GtkWindow>
    let tabView: UnsafeMutablePointer<AdwTabView> = cast(adw_tab_view_new())
    let tabBar: UnsafeMutablePointer<AdwTabBar> = cast(adw_tab_bar_new())
    let actions: ActionGroup
    /// The header bar and its title, zoom toolbar and primary menu.
    let header = WindowHeader()
    /// The start page, the tabs, or a comparison.
    let content: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    /// The window's child: the header, tabs and content, and in fullscreen the chrome over them.
    let root: UnsafeMutablePointer<GtkOverlay> = cast(gtk_overlay_new())
    /// Brief messages with an action (“moved to the trash”, Undo).
    let toasts = Toasts()
    /// The application that owns this window.
    weak var owner: IroApplication?
    /// The selected tab's model, followed: its title in the header, and every feature's observers.
    let selection = FollowGroup(type: DocumentModel.observableType)
    /// The model `selection` follows (the one that was selected, when the selection changes).
    private(set) weak var followed: DocumentModel?
    private(set) var fullscreen: Fullscreen!
    private(set) var presenting: Presenting!
    private(set) var comparing: Comparing!
    private(set) var fileActions: FileActions!
    private(set) var properties: PropertiesController!
    private(set) var browsing: Browsing!
    private(set) var tabAdder: TabAdder!
    private(set) var tabMenu: TabMenu!

    static let key = StateKey<DocumentWindow>("iro-document-window")

    init(id: WindowID, owner: IroApplication) {
        self.id = id
        self.owner = owner
        // libadwaita's window: the header bar is part of the content, so it can move over
        // the image in fullscreen.
        window = cast(adw_application_window_new(cast(owner.application)))
        // The size the last window had (BEHAVIOUR E4).
        let geometry = WindowStateStore.load()
        gtk_window_set_default_size(window, Int32(geometry.width), Int32(geometry.height))
        if geometry.maximized { gtk_window_maximize(window) }
        gtk_window_set_title(window, "Iro")
        actions = ActionGroup(map: raw(window))
        adw_tab_bar_set_view(tabBar, tabView)
        adw_tab_bar_set_autohide(tabBar, 1) // only with two or more tabs (BEHAVIOUR B5)
        Self.revealAtOnce(tabBar)
        // The header bar and the tab bar: above the content, or over it in fullscreen.
        let chrome: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(chrome, header.widget)
        gtk_box_append(chrome, tabBar.widget)
        gtk_widget_set_vexpand(content.widget, 1)
        gtk_stack_add_named(content, tabView.widget, "tabs")
        // The tabs over the folder's strip, and beside them the sidebars and panels.
        let body: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        let column: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_widget_set_hexpand(column.widget, 1)
        gtk_box_append(column, content.widget)
        gtk_box_append(body, column.widget)
        let frame: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(frame, chrome.widget)
        gtk_box_append(frame, body.widget)
        gtk_overlay_set_child(root, frame.widget)
        adw_toast_overlay_set_child(toasts.overlay, root.widget)
        adw_application_window_set_content(cast(window), toasts.widget)

        Self.key.attach(self, to: raw(window))
        installActions()
        installTabActions()
        comparing = Comparing(self)
        tabMenu = TabMenu(self)
        installLinkActions()
        browsing = Browsing(self)
        presenting = Presenting(self)
        installViewActions()
        fileActions = FileActions(self)
        EditCommands.install(in: self)
        MarkupCommands.install(in: self)
        properties = PropertiesController(self, beside: body, shown: geometry.showsProperties)
        fullscreen = Fullscreen(self, chrome: chrome, frame: frame)
        tabAdder = TabAdder(self)
        followSelection()
        connectTabView()
        installDropTarget()
        onNotify(raw(window), "is-active") { [weak self] in
            guard let self, gtk_window_is_active(self.window) != 0 else { return }
            self.owner?.windowOrder.activate(self.id)
        }
        onSignalReturningBool(raw(window), "close-request") { [weak self] in
            guard let self else { return false }
            // Unsaved edits are asked about first, a tab at a time (BEHAVIOUR D7).
            if let unsaved = self.models.first(where: UnsavedEditsDialog.hasChanges), let page = self.page(of: unsaved) {
                adw_tab_view_set_selected_page(self.tabView, page)
                UnsavedEditsDialog.ask(about: unsaved, in: self) { [weak self] proceed in
                    if proceed, let self { gtk_window_close(self.window) }
                }
                return true
            }
            self.rememberGeometry()
            return false // and close
        }
        onSignal(raw(window), "destroy") { [weak self] in
            guard let self else { return }
            self.tabAdder.cancel()
            self.presenting.windowClosing()
            self.owner?.windowDestroyed(self)
        }
        selection.follow(nil)
        StartupTrace.follow(self)
    }

    func present() {
        // A window opened with nothing in it shows its start page (`contentChanged`).
        if pageCount == 0 { contentChanged() }
        gtk_window_present(window)
    }

    func close() {
        rememberGeometry()
        gtk_window_destroy(window)
    }

    /// Keeps this window's size for the next one (its size before maximizing or
    /// fullscreen, which GTK keeps as the default size, and whether it is maximized).
    func rememberGeometry() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        WindowStateStore.save(
            WindowGeometry(
                width: Int(width), height: Int(height), maximized: gtk_window_is_maximized(window) != 0,
                showsProperties: properties.isRevealed))
    }

    /// The column of the content, under which the folder's strip goes (BEHAVIOUR H1).
    var contentColumn: UnsafeMutablePointer<GtkBox>? { gtk_widget_get_parent(content.widget).map { cast($0) } }
    /// The row of the content's column, with the sidebars and panels beside it.
    var body: UnsafeMutablePointer<GtkBox>? { contentColumn.flatMap { gtk_widget_get_parent($0.widget) }.map { cast($0) } }

    var isShowingStartPage: Bool {
        gtk_stack_get_visible_child_name(content).flatMap(string) == "start"
    }

    /// The start page's Open button (for tests and focus).
    var startPageOpenButton: UnsafeMutablePointer<GtkWidget>? {
        gtk_stack_get_child_by_name(content, "start").flatMap { adw_status_page_get_child(cast($0)) }
    }

    // MARK: Following the selected tab

    /// The header's title follows the selected model's name and folder position; the window's
    /// own observers follow its animation and levels.
    private func followSelection() {
        selection.bind(DocumentModel.Property.title, to: raw(window), "title")
        selection.bind(DocumentModel.Property.title, to: raw(header.title), "title")
        selection.bind(DocumentModel.Property.folderPosition, to: raw(header.title), "subtitle")
        selection.observe([DocumentModel.Property.animated]) { [weak self] in
            self?.actions.setEnabled("play-pause", self?.selectedModel?.player != nil)
        }
        // Not the levels themselves: an animation's every frame would run it.
        selection.observe([DocumentModel.Property.status, DocumentModel.Property.complete, DocumentModel.Property.zoom]) {
            [weak self] in self?.zoomChanged()
        }
    }

    /// Follows the selected tab's model (nil: none), and shows what follows from it.
    func selectedModelChanged() {
        let model = selectedModel
        guard model !== followed || model == nil else { return }
        followed = model
        if model == nil {
            gtk_window_set_title(window, "Iro")
            adw_window_title_set_title(header.title, "Iro")
            adw_window_title_set_subtitle(header.title, "")
        }
        selection.follow(model?.observable)
    }

    /// The zoom toolbar and the view commands follow the active canvas's zoom.
    func zoomChanged() {
        let zoom = zoomTarget?.zoom
        header.zoomToolbar.show(percent: zoom?.percent)
        gtk_widget_set_visible(header.zoomToolbar.widget, zoom == nil ? 0 : 1)
        gtk_widget_set_visible(header.zoomToolbar.percentage, zoom == nil ? 0 : 1)
        actions.setEnabled("zoom-in", zoom?.canZoomIn ?? false)
        actions.setEnabled("zoom-out", zoom?.canZoomOut ?? false)
        actions.setEnabled("zoom-reset", zoom.map { !$0.isNatural } ?? false)
        actions.setEnabled("best-fit", zoom != nil)
        actions.setEnabled("zoom-200", zoom.map { $0.doubleSizeTarget() != $0.scale } ?? false)
        actions.setEnabled("zoom-fit", zoom.map { $0.mode != .bestFit } ?? false)
        actions.setEnabled("fit-width", zoom.map { abs($0.fitWidthTarget() - $0.scale) > 1e-9 } ?? false)
        actions.setEnabled("fit-page", zoom.map { abs($0.fitPageTarget() - $0.scale) > 1e-9 } ?? false)
        updateViewActions()
    }

    /// Which page the content shows, and what depends on how many tabs there are.
    func contentChanged() {
        let overview = browsing.folderViews.isOverviewShown
        let page = comparing.isActive ? "compare" : pageCount == 0 ? "start" : overview ? "overview" : "tabs"
        // The start page is made the first time it shows: a window opened on files never
        // needs it, and styling and measuring it (a stack measures every page) was about
        // 10 ms of the first launch's path to its first frame (docs/PERFORMANCE.md).
        if page == "start", gtk_stack_get_child_by_name(content, page) == nil { gtk_stack_add_named(content, StatusPages.start(), page) }
        gtk_stack_set_visible_child_name(content, page)
        actions.setEnabled("reload", pageCount > 0)
        actions.setEnabled("close-tab", pageCount > 0)
        actions.setEnabled("move-tab-to-new-window", pageCount > 1)
        actions.setEnabled("next-tab", pageCount > 1)
        actions.setEnabled("previous-tab", pageCount > 1)
        tabMenu.update()
        zoomChanged()
    }

    private func installActions() {
        header.onMenuMade = { [weak self] popover in
            onSignal(raw(popover), "show") { [weak self] in self?.explainDisabledItems(in: popover.widget, menu: PrimaryMenu.items) }
        }
        actions.add("close-tab") { [weak self] in self?.closeSelectedTab() }
        // Made when asked for and destroyed on close: a window built ahead and never shown
        // trips up GTK 4.8's accessibility code when a screen reader counts windows.
        actions.add("show-help-overlay") { [weak self] in
            guard let self else { return }
            let shortcuts = ShortcutsWindow.make()
            gtk_window_set_transient_for(shortcuts.window, self.window)
            gtk_window_present(shortcuts.window)
            g_object_unref(raw(shortcuts)) // GTK keeps toplevels alive while they are open
        }
        actions.add("zoom-in") { [weak self] in self?.zoomTarget?.zoomIn() }
        actions.add("zoom-out") { [weak self] in self?.zoomTarget?.zoomOut() }
        actions.add("zoom-reset") { [weak self] in self?.zoomTarget?.resetZoom() }
        actions.add("best-fit") { [weak self] in self?.zoomTarget?.toggleBestFit() }
        actions.add("zoom-200") { [weak self] in self?.zoomTarget?.zoomToDoubleSize() }
        actions.add("zoom-fit") { [weak self] in self?.zoomTarget?.zoomToFit() }
        actions.add("fit-width") { [weak self] in self?.zoomTarget?.zoomToFitWidth() }
        actions.add("fit-page") { [weak self] in self?.zoomTarget?.zoomToFitPage() }
        actions.add("reload") { [weak self] in
            guard let self, let model = self.selectedModel else { return }
            guard UnsavedEditsDialog.hasChanges(model) else { return model.reload() }
            UnsavedEditsDialog.ask(about: model, in: self) { [weak model] proceed in if proceed { model?.reload() } }
        }
        actions.add("play-pause", enabled: false) { [weak self] in self?.selectedModel?.player?.togglePause() }
        actions.add("show-context-menu") { [weak self] in
            guard let view = self?.selectedView, view.visiblePage == "image" else { return }
            view.contextMenu.open(at: nil, of: view.canvas.widget)
        }
        actions.add("reset-hue") { [weak self] in self?.selectedModel?.hue = HueControl.neutral }
    }
}

extension DocumentWindow {
    /// The tab bar appears and goes in one frame, not over libadwaita's 200 ms slide. A
    /// second tab (a second launch's file, say) then fits its image once: sliding, the bar
    /// shrank the view every frame, and a large photo was scaled again for each of them
    /// before the view settled (BEHAVIOUR A3). AdwTabBar 1.2 shows itself through a
    /// GtkRevealer, its first child; anything else there is left as it is.
    static func revealAtOnce(_ tabBar: UnsafeMutablePointer<AdwTabBar>) {
        guard let child = gtk_widget_get_first_child(tabBar.widget), isInstance(raw(child), of: gtk_revealer_get_type()) else { return }
        gtk_revealer_set_transition_duration(cast(child), 0)
    }
}
