import CGtk
import GtkSupport
import IroCore

/// The tab's context menu (BEHAVIOUR F6's tab menu): a right-click, Shift+F10 or the Menu key
/// on a tab opens AdwTabView's menu, whose items act on that tab (which `setup-menu` names),
/// or on the selected one when none is named.
final class TabMenu {
    static let items: [[(label: String, action: String)]] = [
        [(tr("_Link View"), "win.tab-link-view")],
        [(tr("_Move to New Window"), "win.tab-move-to-new-window"), (tr("_Duplicate Tab"), "win.tab-duplicate")],
        [
            (tr("Close _Other Tabs"), "win.tab-close-others"), (tr("Close Tabs to the _Right"), "win.tab-close-right"),
            (tr("_Close Tab"), "win.tab-close"),
        ],
    ]

    private unowned let window: DocumentWindow
    /// The tab the menu opened on; nil after it closed and its item ran (tests set it as
    /// `setup-menu` does).
    var page: UnsafeMutablePointer<AdwTabPage>?

    init(_ window: DocumentWindow) {
        self.window = window
        let menu = MenuSections.model(Self.items)
        MenuSections.addSubmenu(tr("Compare _With"), window.comparing.tabTargets, toSection: 0, of: menu)
        adw_tab_view_set_menu_model(window.tabView, menu)
        g_object_unref(raw(menu))
        onSignalWithPointer(raw(window.tabView), "setup-menu") { [weak self] page in
            guard let self else { return }
            self.page = page.map { cast($0) }
            self.update()
        }
        let actions = window.actions
        actions.add("tab-move-to-new-window") { [weak self] in
            guard let self, let model = self.targetModel else { return }
            self.window.owner?.moveToNewWindow(model.document.id)
        }
        actions.add("tab-duplicate") { [weak self] in
            guard let self, let page = self.target else { return }
            self.duplicate(page)
        }
        actions.add("tab-close-others") { [weak self] in
            guard let self, let page = self.target else { return }
            adw_tab_view_close_other_pages(self.window.tabView, page)
        }
        actions.add("tab-close-right") { [weak self] in
            guard let self, let page = self.target else { return }
            adw_tab_view_close_pages_after(self.window.tabView, page)
        }
        actions.add("tab-close") { [weak self] in
            guard let self, let page = self.target else { return }
            adw_tab_view_close_page(self.window.tabView, page)
        }
    }

    /// The tab the menu is for: the one it opened on, else the selected one.
    var target: UnsafeMutablePointer<AdwTabPage>? {
        if let page, window.pages.contains(page) { return page } // a tab closed or moved since is not
        return adw_tab_view_get_selected_page(window.tabView)
    }

    var targetModel: DocumentModel? { target.flatMap(DocumentWindow.view(of:))?.model }

    /// Which items can act on the menu's tab.
    func update() {
        let count = window.pageCount, actions = window.actions
        let position = target.map { Int(adw_tab_view_get_page_position(window.tabView, $0)) } ?? -1
        actions.setEnabled("tab-move-to-new-window", count > 1 && position >= 0)
        actions.setEnabled("tab-duplicate", position >= 0)
        actions.setEnabled("tab-close-others", count > 1 && position >= 0)
        actions.setEnabled("tab-close-right", position >= 0 && position < count - 1)
        actions.setEnabled("tab-close", position >= 0)
        window.updateLinkActions()
        window.comparing.updateTargets()
    }

    /// A tab of the same file beside `page`, selected, with a view of its own (its own zoom,
    /// rotation and hue, starting as the file opens).
    private func duplicate(_ page: UnsafeMutablePointer<AdwTabPage>) {
        guard let model = DocumentWindow.view(of: page)?.model else { return }
        let position = Int(adw_tab_view_get_page_position(window.tabView, page))
        let copy = window.open(model.document.path, select: true)
        if let added = window.page(of: copy) {
            adw_tab_view_reorder_page(window.tabView, added, Int32(position + 1))
        }
    }
}
