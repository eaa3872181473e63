import CGtk
import GtkSupport
import IroCore

/// Linking views from the window (BEHAVIOUR F6): "Link View" in the tab's and the image's
/// context menus, and the link icon on each linked tab, which unlinks it when clicked.
extension DocumentWindow {
    func installLinkActions() {
        actions.addToggle("tab-link-view", initial: false) { [weak self] on in
            self?.tabMenu.targetModel?.setLinked(on)
        }
        actions.addToggle("link-view", initial: false) { [weak self] on in
            self?.selectedModel?.setLinked(on)
        }
        onSignalWithPointer(raw(tabView), "indicator-activated") { page in
            guard let page, let view = Self.view(of: cast(page)) else { return }
            view.model.setLinked(false)
        }
        selection.observe([DocumentModel.Property.linked]) { [weak self] in self?.updateLinkActions() }
    }

    /// `model` was linked or unlinked: its tab's icon, and the menus' items.
    func linkChanged(_ model: DocumentModel) {
        if let page = page(of: model) { showLink(of: model, on: page) }
        updateLinkActions()
    }

    /// Shows on `page` whether its view is linked.
    private func showLink(of model: DocumentModel, on page: UnsafeMutablePointer<AdwTabPage>) {
        let linked = model.isLinked
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
        actions.setState("link-view", selectedModel?.isLinked ?? false)
        actions.setEnabled("link-view", selectedModel != nil)
        actions.setState("tab-link-view", tabMenu.targetModel?.isLinked ?? false)
        actions.setEnabled("tab-link-view", tabMenu.target != nil)
    }
}
