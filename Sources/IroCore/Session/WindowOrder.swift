/// The application's windows (BEHAVIOUR A3, B1): in the order they were made, and which
/// was active last, where a second launch's files go. The tabs of each window are its
/// AdwTabView's, the one record of them; `TabNavigation` steps through them.
///
/// Unknown window ids are ignored everywhere (a late signal from a window being destroyed
/// must not crash the app).
public struct WindowOrder: Equatable, Sendable {
    /// Windows in creation order.
    public private(set) var windows: [WindowID] = []
    /// Every window, least recently activated first.
    private var activationOrder: [WindowID] = []

    public init() {}

    public func contains(_ window: WindowID) -> Bool { windows.contains(window) }

    /// Where files from a second launch go (BEHAVIOUR A3): the window activated last.
    public var mostRecent: WindowID? { activationOrder.last }

    /// A new window. It counts as activated, because a new window is presented at once.
    @discardableResult
    public mutating func add() -> WindowID {
        let window = WindowID()
        windows.append(window)
        activationOrder.append(window)
        return window
    }

    public mutating func activate(_ window: WindowID) {
        guard contains(window) else { return }
        activationOrder.removeAll { $0 == window }
        activationOrder.append(window)
    }

    public mutating func remove(_ window: WindowID) {
        windows.removeAll { $0 == window }
        activationOrder.removeAll { $0 == window }
    }
}
