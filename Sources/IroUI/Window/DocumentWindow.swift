import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// A window of tabs (BEHAVIOUR B1–B5): AdwTabBar over AdwTabView, a header bar with
/// the zoom toolbar and the primary menu, and a start page when it is empty.
///
/// Split by concern: `+Tabs` keeps the tabs and the application's TabSession in
/// step, `+Drop` takes dropped files, `ShortcutsWindow` lists the accelerators.
final class DocumentWindow {
    let id: WindowID
    let window: UnsafeMutablePointer<GtkWindow>
    let tabView: UnsafeMutablePointer<AdwTabView> = cast(adw_tab_view_new())
    let tabBar: UnsafeMutablePointer<AdwTabBar> = cast(adw_tab_bar_new())
    let actions: ActionGroup
    let windowTitle: UnsafeMutablePointer<AdwWindowTitle> = cast(adw_window_title_new("Iro", nil))
    let content: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    let header: UnsafeMutablePointer<AdwHeaderBar> = cast(adw_header_bar_new())
    /// The header bar and the tab bar: above the content, or over it in fullscreen.
    let chrome: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    /// The content with the chrome above it.
    let frame: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    /// The window's child: the frame, and in fullscreen the chrome sliding in over it.
    let root: UnsafeMutablePointer<GtkOverlay> = cast(gtk_overlay_new())
    /// Around everything: brief messages with an action (“moved to the trash”, Undo).
    let toasts: UnsafeMutablePointer<AdwToastOverlay> = cast(adw_toast_overlay_new())
    /// The last toast shown and its Undo, if it has one (tests look).
    var lastToast: (title: String, undo: (@MainActor () -> Void)?)?
    let fullscreenChrome: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    /// The primary menu's button (its menu open keeps the fullscreen chrome shown).
    let menuButton: UnsafeMutablePointer<GtkMenuButton> = cast(PrimaryMenu.button())
    /// Hides the pointer after it rested in fullscreen.
    var pointerTimer: SourceID?
    /// Shown in the header in fullscreen only.
    let leaveFullscreenButton = gtk_button_new_from_icon_name("view-restore-symbolic")!
    let zoomToolbar = ZoomToolbar()
    /// The Image Properties side panel and the header button that shows it.
    let properties = PropertiesPanel()
    let propertiesButton: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new()
    /// The application that owns this window and its TabSession.
    weak var owner: IroApplication?
    var lastSelected: DocumentView?
    /// The GtkDropTarget that takes dropped files (owned by the window).
    var dropTarget: OpaquePointer?
    /// The header's previous and next image buttons.
    let stepButtons = StepButtons()
    /// `revealSelectedTab` is moving the selection away and back.
    var revealingSelection = false
    /// Files waiting for their tabs (`openAfterNextFrame`), and what adds them.
    var tabsToAdd: [RawPath] = []
    /// The tab whose context menu is open (`installTabMenu`).
    var menuPage: UnsafeMutablePointer<AdwTabPage>?
    var tabAdder: SourceID?
    var tabAdderPaint: (clock: UnsafeMutableRawPointer, handler: SignalHandlerID)?
    var tabAdderFallback: SourceID?
    /// Compares a tab dragged onto the side of the image area (`+Compare`).
    var tabDropZone: TabDropZone?
    /// The image full screen on another monitor, while presenting (`+Present`).
    var presentation: PresentationWindow?
    /// The header's "Presenting on …" and its Stop button.
    let presentingIndicator: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    let presentingLabel: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    /// Tabs side by side, while the user compares them (`+Compare`).
    var comparison: CompareView?
    /// The Compare With submenus' items: the window's tabs (`+Compare`).
    let compareTargets = g_menu_new()!
    let tabCompareTargets = g_menu_new()!
    /// The Present On submenu's items, with three monitors or more: the others (`+Present`).
    let presentTargets = g_menu_new()!

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

        adw_header_bar_set_title_widget(header, windowTitle.widget)
        let open = gtk_button_new_from_icon_name("document-open-symbolic")!
        setAction(open, "app.open")
        gtk_widget_set_tooltip_text(open, tr("Open… (Ctrl+O)"))
        iro_accessible_set_label(open, tr("Open"))
        adw_header_bar_pack_start(header, open)
        adw_header_bar_pack_start(header, stepButtons.widget)
        adw_header_bar_pack_end(header, menuButton.widget)
        if let popover = gtk_menu_button_get_popover(menuButton) {
            onSignal(raw(popover), "show") { [weak self] in self?.explainDisabledItems(in: popover.widget, menu: PrimaryMenu.items) }
        }
        gtk_button_set_icon_name(cast(propertiesButton), "document-properties-symbolic")
        setAction(propertiesButton, "win.properties")
        gtk_widget_set_tooltip_text(propertiesButton, tr("Image Properties (Alt+Return)"))
        iro_accessible_set_label(propertiesButton, tr("Image Properties"))
        adw_header_bar_pack_end(header, propertiesButton)
        adw_header_bar_pack_end(header, leaveFullscreenButton)
        adw_header_bar_pack_end(header, zoomToolbar.percentage)
        adw_header_bar_pack_end(header, zoomToolbar.widget)
        adw_tab_bar_set_view(tabBar, tabView)
        adw_tab_bar_set_autohide(tabBar, 1) // only with two or more tabs (BEHAVIOUR B5)
        gtk_box_append(chrome, header.widget)
        gtk_box_append(chrome, tabBar.widget)

        gtk_widget_set_vexpand(content.widget, 1)
        gtk_stack_add_named(content, StatusPages.start(), "start")
        gtk_stack_add_named(content, tabView.widget, "tabs")
        // The tabs, and beside them the properties panel.
        let body: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_set_hexpand(content.widget, 1)
        gtk_box_append(body, content.widget)
        gtk_box_append(body, properties.widget)
        gtk_box_append(frame, chrome.widget)
        gtk_box_append(frame, body.widget)
        gtk_overlay_set_child(root, frame.widget)
        adw_toast_overlay_set_child(toasts, root.widget)
        adw_application_window_set_content(cast(window), toasts.widget)

        Self.key.attach(self, to: raw(window))
        installActions()
        installTabActions()
        installTabMenu()
        installLinkActions()
        installCompare()
        installPresent()
        installViewActions()
        installFileActions()
        installProperties(shown: geometry.showsProperties)
        installBrowsing()
        installFullscreen()
        connectTabView()
        installDropTarget()
        onNotify(raw(window), "is-active") { [weak self] in
            guard let self, gtk_window_is_active(self.window) != 0 else { return }
            self.owner?.session.activateWindow(self.id)
        }
        onSignalReturningBool(raw(window), "close-request") { [weak self] in
            self?.rememberGeometry()
            return false // and close
        }
        onSignal(raw(window), "destroy") { [weak self] in
            guard let self else { return }
            self.tabAdder?.cancel()
            self.tabAdderFallback?.cancel()
            // Its presentation goes with it (no update of a window being torn down).
            self.presentation?.close()
            self.presentation = nil
            self.owner?.windowDestroyed(self)
        }
        update()
        StartupTrace.follow(self)
    }

    func present() { gtk_window_present(window) }

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

    var isShowingStartPage: Bool {
        gtk_stack_get_visible_child_name(content).flatMap(string) == "start"
    }

    /// The start page's Open button (for tests and focus).
    var startPageOpenButton: UnsafeMutablePointer<GtkWidget>? {
        gtk_stack_get_child_by_name(content, "start").flatMap { adw_status_page_get_child(cast($0)) }
    }

    // MARK: State shown in the header bar

    /// Title, zoom toolbar and action sensitivity follow the selected tab.
    func update() {
        gtk_stack_set_visible_child_name(content, isComparing ? "compare" : pageCount > 0 ? "tabs" : "start")
        updateTabMenu()
        let view = selectedView
        let title = view?.document.displayName ?? "Iro"
        gtk_window_set_title(window, title)
        adw_window_title_set_title(windowTitle, title)
        adw_window_title_set_subtitle(windowTitle, view?.folderPosition ?? "")
        let zoom = activeCanvas?.zoom
        zoomToolbar.show(percent: zoom?.percent)
        gtk_widget_set_visible(zoomToolbar.widget, zoom == nil ? 0 : 1)
        gtk_widget_set_visible(zoomToolbar.percentage, zoom == nil ? 0 : 1)
        actions.setEnabled("zoom-in", zoom?.canZoomIn ?? false)
        actions.setEnabled("zoom-out", zoom?.canZoomOut ?? false)
        actions.setEnabled("zoom-reset", zoom.map { !$0.isNatural } ?? false)
        actions.setEnabled("best-fit", zoom != nil)
        actions.setEnabled("zoom-200", zoom.map { $0.doubleSizeTarget() != $0.scale } ?? false)
        actions.setEnabled("zoom-fit", zoom.map { $0.mode != .bestFit } ?? false)
        actions.setEnabled("reload", view != nil)
        actions.setEnabled("play-pause", view?.player != nil)
        actions.setEnabled("close-tab", pageCount > 0)
        actions.setEnabled("move-tab-to-new-window", pageCount > 1)
        actions.setEnabled("next-tab", pageCount > 1)
        actions.setEnabled("previous-tab", pageCount > 1)
        updateViewActions()
        updatePresenting()
        updateFileActions()
        updateBrowsing()
        properties.show(view)
    }

    private func installActions() {
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
        actions.add("zoom-in") { [weak self] in self?.activeCanvas?.zoomIn() }
        actions.add("zoom-out") { [weak self] in self?.activeCanvas?.zoomOut() }
        actions.add("zoom-reset") { [weak self] in self?.activeCanvas?.resetZoom() }
        actions.add("best-fit") { [weak self] in self?.activeCanvas?.toggleBestFit() }
        actions.add("zoom-200") { [weak self] in self?.activeCanvas?.zoomToDoubleSize() }
        actions.add("zoom-fit") { [weak self] in self?.activeCanvas?.zoomToFit() }
        actions.add("reload") { [weak self] in self?.selectedView?.reload() }
        actions.add("play-pause") { [weak self] in self?.selectedView?.player?.togglePause() }
        actions.add("show-context-menu") { [weak self] in
            guard let view = self?.selectedView, view.visiblePage == "image" else { return }
            view.contextMenu.open(at: nil, of: view.canvas.widget)
        }
        actions.add("reset-hue") { [weak self] in self?.selectedView?.resetHue() }
        actions.add("export-copy") { [weak self] in self.map { ExportAdjustedCopy.begin(in: $0) } }
    }
}
