import CGtk
import GtkSupport

/// Comparing tabs side by side (BEHAVIOUR F6): "Compare With" in the image's and the tab's
/// menus lists the window's other tabs; choosing one, or dragging a tab onto the side of
/// the image area (`TabDropZone`), shows both in a `CompareView` in place of the tabs, a
/// third and fourth join it the same way. Esc, or closing panes down to one, shows the
/// tabs again.
extension DocumentWindow {
    func installCompare() {
        actions.addInt("compare-with") { [weak self] position in
            guard let self, let view = self.selectedView else { return }
            self.compare(view, with: Int(position))
        }
        actions.addInt("tab-compare-with") { [weak self] position in
            guard let self, let page = self.menuTarget, let view = Self.view(of: page) else { return }
            self.compare(view, with: Int(position))
        }
        actions.add("end-compare") { [weak self] in self?.endComparison() }
        actions.setEnabled("end-compare", false)
        let zone = TabDropZone(over: tabView, tabBar: tabBar.widget, in: root)
        zone.selectedView = { [weak self] in self?.selectedView }
        zone.select = { [weak self] view in
            if let self, let page = self.page(of: view) { adw_tab_view_set_selected_page(self.tabView, page) }
        }
        zone.onCompare = { [weak self] first, second in self?.compare(first, second) }
        tabDropZone = zone
    }

    /// The canvas the zoom and rotation commands act on: the comparison's active pane, or
    /// the selected tab's.
    var activeCanvas: ImageCanvas? {
        if let comparison { return comparison.activePane?.canvas }
        return selectedView?.canvas
    }

    var isComparing: Bool { comparison != nil }

    /// Shows `view` and the tab at `position` side by side (or adds that tab to the panes).
    func compare(_ view: DocumentView, with position: Int) {
        guard position >= 0, position < pageCount, let other = Self.view(of: pages[position]) else { return }
        compare(view, other)
    }

    /// Shows `view` and `other` side by side, in that order (or adds them to the panes).
    func compare(_ view: DocumentView, _ other: DocumentView) {
        guard other !== view, page(of: view) != nil, page(of: other) != nil else { return }
        let comparison = self.comparison ?? startComparison()
        comparison.add(view)
        comparison.add(other)
        update()
    }

    private func startComparison() -> CompareView {
        let comparison = CompareView(hue: selectedView?.document.view.hue ?? HueControl.neutral)
        comparison.onEnd = { [weak self] in self?.endComparison() }
        comparison.onZoomChanged = { [weak self] in self?.update() }
        let escape = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(escape, GTK_PHASE_CAPTURE)
        onKeyPressed(raw(escape)) { [weak self] key, _, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            self?.endComparison()
            return true
        }
        gtk_widget_add_controller(comparison.widget, escape)
        gtk_stack_add_named(content, comparison.widget, "compare")
        gtk_stack_set_visible_child_name(content, "compare")
        self.comparison = comparison
        actions.setEnabled("end-compare", true)
        return comparison
    }

    /// Back to the tabs, as they were.
    func endComparison() {
        guard let comparison else { return }
        self.comparison = nil
        for pane in comparison.panes { pane.source.isCompared = false }
        actions.setEnabled("end-compare", false)
        gtk_stack_set_visible_child_name(content, pageCount > 0 ? "tabs" : "start")
        gtk_stack_remove(content, comparison.widget)
        if let view = selectedView { gtk_widget_grab_focus(view.canvas.widget) }
        update()
    }

    /// The Compare With submenus list every tab of the window by name (choosing the tab
    /// itself does nothing).
    func updateCompareTargets() {
        let names = pages.enumerated().map { (label: string(adw_tab_page_get_title($1)) ?? "", target: Int32($0)) }
        for (menu, action) in [(compareTargets, "win.compare-with"), (tabCompareTargets, "win.tab-compare-with")] {
            MenuSections.setItems(of: menu, to: names, action: action)
        }
    }
}
