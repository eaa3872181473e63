import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore

/// A window of tabs (SPEC B1–B5): AdwTabBar over AdwTabView, a header bar with
/// the zoom toolbar and the primary menu, and a start page when it is empty.
final class DocumentWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let tabView: OpaquePointer
    let tabBar: UnsafeMutablePointer<GtkWidget>
    let actions: ActionGroup
    private let windowTitle: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    let zoomToolbar = ZoomToolbar()
    /// Called when the window is closed and gone (the application forgets it).
    var onClosed: (@MainActor (DocumentWindow) -> Void)?

    static let key = StateKey<DocumentWindow>("iro-document-window")

    init(application: UnsafeMutableRawPointer) {
        window = gtk_application_window_new(gcast(application, gtk_application_get_type()))
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
        onNotify(raw(tabView), "selected-page") { [weak self] in self?.selectionChanged() }
        onNotify(raw(tabView), "n-pages") { [weak self] in self?.pageCountChanged() }
        onSignal(raw(window), "destroy") { [weak self] in
            guard let self else { return }
            self.onClosed?(self)
        }
        update()
    }

    func present() { gtk_window_present(asWindow(window)) }

    // MARK: Tabs

    /// Adds a tab for `url` and starts loading it.
    @discardableResult
    func open(_ url: URL, select: Bool = true) -> DocumentView {
        let view = DocumentView(document: Document(url: url))
        let page = adw_tab_view_append(tabView, view.widget)!
        adw_tab_page_set_title(page, view.document.displayName)
        adw_tab_page_set_tooltip(page, StatusPages.escapeMarkup(view.document.fullPath))
        adw_tab_page_set_loading(page, 1)
        view.onStateChanged = { [weak self, weak view] in
            guard let self, let view else { return }
            if let page = self.page(of: view) { adw_tab_page_set_loading(page, 0) }
            if view === self.selectedView { self.update() }
        }
        view.canvas.onZoomChanged = { [weak self, weak view] in
            guard let self, let view, view === self.selectedView else { return }
            self.update()
        }
        if select { adw_tab_view_set_selected_page(tabView, page) }
        view.load()
        update()
        return view
    }

    var pageCount: Int { Int(adw_tab_view_get_n_pages(tabView)) }

    var views: [DocumentView] {
        (0..<adw_tab_view_get_n_pages(tabView)).compactMap { index in
            adw_tab_view_get_nth_page(tabView, index).flatMap { DocumentView.key.get(raw(adw_tab_page_get_child($0))) }
        }
    }

    var selectedView: DocumentView? {
        guard let page = adw_tab_view_get_selected_page(tabView) else { return nil }
        return DocumentView.key.get(raw(adw_tab_page_get_child(page)))
    }

    func page(of view: DocumentView) -> OpaquePointer? { adw_tab_view_get_page(tabView, view.widget) }

    func closeSelectedTab() {
        guard let page = adw_tab_view_get_selected_page(tabView) else { return }
        adw_tab_view_close_page(tabView, page)
    }

    private var lastSelected: DocumentView?

    private func selectionChanged() {
        lastSelected?.saveViewState()
        lastSelected = selectedView
        update()
    }

    private func pageCountChanged() {
        // The last tab closing (or moving away) closes the window (SPEC B2).
        if pageCount == 0, gtk_stack_get_visible_child_name(OpaquePointer(content)).flatMap(string) == "tabs" {
            gtk_window_destroy(asWindow(window))
            return
        }
        update()
    }

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
        actions.setEnabled("zoom-in", zoom?.canZoomIn ?? false)
        actions.setEnabled("zoom-out", zoom?.canZoomOut ?? false)
        actions.setEnabled("zoom-reset", zoom.map { !$0.isNatural } ?? false)
        actions.setEnabled("best-fit", zoom != nil)
        actions.setEnabled("close-tab", pageCount > 0)
    }

    private func installActions() {
        actions.add("close-tab") { [weak self] in self?.closeSelectedTab() }
        actions.add("zoom-in") { [weak self] in self?.selectedView?.canvas.zoomIn() }
        actions.add("zoom-out") { [weak self] in self?.selectedView?.canvas.zoomOut() }
        actions.add("zoom-reset") { [weak self] in self?.selectedView?.canvas.resetZoom() }
        actions.add("best-fit") { [weak self] in self?.selectedView?.canvas.toggleBestFit() }
    }
}
