import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// Tabs: AdwTabView is the one record of a window's tabs, their order and the selected one;
/// it does the showing, dragging and shortcuts. The tab commands (next tab, Alt+1…) ask
/// `TabNavigation` (IroCore) where they lead.
extension DocumentWindow {
    var pageCount: Int { Int(adw_tab_view_get_n_pages(tabView)) }

    var pages: [UnsafeMutablePointer<AdwTabPage>] {
        (0..<adw_tab_view_get_n_pages(tabView)).compactMap { adw_tab_view_get_nth_page(tabView, $0) }
    }

    var views: [DocumentView] { pages.compactMap(Self.view(of:)) }
    var models: [DocumentModel] { views.map(\.model) }

    var selectedView: DocumentView? { adw_tab_view_get_selected_page(tabView).flatMap(Self.view(of:)) }
    var selectedModel: DocumentModel? { selectedView?.model }

    static func view(of page: UnsafeMutablePointer<AdwTabPage>) -> DocumentView? {
        DocumentView.key.get(raw(adw_tab_page_get_child(page)))
    }

    func page(of view: DocumentView) -> UnsafeMutablePointer<AdwTabPage>? { adw_tab_view_get_page(tabView, view.widget) }

    func page(of model: DocumentModel) -> UnsafeMutablePointer<AdwTabPage>? {
        pages.first { Self.view(of: $0)?.model === model }
    }

    func page(of document: DocumentID) -> UnsafeMutablePointer<AdwTabPage>? {
        pages.first { Self.view(of: $0)?.document.id == document }
    }

    /// Adds a tab for `path`. It loads now when it is selected or next to the selected
    /// tab, else once it is first shown: `iro ~/Pictures/*.jpg` decodes the photo shown and
    /// its neighbours, not two hundred (BEHAVIOUR A6).
    @discardableResult
    func open(_ path: RawPath, select: Bool = true) -> DocumentView {
        let model = DocumentModel(document: Document(path: path))
        let view = DocumentView(model: model)
        let page = adw_tab_view_append(tabView, view.widget)! // → page-attached
        Self.showModel(model, on: page)
        owner?.holdsMemory(model)
        if select { adw_tab_view_set_selected_page(tabView, page) }
        if select || isNextToSelected(page) { model.load() } else { model.loadWhenShown() }
        return view
    }

    /// The tab shows its model's name, full path, loading and link, wherever it moves (a
    /// page keeps its object when it moves between windows, and the bindings with it).
    private static func showModel(_ model: DocumentModel, on page: UnsafeMutablePointer<AdwTabPage>) {
        let observed = model.observable
        // The Compare With menus list the tabs by name (from the first, bound below).
        onNotify(raw(page), "title") { [weak model] in model.flatMap(DocumentWindow.of)?.comparing.updateTargets() }
        observed.bind(DocumentModel.Property.title, to: raw(page), "title")
        observed.bind(DocumentModel.Property.tooltip, to: raw(page), "tooltip")
        observed.bind(DocumentModel.Property.loading, to: raw(page), "loading")
        observed.observe(DocumentModel.Property.linked) { [weak model] in
            guard let model, let window = DocumentWindow.of(model) else { return }
            window.linkChanged(model)
        }
    }

    /// The window whose tabs hold `model`'s tab.
    static func of(_ model: DocumentModel) -> DocumentWindow? {
        guard let view = model.viewer as? DocumentView, let root = gtk_widget_get_root(view.widget) else { return nil }
        return key.get(raw(root))
    }

    private func isNextToSelected(_ page: UnsafeMutablePointer<AdwTabPage>) -> Bool {
        guard let selected = adw_tab_view_get_selected_page(tabView) else { return true }
        return abs(Int(adw_tab_view_get_page_position(tabView, page)) - Int(adw_tab_view_get_page_position(tabView, selected))) <= 1
    }

    /// Adds tabs for `paths` after the selected tab once the next frame is painted (`TabAdder`).
    func openAfterNextFrame(_ paths: [RawPath]) { tabAdder.add(paths) }

    /// The tabs beside the selected one load if they have not yet, so Ctrl+Tab to either
    /// shows its image at once.
    private func loadNeighboursOfSelection() {
        guard let selected = adw_tab_view_get_selected_page(tabView) else { return }
        let position = Int(adw_tab_view_get_page_position(tabView, selected))
        for neighbour in [position - 1, position + 1] where neighbour >= 0 && neighbour < pageCount {
            guard let page = adw_tab_view_get_nth_page(tabView, Int32(neighbour)), let view = Self.view(of: page) else { continue }
            view.model.loadIfWaiting()
        }
    }

    func closeSelectedTab() {
        guard let page = adw_tab_view_get_selected_page(tabView) else { return }
        adw_tab_view_close_page(tabView, page)
    }

    /// Selects the tab at `position`, if there is one.
    private func select(position: Int?) {
        guard let position, let page = adw_tab_view_get_nth_page(tabView, Int32(position)) else { return }
        adw_tab_view_set_selected_page(tabView, page)
    }

    private var selectedPosition: Int {
        adw_tab_view_get_selected_page(tabView).map { Int(adw_tab_view_get_page_position(tabView, $0)) } ?? 0
    }

    func installTabActions() {
        actions.add("next-tab") { [weak self] in
            guard let self else { return }
            self.select(position: TabNavigation.next(after: self.selectedPosition, count: self.pageCount))
        }
        actions.add("previous-tab") { [weak self] in
            guard let self else { return }
            self.select(position: TabNavigation.previous(before: self.selectedPosition, count: self.pageCount))
        }
        actions.addInt("select-tab") { [weak self] number in
            guard let self else { return }
            self.select(position: TabNavigation.numbered(Int(number), count: self.pageCount))
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
            self.adopt(view)
            self.comparing.pageAttached(tabPage)
        }
        onSignalWithPointerInt(raw(tabView), "page-detached") { [weak self] page, position in
            if let self, !self.isBeingDestroyed, let page, let view = Self.view(of: cast(page)) {
                self.comparing.pageDetached(cast(page), showing: view.model, at: Int(position))
            }
            self?.pageCountChanged()
        }
        onSignalWithPointerReturningBool(raw(tabView), "close-page") { [weak self] page in
            // Unsaved edits are asked about first (BEHAVIOUR D7): AdwTabView waits for the answer.
            if let self, let page, let view = Self.view(of: cast(page)), UnsavedEditsDialog.hasChanges(view.model) {
                UnsavedEditsDialog.ask(about: view.model, in: self) { [weak self] proceed in
                    guard let self else { return }
                    if proceed { view.model.cancelLoad() }
                    adw_tab_view_close_page_finish(self.tabView, cast(page), proceed ? 1 : 0)
                }
                return true
            }
            if let page, let view = Self.view(of: cast(page)) {
                view.model.cancelLoad()
                self?.owner?.returnMemorySoon()
            }
            return false // AdwTabView's default handler closes the page
        }
        // A tab dragged out of every tab bar becomes a window of its own (BEHAVIOUR B4).
        onSignalReturningPointer(raw(tabView), "create-window") { [weak self] in
            guard let self, let owner = self.owner else { return nil }
            let window = owner.makeWindow()
            window.present()
            return raw(window.tabView)
        }
    }

    /// A page arrived (new, or dragged or transferred from another window).
    private func adopt(_ view: DocumentView) {
        pageCountChanged()
    }

    func selectionChanged() {
        guard !isBeingDestroyed, !tabAdder.isRevealingSelection else { return }
        if let previous = followed, previous !== selectedModel {
            previous.lastShown = monotonicSeconds()
            previous.preloader.dropAll() // a document in the background steps nowhere
        }
        if let model = selectedModel {
            model.lastShown = monotonicSeconds() // its canvas asks for any detail it lacks when drawn
            model.preloadNeighbours()
            loadNeighboursOfSelection()
        }
        selectedModelChanged()
        owner?.rebalanceMemory()
        presenting.activeCanvasChanged()
        zoomChanged()
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
        comparing.updateTargets()
        contentChanged()
        selectedModelChanged()
    }
}
