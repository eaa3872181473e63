import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Stepping through the selected tab's folder (BEHAVIOUR F1), and through a document's
/// pages first (G2), in one window: the actions, the keys that go to them after the focused
/// widget had its chance, the mouse's back and forward buttons, and the header's buttons
/// and page indicator, following what the selected model can reach.
final class Browsing {
    private unowned let window: DocumentWindow
    let pageIndicator = PageIndicator()
    /// The page thumbnails and outline (BEHAVIOUR G3), made for the first document with
    /// pages the window shows (`pageSidebar`): a window of photos never needs them, and
    /// making them was a quarter of building a window.
    private(set) var madePageSidebar: PageSidebar?
    /// The search bar (BEHAVIOUR G7), made when a search first opens (`searchBar`): its
    /// widgets under the header cost a window of photos about 5–10 ms before its first frame.
    private(set) var madeSearchBar: SearchBar?
    /// The folder's strip and grid (BEHAVIOUR H1).
    private(set) var folderViews: FolderViews!
    /// Whether the page sidebar shows for documents (BEHAVIOUR G3): the last choice, remembered.
    private var sidebarWanted = WindowStateStore.pageSidebarShown
    /// Whether documents show their pages stacked (BEHAVIOUR G11): the last choice, remembered.
    private var continuousWanted = WindowStateStore.continuousPages

    var pageSidebar: PageSidebar {
        if let made = madePageSidebar { return made }
        let sidebar = PageSidebar()
        sidebar.onPage = { [weak window] page in window?.selectedModel?.showPage(page) }
        // Left of the tabs, in the box that holds them and the properties panel.
        if let body = window.body { gtk_box_prepend(body, sidebar.widget) }
        madePageSidebar = sidebar
        return sidebar
    }

    var searchBar: SearchBar {
        if let made = madeSearchBar { return made }
        let bar = SearchBar()
        // Under the header and the tab bar.
        if let chrome = gtk_widget_get_parent(window.header.widget) { gtk_box_append(cast(chrome), bar.bar) }
        bar.onSearch = { [weak window] text in
            // GtkSearchEntry says so again after its pause when the text was set at once: the
            // same text is not searched twice.
            guard let model = window?.selectedModel, text != model.search.text else { return }
            let document = model.document
            model.search.start(text, path: document.path, password: document.password, from: document.page, count: document.pageCount)
        }
        bar.onStep = { [weak window] forward in window?.selectedModel?.search.step(forward: forward) }
        bar.onClose = { [weak window] in window?.selectedModel?.search.clear() }
        bar.show(window.selectedModel?.search)
        madeSearchBar = bar
        return bar
    }

    init(_ window: DocumentWindow) {
        self.window = window
        let steps: [(String, DocumentModel.Step)] = [
            ("next-image", .next), ("previous-image", .previous), ("first-image", .first), ("last-image", .last),
        ]
        for (name, step) in steps {
            window.actions.add(name, enabled: false) { [weak window] in window?.selectedModel?.go(step) }
        }
        window.actions.add("open-in-new-tab", enabled: false) { [weak window] in
            guard let window, let model = window.selectedModel else { return }
            window.open(model.document.path, select: false)
        }
        installWindowKeys()
        installBackForwardButtons()
        window.header.packStart(pageIndicator.widget)
        pageIndicator.onPage = { [weak window] page in window?.selectedModel?.showPage(page) }
        window.actions.addToggle("page-sidebar", initial: sidebarWanted) { [weak self] on in
            guard let self else { return }
            self.sidebarWanted = on
            WindowStateStore.pageSidebarShown = on
            let shows = on && (self.window.selectedModel?.hasPages ?? false)
            if shows || self.madePageSidebar != nil { self.pageSidebar.reveal(shows, animated: true) }
        }
        window.actions.addToggle("continuous-pages", initial: continuousWanted) { [weak self] on in
            guard let self else { return }
            self.continuousWanted = on
            WindowStateStore.continuousPages = on
            self.window.selectedView?.pages.setContinuous(on)
        }
        window.actions.add("go-to-page", enabled: false) { [weak self] in self?.pageIndicator.focus() }
        window.actions.add("next-page", enabled: false) { [weak window] in
            guard let model = window?.selectedModel, let page = model.page(after: .next) else { return }
            model.showPage(page)
        }
        installSearch()
        folderViews = FolderViews(window)
        window.selection.observe([
            DocumentModel.Property.folder, DocumentModel.Property.status, DocumentModel.Property.title, DocumentModel.Property.pages,
        ]) {
            [weak self] in self?.update()
        }
    }

    private func update() {
        let model = window.selectedModel, actions = window.actions, buttons = window.header.stepButtons
        actions.setEnabled("next-image", model?.canGo(.next) ?? false)
        actions.setEnabled("previous-image", model?.canGo(.previous) ?? false)
        actions.setEnabled("first-image", model?.canGo(.first) ?? false)
        actions.setEnabled("last-image", model?.canGo(.last) ?? false)
        actions.setEnabled("open-in-new-tab", model.map { !NotePackage.isPackageName($0.document.path) } ?? false)
        buttons.explain(model?.browsingUnavailableReason)
        let page = model?.document.page ?? 0, count = model?.document.pageCount ?? 1
        pageIndicator.show(page: page, of: count)
        actions.setEnabled("page-sidebar", count > 1)
        actions.setEnabled("continuous-pages", count > 1)
        window.selectedView?.pages.setContinuous(continuousWanted)
        actions.setEnabled("go-to-page", count > 1)
        actions.setEnabled("next-page", model?.page(after: .next) != nil)
        if count > 1 { pageSidebar.show(path: model?.document.path, password: model?.document.password, page: page, of: count) }
        if count > 1 || madePageSidebar != nil { pageSidebar.reveal(sidebarWanted && count > 1, animated: false) }
        let searchable = model?.formatName == ImageFormats.pdf && model?.shown == .image
        actions.setEnabled("find", searchable)
        actions.setEnabled("select-all-text", searchable)
        if !searchable, let bar = madeSearchBar, bar.isOpen { bar.close() }
        gtk_widget_set_visible(buttons.widget, model == nil ? 0 : 1)
    }

    /// The search (BEHAVIOUR G7) of the selected tab's document: its actions, and its bar
    /// following the search's progress once the bar is made.
    private func installSearch() {
        window.actions.add("find", enabled: false) { [weak self] in self?.searchBar.open() }
        window.actions.add("select-all-text", enabled: false) { [weak window] in window?.selectedModel?.selectAllText() }
        // Every batch of pages searched: only the bar says so (not the whole window's update).
        window.selection.observe([DocumentModel.Property.search]) { [weak self] in
            self?.madeSearchBar?.show(self?.window.selectedModel?.search)
        }
    }

    /// The keys a focused widget may keep (Accelerators.Precedence). The arrows step only
    /// when the focused widget leaves them: a bubble-phase shortcut controller on the window
    /// sees what the focus widget did not use (the application's accelerators would come
    /// first). Page Up/Down, Home and End step before the scrolled window could page
    /// through a zoomed image, from a capture-phase controller whose shortcuts decline
    /// when a slider or text has the focus (the hue slider jumps by page and to its ends, a
    /// note's text moves its cursor) and when the step is impossible.
    private func installWindowKeys() {
        let afterFocus = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(afterFocus, GTK_PHASE_BUBBLE)
        let beforeFocus = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(beforeFocus, GTK_PHASE_CAPTURE)
        for section in Accelerators.all {
            for entry in section.entries {
                for key in entry.keys {
                    // Application accelerators, but for keys that type text (the window's, declining
                    // for a focused text field: `Accelerators.typesText`).
                    if entry.precedence == .beforeWidgets, !Accelerators.typesText(key) { continue }
                    guard let trigger = gtk_shortcut_trigger_parse_string(key) else { continue }
                    if entry.precedence == .afterFocusedWidget {
                        gtk_shortcut_controller_add_shortcut(afterFocus, gtk_shortcut_new(trigger, gtk_named_action_new(entry.action)))
                    } else {
                        gtk_shortcut_controller_add_shortcut(beforeFocus, gtk_shortcut_new(trigger, Self.unlessFocusKeepsIt(entry.action)))
                    }
                }
            }
        }
        gtk_widget_add_controller(window.window.widget, afterFocus)
        gtk_widget_add_controller(window.window.widget, beforeFocus)
    }

    /// A shortcut action for a window that activates `action` (a `win.` action) unless the
    /// action is disabled or the focused widget has its own use for the key: a slider (page
    /// and end keys), text (cursor movement) or the folder's grid (its selection moves with
    /// the page and end keys, and letters find names). Declining lets the key go on.
    static func unlessFocusKeepsIt(_ action: String) -> OpaquePointer {
        let name = action.hasPrefix("win.") ? String(action.dropFirst(4)) : action
        return gtk_callback_action_new(
            { widget, _, name in
                guard let widget, let name, isInstance(raw(widget), of: g_action_group_get_type()) else { return 0 }
                if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
                    [gtk_range_get_type(), gtk_editable_get_type(), gtk_text_view_get_type()].contains(where: {
                        isInstance(raw(focus), of: $0)
                    })
                {
                    return 0
                }
                if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
                    gtk_widget_get_ancestor(focus, gtk_grid_view_get_type()) != nil
                {
                    return 0
                }
                let group = gcastOpaque(raw(widget), g_action_group_get_type())
                let action = name.assumingMemoryBound(to: CChar.self)
                guard g_action_group_get_action_enabled(group, action) != 0 else { return 0 }
                g_action_group_activate_action(group, action, nil)
                return 1
            }, strdup(name), { free($0) })
    }

    /// The mouse's back (8) and forward (9) buttons step, as in a browser.
    private func installBackForwardButtons() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        onSignal(raw(click), "pressed") { [weak self] (_: Int32, _: Double, _: Double) in
            switch gtk_gesture_single_get_current_button(click) {
            case 8: self?.window.actions.activate("previous-image")
            case 9: self?.window.actions.activate("next-image")
            default: return
            }
        }
        gtk_widget_add_controller(window.window.widget, click)
    }
}
