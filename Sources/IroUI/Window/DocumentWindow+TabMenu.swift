import CGtk
import GtkSupport
import IroCore

/// The tab's context menu (BEHAVIOUR F6's tab menu): a right-click, Shift+F10 or the Menu
/// key on a tab opens AdwTabView's menu, whose items act on that tab (`menuPage`, which
/// `setup-menu` sets), or on the selected one when none is set.
extension DocumentWindow {
    static let tabMenuItems: [[(label: String, action: String)]] = [
        [(tr("_Link View"), "win.tab-link-view")],
        [(tr("_Move to New Window"), "win.tab-move-to-new-window"), (tr("_Duplicate Tab"), "win.tab-duplicate")],
        [
            (tr("Close _Other Tabs"), "win.tab-close-others"), (tr("Close Tabs to the _Right"), "win.tab-close-right"),
            (tr("_Close Tab"), "win.tab-close"),
        ],
    ]

    func installTabMenu() {
        let menu = MenuSections.model(Self.tabMenuItems)
        MenuSections.addSubmenu(tr("Compare _With"), tabCompareTargets, toSection: 0, of: menu)
        adw_tab_view_set_menu_model(tabView, menu)
        g_object_unref(raw(menu))
        // Set as the menu opens; cleared (to nil) after it closed and its item ran.
        onSignalWithPointer(raw(tabView), "setup-menu") { [weak self] page in
            guard let self else { return }
            self.menuPage = page.map { cast($0) }
            self.updateTabMenu()
        }
        actions.add("tab-move-to-new-window") { [weak self] in
            guard let self, let view = self.menuView else { return }
            self.owner?.moveToNewWindow(view.document.id)
        }
        actions.add("tab-duplicate") { [weak self] in
            guard let self, let view = self.menuView else { return }
            self.duplicate(view)
        }
        actions.add("tab-close-others") { [weak self] in
            guard let self, let page = self.menuTarget else { return }
            adw_tab_view_close_other_pages(self.tabView, page)
        }
        actions.add("tab-close-right") { [weak self] in
            guard let self, let page = self.menuTarget else { return }
            adw_tab_view_close_pages_after(self.tabView, page)
        }
        actions.add("tab-close") { [weak self] in
            guard let self, let page = self.menuTarget else { return }
            adw_tab_view_close_page(self.tabView, page)
        }
    }

    /// The tab the menu is for: the one it opened on, else the selected one.
    var menuTarget: UnsafeMutablePointer<AdwTabPage>? {
        if let page = menuPage, pages.contains(page) { return page } // a tab closed or moved since is not
        return adw_tab_view_get_selected_page(tabView)
    }

    private var menuView: DocumentView? { menuTarget.flatMap(Self.view(of:)) }

    /// Which items can act on the menu's tab.
    func updateTabMenu() {
        let position = menuTarget.map { Int(adw_tab_view_get_page_position(tabView, $0)) } ?? -1
        actions.setEnabled("tab-move-to-new-window", pageCount > 1 && position >= 0)
        actions.setEnabled("tab-duplicate", position >= 0)
        actions.setEnabled("tab-close-others", pageCount > 1 && position >= 0)
        actions.setEnabled("tab-close-right", position >= 0 && position < pageCount - 1)
        actions.setEnabled("tab-close", position >= 0)
        updateLinkActions()
    }

    /// A tab of the same file beside `view`, selected, with a view of its own (its own zoom,
    /// rotation and hue, starting as the file opens).
    func duplicate(_ view: DocumentView) {
        guard let page = page(of: view) else { return }
        let position = Int(adw_tab_view_get_page_position(tabView, page))
        let copy = open(view.document.path, select: true)
        if let added = self.page(of: copy) {
            adw_tab_view_reorder_page(tabView, added, Int32(position + 1))
        }
    }
}
