import CGtk
import GtkSupport
import IroCore

/// Comparing tabs side by side (BEHAVIOUR F6), one window's: "Compare With" in the image's
/// and the tab's menus lists the window's other tabs; choosing one, or dragging a tab onto
/// the side of the image area (`TabDropZone`), shows both in a `CompareView` in place of the
/// tabs, a third and fourth join it the same way. Esc, or closing panes down to one, shows
/// the tabs again.
final class Comparing {
    private unowned let window: DocumentWindow
    /// Tabs side by side, while the user compares them.
    private(set) var view: CompareView?
    /// The Compare With submenus' items: the window's other tabs.
    let targets = g_menu_new()!
    let tabTargets = g_menu_new()!
    /// Compares a tab dragged onto the side of the image area.
    let dropZone: TabDropZone

    init(_ window: DocumentWindow) {
        self.window = window
        dropZone = TabDropZone(over: window.tabView, tabBar: window.tabBar.widget, in: window.root)
        let actions = window.actions
        actions.addInt("compare-with") { [weak self] position in
            guard let self, let model = self.window.selectedModel else { return }
            self.compare(model, with: Int(position))
        }
        actions.addInt("tab-compare-with") { [weak self] position in
            guard let self, let model = self.window.tabMenu.targetModel else { return }
            self.compare(model, with: Int(position))
        }
        actions.add("end-compare", enabled: false) { [weak self] in self?.end() }
        dropZone.selectedView = { [weak window] in window?.selectedView }
        dropZone.select = { [weak window] view in
            if let window, let page = window.page(of: view) { adw_tab_view_set_selected_page(window.tabView, page) }
        }
        dropZone.onCompare = { [weak self] first, second in self?.compare(first.model, second.model) }
        // The image's menu lists the tabs other than the one shown.
        window.selection.observe([]) { [weak self] in self?.updateTargets() }
    }

    var isActive: Bool { view != nil }

    /// Shows `model` and the tab at `position` side by side (or adds that tab to the panes).
    func compare(_ model: DocumentModel, with position: Int) {
        let pages = window.pages
        guard pages.indices.contains(position), let other = DocumentWindow.view(of: pages[position])?.model else { return }
        compare(model, other)
    }

    /// Shows `model` and `other` side by side, in that order (or adds them to the panes).
    func compare(_ model: DocumentModel, _ other: DocumentModel) {
        guard other !== model, window.page(of: model) != nil, window.page(of: other) != nil else { return }
        let comparison = view ?? start()
        comparison.add(model)
        comparison.add(other)
        window.contentChanged()
        window.presenting.activeCanvasChanged()
    }

    private func start() -> CompareView {
        let comparison = CompareView(hue: window.selectedModel?.hue ?? HueControl.neutral)
        comparison.onEnd = { [weak self] in self?.end() }
        comparison.onZoomChanged = { [weak self] in
            self?.window.zoomChanged()
            self?.window.presenting.activeCanvasChanged()
        }
        let escape = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(escape, GTK_PHASE_CAPTURE)
        onKeyPressed(raw(escape)) { [weak self] key, _, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            self?.end()
            return true
        }
        gtk_widget_add_controller(comparison.widget, escape)
        gtk_stack_add_named(window.content, comparison.widget, "compare")
        gtk_stack_set_visible_child_name(window.content, "compare")
        view = comparison
        window.actions.setEnabled("end-compare", true)
        return comparison
    }

    /// Back to the tabs, as they were.
    func end() {
        guard let comparison = view else { return }
        view = nil
        comparison.closeAll()
        window.actions.setEnabled("end-compare", false)
        gtk_stack_remove(window.content, comparison.widget)
        window.contentChanged()
        if let tab = window.selectedView { gtk_widget_grab_focus(tab.canvas.widget) }
        window.presenting.activeCanvasChanged()
    }

    /// A tab left the window (closed, dragged away): its pane goes; the drop zone notes it.
    func pageDetached(_ page: UnsafeMutablePointer<AdwTabPage>, showing model: DocumentModel, at position: Int) {
        view?.remove(model)
        dropZone.pageDetached(page, at: position)
    }

    func pageAttached(_ page: UnsafeMutablePointer<AdwTabPage>) { dropZone.pageAttached(page) }

    /// The Compare With submenus list the window's other tabs by name: every tab but the one
    /// shown in the image's menu, every tab but the one the menu opened on in the tab's.
    func updateTargets() {
        let pages = window.pages
        let names = pages.enumerated().map { (label: string(adw_tab_page_get_title($1)) ?? "", target: Int32($0)) }
        func others(than page: UnsafeMutablePointer<AdwTabPage>?) -> [(label: String, target: Int32)] {
            names.filter { pages[Int($0.target)] != page }
        }
        MenuSections.setItems(of: targets, to: others(than: adw_tab_view_get_selected_page(window.tabView)), action: "win.compare-with")
        MenuSections.setItems(of: tabTargets, to: others(than: window.tabMenu.target), action: "win.tab-compare-with")
    }
}
