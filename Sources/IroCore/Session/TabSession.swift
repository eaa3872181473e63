/// Which documents are open in which window, in which tab order, and which tab is active
/// (BEHAVIOUR B1–B4). The UI mirrors its AdwTabViews from this model and reports user actions to
/// it; the model never touches GTK.
///
/// Unknown window or document ids are ignored everywhere (a late signal from a window being
/// destroyed must not crash the app). A window that loses its last tab is not removed
/// here: the caller learns about it from the return value and decides (close it, or keep
/// an empty window with its start page, BEHAVIOUR B3).
public struct TabSession: Equatable, Sendable {
    /// Windows in creation order.
    public private(set) var windows: [WindowID] = []
    private var tabsByWindow: [WindowID: [DocumentID]] = [:]
    private var activeByWindow: [WindowID: DocumentID] = [:]
    /// Every window, least recently activated first.
    private var activationOrder: [WindowID] = []

    public init() {}

    // MARK: Queries

    public func contains(window: WindowID) -> Bool { tabsByWindow[window] != nil }

    public func contains(_ document: DocumentID) -> Bool { window(of: document) != nil }

    /// The window's tabs in order; empty for an unknown window.
    public func tabs(in window: WindowID) -> [DocumentID] { tabsByWindow[window] ?? [] }

    public func activeTab(in window: WindowID) -> DocumentID? { activeByWindow[window] }

    public func window(of document: DocumentID) -> WindowID? {
        windows.first { tabsByWindow[$0]?.contains(document) ?? false }
    }

    public func index(of document: DocumentID) -> Int? {
        guard let window = window(of: document) else { return nil }
        return tabs(in: window).firstIndex(of: document)
    }

    /// Where files from a second launch go (BEHAVIOUR A3): the window activated last.
    public var mostRecentWindow: WindowID? { activationOrder.last }

    /// Every open document, window by window, tab by tab.
    public var allDocuments: [DocumentID] { windows.flatMap { tabs(in: $0) } }

    // MARK: Windows

    /// A new, empty window. It counts as activated, because a new window is presented at once.
    @discardableResult
    public mutating func addWindow() -> WindowID {
        let window = WindowID()
        windows.append(window)
        tabsByWindow[window] = []
        activationOrder.append(window)
        return window
    }

    public mutating func activateWindow(_ window: WindowID) {
        guard contains(window: window) else { return }
        activationOrder.removeAll { $0 == window }
        activationOrder.append(window)
    }

    /// Forgets the window; returns the documents it held (in tab order) for the caller to
    /// close.
    @discardableResult
    public mutating func removeWindow(_ window: WindowID) -> [DocumentID] {
        guard let documents = tabsByWindow.removeValue(forKey: window) else { return [] }
        windows.removeAll { $0 == window }
        activeByWindow[window] = nil
        activationOrder.removeAll { $0 == window }
        return documents
    }

    // MARK: Tabs

    /// Adds a document as a tab. `index` nil appends; other values are clamped to the tab
    /// range. A window's first tab is always active. Returns false (and changes nothing) if
    /// the window is unknown or the document is already open somewhere — use `move` for that.
    @discardableResult
    public mutating func add(
        _ document: DocumentID, to window: WindowID, at index: Int? = nil,
        select: Bool = true
    ) -> Bool {
        guard contains(window: window), !contains(document) else { return false }
        insert(document, into: window, at: index)
        if select || activeByWindow[window] == nil { activeByWindow[window] = document }
        return true
    }

    /// Closes a tab (Ctrl+W). If it was active, its right neighbour becomes active, or the
    /// left one at the end, as in GNOME. Returns the window if it is now empty.
    @discardableResult
    public mutating func close(_ document: DocumentID) -> WindowID? {
        guard let detached = detach(document) else { return nil }
        return detached.becameEmpty ? detached.window : nil
    }

    public mutating func select(_ document: DocumentID) {
        guard let window = window(of: document) else { return }
        activeByWindow[window] = document
    }

    /// Alt+1…9 (index 0…8): an index past the last tab does nothing.
    public mutating func select(index: Int, in window: WindowID) {
        let tabs = tabs(in: window)
        guard tabs.indices.contains(index) else { return }
        activeByWindow[window] = tabs[index]
    }

    /// Ctrl+Tab / Ctrl+PageDown, wrapping from the last tab to the first.
    public mutating func selectNext(in window: WindowID) { step(in: window, by: 1) }

    /// Ctrl+Shift+Tab / Ctrl+PageUp, wrapping from the first tab to the last.
    public mutating func selectPrevious(in window: WindowID) { step(in: window, by: -1) }

    private mutating func step(in window: WindowID, by delta: Int) {
        let tabs = tabs(in: window)
        guard !tabs.isEmpty else { return }
        let current = activeByWindow[window].flatMap { tabs.firstIndex(of: $0) } ?? 0
        let next = ((current + delta) % tabs.count + tabs.count) % tabs.count
        activeByWindow[window] = tabs[next]
    }

    /// Drags a tab to a new position in its own window (clamped to the tab range).
    public mutating func reorder(_ document: DocumentID, to index: Int) {
        guard let window = window(of: document), var tabs = tabsByWindow[window],
            let from = tabs.firstIndex(of: document)
        else { return }
        tabs.remove(at: from)
        tabs.insert(document, at: min(max(index, 0), tabs.count))
        tabsByWindow[window] = tabs
    }

    /// Moves a tab to another window (drag onto its tab bar), where it becomes the active
    /// tab. `index` nil appends. Within the same window this is a reorder. Returns whether
    /// the old window became empty.
    @discardableResult
    public mutating func move(_ document: DocumentID, to window: WindowID, at index: Int? = nil) -> Bool {
        guard contains(window: window), let source = self.window(of: document) else { return false }
        if source == window {
            reorder(document, to: index ?? tabs(in: window).count)
            return false
        }
        guard let detached = detach(document) else { return false }
        insert(document, into: window, at: index)
        activeByWindow[window] = document
        return detached.becameEmpty
    }

    /// "Move Tab to New Window" (and a tab dragged out of the bar). Returns the new window,
    /// or nil for an unknown document. The old window may be left empty; check
    /// `tabs(in:)` of `window(of:)` taken before the call.
    @discardableResult
    public mutating func moveToNewWindow(_ document: DocumentID) -> WindowID? {
        guard contains(document) else { return nil }
        let window = addWindow()
        move(document, to: window)
        return window
    }

    /// "Merge All Windows": appends every other window's tabs, window by window in creation
    /// order, and removes those windows. The target keeps its active tab (or activates the
    /// first one if it had none). Returns the removed windows.
    @discardableResult
    public mutating func mergeAll(into window: WindowID) -> [WindowID] {
        guard var merged = tabsByWindow[window] else { return [] }
        let others = windows.filter { $0 != window }
        for other in others {
            merged.append(contentsOf: tabs(in: other))
            tabsByWindow[other] = nil
            activeByWindow[other] = nil
        }
        tabsByWindow[window] = merged
        windows = [window]
        activationOrder.removeAll { $0 != window }
        if activeByWindow[window] == nil { activeByWindow[window] = merged.first }
        return others
    }

    // MARK: Helpers

    private mutating func insert(_ document: DocumentID, into window: WindowID, at index: Int?) {
        var tabs = tabsByWindow[window] ?? []
        let position = index.map { min(max($0, 0), tabs.count) } ?? tabs.count
        tabs.insert(document, at: position)
        tabsByWindow[window] = tabs
    }

    /// Removes a document from its window, moving the active tab to a neighbour if needed.
    private mutating func detach(_ document: DocumentID) -> (window: WindowID, becameEmpty: Bool)? {
        guard let window = window(of: document), var tabs = tabsByWindow[window],
            let index = tabs.firstIndex(of: document)
        else { return nil }
        tabs.remove(at: index)
        tabsByWindow[window] = tabs
        if activeByWindow[window] == document {
            activeByWindow[window] = tabs.isEmpty ? nil : tabs[min(index, tabs.count - 1)]
        }
        return (window, tabs.isEmpty)
    }
}
