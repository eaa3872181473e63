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
    private let content: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    let zoomToolbar = ZoomToolbar()
    /// The application that owns this window and its TabSession.
    weak var owner: IroApplication?
    var lastSelected: DocumentView?
    /// The GtkDropTarget that takes dropped files (owned by the window).
    var dropTarget: OpaquePointer?
    /// The header's previous and next image buttons.
    let stepButtons = StepButtons()

    static let key = StateKey<DocumentWindow>("iro-document-window")

    init(id: WindowID, owner: IroApplication) {
        self.id = id
        self.owner = owner
        window = cast(gtk_application_window_new(cast(owner.application)))
        gtk_window_set_default_size(window, 1000, 720)
        gtk_window_set_title(window, "Iro")
        actions = ActionGroup(map: raw(window))

        let header: UnsafeMutablePointer<AdwHeaderBar> = cast(adw_header_bar_new())
        adw_header_bar_set_title_widget(header, windowTitle.widget)
        let open = gtk_button_new_from_icon_name("document-open-symbolic")!
        setAction(open, "app.open")
        gtk_widget_set_tooltip_text(open, "Open… (Ctrl+O)")
        iro_accessible_set_label(open, "Open")
        adw_header_bar_pack_start(header, open)
        adw_header_bar_pack_start(header, stepButtons.widget)
        adw_header_bar_pack_end(header, PrimaryMenu.button())
        adw_header_bar_pack_end(header, zoomToolbar.percentage)
        adw_header_bar_pack_end(header, zoomToolbar.widget)
        gtk_window_set_titlebar(window, header.widget)

        adw_tab_bar_set_view(tabBar, tabView)
        adw_tab_bar_set_autohide(tabBar, 1) // only with two or more tabs (BEHAVIOUR B5)
        let tabs: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(tabs, tabBar.widget)
        gtk_box_append(tabs, tabView.widget)
        gtk_widget_set_vexpand(tabView.widget, 1)

        gtk_stack_add_named(content, StatusPages.start(), "start")
        gtk_stack_add_named(content, tabs.widget, "tabs")
        gtk_window_set_child(window, content.widget)

        Self.key.attach(self, to: raw(window))
        installActions()
        installTabActions()
        installViewActions()
        installBrowsing()
        connectTabView()
        installDropTarget()
        onNotify(raw(window), "is-active") { [weak self] in
            guard let self, gtk_window_is_active(self.window) != 0 else { return }
            self.owner?.session.activateWindow(self.id)
        }
        onSignal(raw(window), "destroy") { [weak self] in
            guard let self else { return }
            self.owner?.windowDestroyed(self)
        }
        update()
    }

    func present() { gtk_window_present(window) }

    func close() { gtk_window_destroy(window) }

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
        gtk_stack_set_visible_child_name(content, pageCount > 0 ? "tabs" : "start")
        let view = selectedView
        let title = view?.document.displayName ?? "Iro"
        gtk_window_set_title(window, title)
        adw_window_title_set_title(windowTitle, title)
        adw_window_title_set_subtitle(windowTitle, view?.folderPosition ?? "")
        let zoom = view?.canvas.zoom
        zoomToolbar.show(zoom == nil ? nil : view?.canvas.zoom?.scale)
        gtk_widget_set_visible(zoomToolbar.widget, zoom == nil ? 0 : 1)
        gtk_widget_set_visible(zoomToolbar.percentage, zoom == nil ? 0 : 1)
        actions.setEnabled("zoom-in", zoom?.canZoomIn ?? false)
        actions.setEnabled("zoom-out", zoom?.canZoomOut ?? false)
        actions.setEnabled("zoom-reset", zoom.map { !$0.isNatural } ?? false)
        actions.setEnabled("best-fit", zoom != nil)
        actions.setEnabled("close-tab", pageCount > 0)
        actions.setEnabled("move-tab-to-new-window", pageCount > 1)
        actions.setEnabled("next-tab", pageCount > 1)
        actions.setEnabled("previous-tab", pageCount > 1)
        updateViewActions()
        updateBrowsing()
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
        actions.add("zoom-in") { [weak self] in self?.selectedView?.canvas.zoomIn() }
        actions.add("zoom-out") { [weak self] in self?.selectedView?.canvas.zoomOut() }
        actions.add("zoom-reset") { [weak self] in self?.selectedView?.canvas.resetZoom() }
        actions.add("best-fit") { [weak self] in self?.selectedView?.canvas.toggleBestFit() }
        actions.add("reset-hue") { [weak self] in self?.selectedView?.resetHue() }
        actions.add("export-copy") { [weak self] in self.map { ExportAdjustedCopy.begin(in: $0) } }
    }
}
