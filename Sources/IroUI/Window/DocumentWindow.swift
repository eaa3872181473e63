import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// A window of tabs (SPEC B1–B5): AdwTabBar over AdwTabView, a header bar with
/// the zoom toolbar and the primary menu, and a start page when it is empty.
///
/// Split by concern: `+Tabs` keeps the tabs and the application's TabSession in
/// step, `+Drop` takes dropped files, `ShortcutsWindow` lists the accelerators.
final class DocumentWindow {
    let id: WindowID
    let window: UnsafeMutablePointer<GtkWidget>
    let tabView: OpaquePointer
    let tabBar: UnsafeMutablePointer<GtkWidget>
    let actions: ActionGroup
    private let windowTitle: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    let zoomToolbar = ZoomToolbar()
    /// The application that owns this window and its TabSession.
    weak var owner: IroApplication?
    var lastSelected: DocumentView?
    /// The GtkDropTarget that takes dropped files (owned by the window).
    var dropTarget: OpaquePointer?

    static let key = StateKey<DocumentWindow>("iro-document-window")

    init(id: WindowID, owner: IroApplication) {
        self.id = id
        self.owner = owner
        window = gtk_application_window_new(gcast(raw(owner.application), gtk_application_get_type()))
        gtk_window_set_default_size(asWindow(window), 1000, 720)
        gtk_window_set_title(asWindow(window), "Iro")
        actions = ActionGroup(map: raw(window))

        let header = adw_header_bar_new()!
        windowTitle = adw_window_title_new("Iro", nil)
        adw_header_bar_set_title_widget(OpaquePointer(header), windowTitle)
        let open = gtk_button_new_from_icon_name("document-open-symbolic")!
        gtk_actionable_set_action_name(OpaquePointer(open), "app.open")
        gtk_widget_set_tooltip_text(open, "Open… (Ctrl+O)")
        iro_accessible_set_label(OpaquePointer(open), "Open")
        adw_header_bar_pack_start(OpaquePointer(header), open)
        adw_header_bar_pack_end(OpaquePointer(header), PrimaryMenu.button())
        adw_header_bar_pack_end(OpaquePointer(header), zoomToolbar.percentage)
        adw_header_bar_pack_end(OpaquePointer(header), zoomToolbar.widget)
        gtk_window_set_titlebar(asWindow(window), header)

        tabView = adw_tab_view_new()!
        let bar = adw_tab_bar_new()!
        tabBar = widget(bar)
        adw_tab_bar_set_view(bar, tabView)
        adw_tab_bar_set_autohide(bar, 1)       // only with two or more tabs (SPEC B5)
        let tabs = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(asBox(tabs), tabBar)
        gtk_box_append(asBox(tabs), widget(tabView))
        gtk_widget_set_vexpand(widget(tabView), 1)

        content = gtk_stack_new()!
        gtk_stack_add_named(OpaquePointer(content), StatusPages.start(), "start")
        gtk_stack_add_named(OpaquePointer(content), tabs, "tabs")
        gtk_window_set_child(asWindow(window), content)

        Self.key.attach(self, to: raw(window))
        installActions()
        installTabActions()
        installViewActions()
        connectTabView()
        installDropTarget()
        onNotify(raw(window), "is-active") { [weak self] in
            guard let self, gtk_window_is_active(asWindow(self.window)) != 0 else { return }
            self.owner?.session.activateWindow(self.id)
        }
        onSignal(raw(window), "destroy") { [weak self] in
            guard let self else { return }
            self.owner?.windowDestroyed(self)
        }
        update()
    }

    func present() { gtk_window_present(asWindow(window)) }

    func close() { gtk_window_destroy(asWindow(window)) }

    var isShowingStartPage: Bool {
        gtk_stack_get_visible_child_name(OpaquePointer(content)).flatMap(string) == "start"
    }

    /// The start page's Open button (for tests and focus).
    var startPageOpenButton: UnsafeMutablePointer<GtkWidget>? {
        gtk_stack_get_child_by_name(OpaquePointer(content), "start").flatMap { adw_status_page_get_child(OpaquePointer(raw($0))) }
    }

    // MARK: State shown in the header bar

    /// Title, zoom toolbar and action sensitivity follow the selected tab.
    func update() {
        gtk_stack_set_visible_child_name(OpaquePointer(content), pageCount > 0 ? "tabs" : "start")
        let view = selectedView
        let title = view?.document.displayName ?? "Iro"
        gtk_window_set_title(asWindow(window), title)
        adw_window_title_set_title(OpaquePointer(windowTitle), title)
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
    }

    private func installActions() {
        actions.add("close-tab") { [weak self] in self?.closeSelectedTab() }
        // Made when asked for and destroyed on close: a window built ahead and never shown
        // trips up GTK 4.8's accessibility code when a screen reader counts windows.
        actions.add("show-help-overlay") { [weak self] in
            guard let self else { return }
            let shortcuts = ShortcutsWindow.make()
            gtk_window_set_transient_for(gcast(raw(shortcuts), gtk_window_get_type()), asWindow(self.window))
            gtk_window_present(gcast(raw(shortcuts), gtk_window_get_type()))
            g_object_unref(raw(shortcuts))      // GTK keeps toplevels alive while they are open
        }
        actions.add("zoom-in") { [weak self] in self?.selectedView?.canvas.zoomIn() }
        actions.add("zoom-out") { [weak self] in self?.selectedView?.canvas.zoomOut() }
        actions.add("zoom-reset") { [weak self] in self?.selectedView?.canvas.resetZoom() }
        actions.add("best-fit") { [weak self] in self?.selectedView?.canvas.toggleBestFit() }
        actions.add("reset-hue") { [weak self] in self?.selectedView?.resetHue() }
        actions.add("export-copy") { [weak self] in self.map { ExportAdjustedCopy.begin(in: $0) } }
    }
}
