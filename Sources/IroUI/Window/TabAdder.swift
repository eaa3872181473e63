import CGtk
import GtkSupport
import IroCore

/// Many files opened at once (`iro ~/Pictures/*.jpg`): the window shows the first at once
/// and adds the rest as tabs after the next frame is painted, a few per main-loop turn so
/// frames keep coming, then scrolls the tab bar back to the selected tab.
final class TabAdder {
    static let tabsPerTurn = 8
    static let revealAgainAfter: UInt32 = 300

    private unowned let window: DocumentWindow
    /// Files waiting for their tabs.
    private var waiting: [RawPath] = []
    private var adder: SourceID?
    private var paint: (clock: UnsafeMutableRawPointer, handler: SignalHandlerID)?
    private var fallback: SourceID?
    private var revealAgain: SourceID?
    /// `revealSelectedTab` is moving the selection away and back: not the user's doing.
    private(set) var isRevealingSelection = false

    init(_ window: DocumentWindow) { self.window = window }

    /// Tabs asked for are still being added.
    var isAdding: Bool { !waiting.isEmpty }

    /// Adds tabs for `paths` after the selected tab (unselected, in order) once the next frame
    /// is painted. A window that is not drawn (minimised, or on no screen) gets them after
    /// half a second all the same.
    func add(_ paths: [RawPath]) {
        let wasWaiting = !waiting.isEmpty
        waiting += paths
        guard !wasWaiting else { return }
        if let clock = gtk_widget_get_frame_clock(window.window.widget) {
            let handler = onSignal(raw(clock), "after-paint") { [weak self] in self?.start() }
            paint = (raw(clock), handler)
        }
        fallback = addTimeout(milliseconds: 500) { [weak self] in
            self?.start()
            return false
        }
    }

    /// The window is closing: nothing more is added.
    func cancel() {
        adder?.cancel()
        fallback?.cancel()
        revealAgain?.cancel()
    }

    /// Adds the waiting tabs, a few per main-loop turn (once, from whichever comes first).
    private func start() {
        if let (clock, handler) = paint { disconnect(clock, handler) }
        paint = nil
        fallback?.cancel()
        guard adder == nil, !waiting.isEmpty, !window.isBeingDestroyed else { return }
        adder = addIdle { [weak self] in
            guard let self, !self.window.isBeingDestroyed else { return false }
            for path in self.waiting.prefix(Self.tabsPerTurn) { self.window.open(path, select: false) }
            self.waiting.removeFirst(min(Self.tabsPerTurn, self.waiting.count))
            guard self.waiting.isEmpty else { return true }
            self.adder = nil
            self.revealSelectedTab()
            // Once more when the tab bar's animations of the tabs just added have ended
            // (200 ms in libadwaita 1.2): a scroll one of them still had to make could
            // otherwise win over the first (the first tab was seen out of view once in a
            // few dozen end-to-end runs).
            self.revealAgain?.cancel()
            self.revealAgain = after(milliseconds: Self.revealAgainAfter) { [weak self] in
                guard let self, !self.window.isBeingDestroyed else { return }
                self.revealSelectedTab()
            }
            return false
        }
    }

    /// Scrolls the tab bar back to the selected tab after many were added behind it:
    /// AdwTabBar follows each tab added, and 1.2 has no call to scroll it, only the
    /// selection it follows. So the selection moves to a neighbour and back, with none
    /// of the effects a user's switch has.
    func revealSelectedTab() {
        let tabView = window.tabView
        guard let selected = adw_tab_view_get_selected_page(tabView), window.pageCount > 1 else { return }
        let position = Int(adw_tab_view_get_page_position(tabView, selected))
        guard let other = adw_tab_view_get_nth_page(tabView, Int32(position == 0 ? 1 : position - 1)) else { return }
        isRevealingSelection = true
        defer { isRevealingSelection = false }
        adw_tab_view_set_selected_page(tabView, other)
        adw_tab_view_set_selected_page(tabView, selected)
    }
}
