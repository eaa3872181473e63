import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// Tabs: AdwTabView does the showing, dragging and shortcuts; the application's
/// TabSession (IroCore) decides where documents go for commands, and is told of
/// every change AdwTabView makes by itself (drags between windows, closing).
extension DocumentWindow {
    var pageCount: Int { Int(adw_tab_view_get_n_pages(tabView)) }

    var pages: [UnsafeMutablePointer<AdwTabPage>] {
        (0..<adw_tab_view_get_n_pages(tabView)).compactMap { adw_tab_view_get_nth_page(tabView, $0) }
    }

    var views: [DocumentView] { pages.compactMap(Self.view(of:)) }

    var selectedView: DocumentView? { adw_tab_view_get_selected_page(tabView).flatMap(Self.view(of:)) }

    static func view(of page: UnsafeMutablePointer<AdwTabPage>) -> DocumentView? {
        DocumentView.key.get(raw(adw_tab_page_get_child(page)))
    }

    func page(of view: DocumentView) -> UnsafeMutablePointer<AdwTabPage>? { adw_tab_view_get_page(tabView, view.widget) }

    func page(of document: DocumentID) -> UnsafeMutablePointer<AdwTabPage>? {
        pages.first { Self.view(of: $0)?.document.id == document }
    }

    /// Adds a tab for `path`. It loads now when it is selected or next to the selected
    /// tab, else once it is first shown: `iro ~/Pictures/*.jpg` decodes the photo shown and
    /// its neighbours, not two hundred (BEHAVIOUR A6).
    @discardableResult
    func open(_ path: RawPath, select: Bool = true) -> DocumentView {
        let view = DocumentView(document: Document(path: path))
        let page = adw_tab_view_append(tabView, view.widget)! // → page-attached → session
        if select { adw_tab_view_set_selected_page(tabView, page) }
        if select || isNextToSelected(page) { view.load() } else { view.loadWhenShown() }
        adw_tab_page_set_loading(page, view.isLoading ? 1 : 0)
        update()
        return view
    }

    private func isNextToSelected(_ page: UnsafeMutablePointer<AdwTabPage>) -> Bool {
        guard let selected = adw_tab_view_get_selected_page(tabView) else { return true }
        return abs(Int(adw_tab_view_get_page_position(tabView, page)) - Int(adw_tab_view_get_page_position(tabView, selected))) <= 1
    }

    /// Scrolls the tab bar back to the selected tab after many were added behind it:
    /// AdwTabBar follows each tab added, and 1.2 has no call to scroll it, only the
    /// selection it follows. So the selection moves to a neighbour and back, with none
    /// of the effects a user's switch has.
    func revealSelectedTab() {
        guard let selected = adw_tab_view_get_selected_page(tabView), pageCount > 1 else { return }
        let position = Int(adw_tab_view_get_page_position(tabView, selected))
        guard let other = adw_tab_view_get_nth_page(tabView, Int32(position == 0 ? 1 : position - 1)) else { return }
        revealingSelection = true
        defer { revealingSelection = false }
        adw_tab_view_set_selected_page(tabView, other)
        adw_tab_view_set_selected_page(tabView, selected)
    }

    /// Adds tabs for `paths` after the selected tab (unselected, in order) once the next
    /// frame is painted, a few per main-loop turn so frames keep coming, then scrolls the
    /// tab bar back to the selected tab. A window that is not drawn (minimised, or on no
    /// screen) gets them after half a second all the same.
    func openAfterNextFrame(_ paths: [RawPath]) {
        let waiting = !tabsToAdd.isEmpty
        tabsToAdd += paths
        guard !waiting else { return }
        if let clock = gtk_widget_get_frame_clock(window.widget) {
            let handler = onSignal(raw(clock), "after-paint") { [weak self] in self?.startAddingTabs() }
            tabAdderPaint = (raw(clock), handler)
        }
        tabAdderFallback = addTimeout(milliseconds: 500) { [weak self] in
            self?.startAddingTabs()
            return false
        }
    }

    /// Adds the waiting tabs, a few per main-loop turn (once, from whichever comes first).
    private func startAddingTabs() {
        if let (clock, handler) = tabAdderPaint { disconnect(clock, handler) }
        tabAdderPaint = nil
        tabAdderFallback?.cancel()
        guard tabAdder == nil, !tabsToAdd.isEmpty, !isBeingDestroyed else { return }
        tabAdder = addIdle { [weak self] in
            guard let self, !self.isBeingDestroyed else { return false }
            for path in self.tabsToAdd.prefix(Self.tabsPerTurn) { self.open(path, select: false) }
            self.tabsToAdd.removeFirst(min(Self.tabsPerTurn, self.tabsToAdd.count))
            guard self.tabsToAdd.isEmpty else { return true }
            self.tabAdder = nil
            self.revealSelectedTab()
            return false
        }
    }

    static let tabsPerTurn = 8

    /// Tabs asked for are still being added (`openAfterNextFrame`).
    var isAddingTabs: Bool { !tabsToAdd.isEmpty }

    /// The tabs beside the selected one load if they have not yet, so Ctrl+Tab to either
    /// shows its image at once.
    private func loadNeighboursOfSelection() {
        guard let selected = adw_tab_view_get_selected_page(tabView) else { return }
        let position = Int(adw_tab_view_get_page_position(tabView, selected))
        for neighbour in [position - 1, position + 1] where neighbour >= 0 && neighbour < pageCount {
            guard let page = adw_tab_view_get_nth_page(tabView, Int32(neighbour)), let view = Self.view(of: page) else { continue }
            view.loadIfWaiting()
        }
    }

    func closeSelectedTab() {
        guard let page = adw_tab_view_get_selected_page(tabView) else { return }
        adw_tab_view_close_page(tabView, page)
    }

    /// Selects the tab the session says is active in this window.
    func showSessionSelection() {
        guard let document = owner?.session.activeTab(in: id), let page = page(of: document) else { return }
        adw_tab_view_set_selected_page(tabView, page)
    }

    func installTabActions() {
        actions.add("next-tab") { [weak self] in
            guard let self else { return }
            self.owner?.session.selectNext(in: self.id)
            self.showSessionSelection()
        }
        actions.add("previous-tab") { [weak self] in
            guard let self else { return }
            self.owner?.session.selectPrevious(in: self.id)
            self.showSessionSelection()
        }
        actions.addInt("select-tab") { [weak self] number in
            guard let self else { return }
            self.owner?.session.select(index: Int(number) - 1, in: self.id) // Alt+1 is the first tab
            self.showSessionSelection()
        }
        actions.add("move-tab-to-new-window") { [weak self] in
            guard let self, let view = self.selectedView else { return }
            self.owner?.moveToNewWindow(view.document.id)
        }
    }

    /// Moves `document`'s page from this window into `target` at `position` (end when nil).
    func transfer(_ document: DocumentID, to target: DocumentWindow, at position: Int? = nil) {
        guard let page = page(of: document) else { return }
        let index = Int32(position ?? target.pageCount)
        adw_tab_view_transfer_page(tabView, page, target.tabView, index)
    }

    func connectTabView() {
        onNotify(raw(tabView), "selected-page") { [weak self] in self?.selectionChanged() }
        onSignalWithPointerInt(raw(tabView), "page-attached") { [weak self] page, position in
            guard let self, let page else { return }
            let tabPage: UnsafeMutablePointer<AdwTabPage> = cast(page)
            guard let view = Self.view(of: tabPage) else { return }
            self.adopt(view, page: tabPage, at: Int(position))
            self.tabDropZone?.pageAttached(tabPage)
        }
        onSignalWithPointerInt(raw(tabView), "page-detached") { [weak self] page, position in
            if let self, !self.isBeingDestroyed, let page, let view = Self.view(of: cast(page)) {
                self.comparison?.remove(view)
                self.tabDropZone?.pageDetached(cast(page), at: Int(position))
            }
            self?.pageCountChanged()
        }
        onSignalWithPointerReturningBool(raw(tabView), "close-page") { [weak self] page in
            if let page, let view = Self.view(of: cast(page)) {
                view.cancelLoad()
                self?.owner?.session.close(view.document.id)
                self?.owner?.returnMemorySoon()
            }
            return false // AdwTabView's default handler closes the page
        }
        onSignalWithPointerInt(raw(tabView), "page-reordered") { [weak self] page, position in
            guard let page, let view = Self.view(of: cast(page)) else { return }
            self?.owner?.session.reorder(view.document.id, to: Int(position))
        }
        // A tab dragged out of every tab bar becomes a window of its own (BEHAVIOUR B4).
        onSignalReturningPointer(raw(tabView), "create-window") { [weak self] in
            guard let self, let owner = self.owner else { return nil }
            let window = owner.makeWindow()
            window.present()
            return raw(window.tabView)
        }
    }

    /// A page arrived (new, or dragged or transferred from another window): record it
    /// in the session and route the view's notifications to this window.
    private func adopt(_ view: DocumentView, page: UnsafeMutablePointer<AdwTabPage>, at position: Int) {
        adw_tab_page_set_title(page, view.document.displayName)
        adw_tab_page_set_tooltip(page, StatusPages.escapeMarkup(view.document.fullPath))
        adw_tab_page_set_loading(page, view.isLoading ? 1 : 0)
        showLink(of: view, on: page)
        if let owner {
            if owner.session.contains(view.document.id) {
                _ = owner.session.move(view.document.id, to: id, at: position)
            } else {
                owner.session.add(view.document.id, to: id, at: position, select: false)
            }
        }
        view.onStateChanged = { [weak self, weak view] in
            guard let self, let view else { return }
            if let page = self.page(of: view) {
                adw_tab_page_set_loading(page, view.isLoading ? 1 : 0)
                adw_tab_page_set_title(page, view.document.displayName) // stepping shows another file
                adw_tab_page_set_tooltip(page, StatusPages.escapeMarkup(view.document.fullPath))
                self.showLink(of: view, on: page)
            }
            self.comparison?.refresh(view)
            self.updateCompareTargets()
            if view === self.selectedView { self.update() }
            self.owner?.rebalanceMemory()
        }
        view.onFrameShown = { [weak self, weak view] in
            guard let self, let view else { return }
            self.comparison?.refresh(view)
        }
        view.canvas.onZoomChanged = { [weak self, weak view] in
            guard let self, let view, view === self.selectedView else { return }
            self.update()
        }
        pageCountChanged()
    }

    func selectionChanged() {
        guard !isBeingDestroyed, !revealingSelection else { return }
        lastSelected?.saveViewState()
        lastSelected?.lastShown = monotonicSeconds()
        lastSelected?.preloader.dropAll() // a tab in the background steps nowhere
        lastSelected = selectedView
        if let view = selectedView {
            owner?.session.select(view.document.id)
            view.lastShown = monotonicSeconds() // its canvas asks for any detail it lacks when drawn
            view.preloadNeighbours()
            loadNeighboursOfSelection()
        }
        owner?.rebalanceMemory()
        update()
    }

    /// While GTK tears the window down, AdwTabView detaches its pages one by one;
    /// none of that is the user closing tabs.
    var isBeingDestroyed: Bool { gtk_widget_get_root(tabView.widget) == nil }

    func pageCountChanged() {
        guard !isBeingDestroyed else { return }
        // The last tab closing (or moving away) closes the window (BEHAVIOUR B2).
        if pageCount == 0, !isShowingStartPage {
            close()
            return
        }
        updateCompareTargets()
        update()
    }
}
