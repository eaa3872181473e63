/// Where the tab commands lead in a window of `count` tabs (BEHAVIOUR B1): Ctrl+Tab and
/// Ctrl+PageDown to the next tab, wrapping from the last to the first; Ctrl+Shift+Tab and
/// Ctrl+PageUp to the previous one, wrapping the other way; Alt+1…9 to the tab of that
/// number, if there is one. Positions count from 0; nil: the command does nothing.
public enum TabNavigation {
    public static func next(after position: Int, count: Int) -> Int? { step(from: position, by: 1, count: count) }

    public static func previous(before position: Int, count: Int) -> Int? { step(from: position, by: -1, count: count) }

    /// Alt+`number` (1 is the first tab): a number past the last tab does nothing.
    public static func numbered(_ number: Int, count: Int) -> Int? {
        (1...max(1, count)).contains(number) && count > 0 ? number - 1 : nil
    }

    private static func step(from position: Int, by delta: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let from = (0..<count).contains(position) ? position : 0
        return ((from + delta) % count + count) % count
    }
}
