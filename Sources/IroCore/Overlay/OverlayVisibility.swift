/// When the floating overlay control is shown (BEHAVIOUR D2), as a state machine the UI feeds
/// with events. Times are passed in explicitly (seconds, any monotonic clock) so the rules
/// are tested without a main loop; the UI schedules a timer for `hideDeadline` and calls
/// `timerFired(at:)` when it fires. Fading is the UI's business: it animates towards
/// `isVisible` whenever an event returns true.
///
/// The rules, in short: shown for the first 2 s after the view appears, unless the user moves
/// the view (zooms, scrolls, turns it) before then; shown while the pointer is over the
/// control, while the slider is dragged and while it has keyboard focus; hidden as soon as
/// none of those hold (once the initial 2 s are over or cancelled).
public struct OverlayVisibility: Equatable, Sendable {
    /// GLib timeouts are scheduled in whole milliseconds, so one may wake a hair before a
    /// deadline computed in floating point; this much earliness still counts as on time.
    public static let timerSlack = 0.001

    public let initialDuration: Double
    public private(set) var isVisible = false
    /// When the UI must call `timerFired(at:)`; nil when no timer is pending.
    public private(set) var hideDeadline: Double?
    public private(set) var isPointerInside = false
    public private(set) var isDragging = false
    public private(set) var isFocused = false

    public init(initialDuration: Double = 2) {
        self.initialDuration = initialDuration
    }

    /// Something holds the overlay open regardless of timers.
    private var isHeld: Bool { isPointerInside || isDragging || isFocused }

    /// The document's view appeared: show for `initialDuration`.
    @discardableResult
    public mutating func viewAppeared(at time: Double) -> Bool {
        // The timer is pointless while something holds the overlay open; when that ends it
        // hides on its own.
        hideDeadline = isHeld ? nil : time + initialDuration
        return setVisible(true)
    }

    /// The user moved the view: the first seconds' display has served as a hint, and would
    /// only stand over the image being looked at. It ends now (and with it the fade, with
    /// the zoom it comes with, rather than seconds later); what holds the control keeps it.
    @discardableResult
    public mutating func viewMovedByUser(at time: Double) -> Bool {
        guard hideDeadline != nil else { return false }
        hideDeadline = nil
        return hideIfReleased()
    }

    /// Entering cancels the pending timer, so it never hides under the pointer.
    @discardableResult
    public mutating func pointerEntered(at time: Double) -> Bool {
        isPointerInside = true
        hideDeadline = nil
        return setVisible(true)
    }

    @discardableResult
    public mutating func pointerLeft(at time: Double) -> Bool {
        isPointerInside = false
        return hideIfReleased()
    }

    /// The slider is being dragged: it stays visible even if the pointer leaves.
    @discardableResult
    public mutating func dragBegan(at time: Double) -> Bool {
        isDragging = true
        hideDeadline = nil
        return setVisible(true)
    }

    /// After a drag it hides only if the pointer is outside (and nothing else holds it).
    @discardableResult
    public mutating func dragEnded(at time: Double) -> Bool {
        isDragging = false
        return hideIfReleased()
    }

    /// Keyboard focus on the slider shows it and keeps it shown.
    @discardableResult
    public mutating func focusEntered(at time: Double) -> Bool {
        isFocused = true
        hideDeadline = nil
        return setVisible(true)
    }

    @discardableResult
    public mutating func focusLeft(at time: Double) -> Bool {
        isFocused = false
        return hideIfReleased()
    }

    /// The hide timer fired. Does nothing when the timer was cancelled or replaced by a
    /// later one (a stale timer), when it is early, or while something holds the overlay.
    @discardableResult
    public mutating func timerFired(at time: Double) -> Bool {
        guard let deadline = hideDeadline, time + Self.timerSlack >= deadline else { return false }
        hideDeadline = nil
        guard !isHeld else { return false }
        return setVisible(false)
    }

    /// Hides once nothing holds the overlay, unless the initial timer is still running
    /// (then the timer decides).
    private mutating func hideIfReleased() -> Bool {
        guard !isHeld, hideDeadline == nil else { return false }
        return setVisible(false)
    }

    private mutating func setVisible(_ visible: Bool) -> Bool {
        guard isVisible != visible else { return false }
        isVisible = visible
        return true
    }
}
