import CGtk
import GtkSupport
import IroCore

/// Linking views from the window (BEHAVIOUR F6): "Link View" in the tab's and the image's
/// context menus, and the link icon on each linked tab, which unlinks it when clicked.
extension DocumentWindow {
    func installLinkActions() {
        actions.addToggle("tab-link-view", initial: false) { [weak self] on in
            guard let self, let page = self.menuTarget, let view = Self.view(of: page) else { return }
            view.setLinked(on)
        }
        actions.addToggle("link-view", initial: false) { [weak self] on in
            self?.selectedView?.setLinked(on)
        }
        onSignalWithPointer(raw(tabView), "indicator-activated") { page in
            guard let page, let view = Self.view(of: cast(page)) else { return }
            view.setLinked(false)
        }
    }

    /// Shows on `page` whether its view is linked.
    func showLink(of view: DocumentView, on page: UnsafeMutablePointer<AdwTabPage>) {
        let linked = view.isLinked
        guard (adw_tab_page_get_indicator_icon(page) != nil) != linked else { return }
        if linked {
            if let icon = g_themed_icon_new("iro-link-symbolic") {
                adw_tab_page_set_indicator_icon(page, icon)
                g_object_unref(raw(icon))
            }
            adw_tab_page_set_indicator_tooltip(
                page, tr("Linked view: zoom, position, rotation and hue follow the other linked tabs. Click to unlink."))
        } else {
            adw_tab_page_set_indicator_icon(page, nil)
            adw_tab_page_set_indicator_tooltip(page, "")
        }
        adw_tab_page_set_indicator_activatable(page, linked ? 1 : 0)
    }

    /// The menus' Link View items show the state of the tab they act on.
    func updateLinkActions() {
        actions.setState("link-view", selectedView?.isLinked ?? false)
        actions.setEnabled("link-view", selectedView != nil)
        actions.setState("tab-link-view", menuTarget.flatMap(Self.view(of:))?.isLinked ?? false)
        actions.setEnabled("tab-link-view", menuTarget != nil)
    }
}
