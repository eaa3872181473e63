import IroCore
import Testing

@Suite struct OverlayVisibilityTests {
    /// A freshly appeared overlay at t = 0, its 2 s timer pending.
    func appeared() -> OverlayVisibility {
        var overlay = OverlayVisibility()
        #expect(overlay.viewAppeared(at: 0) == true)
        return overlay
    }

    @Test func startsHidden() {
        let overlay = OverlayVisibility()
        #expect(!overlay.isVisible)
        #expect(overlay.hideDeadline == nil)
        #expect(overlay.initialDuration == 2)
    }

    @Test func appearShowsForTwoSecondsThenTheTimerHides() {
        var overlay = appeared()
        #expect(overlay.isVisible)
        #expect(overlay.hideDeadline == 2)
        #expect(overlay.timerFired(at: 1.5) == false) // early: ignored, deadline kept
        #expect(overlay.isVisible)
        #expect(overlay.hideDeadline == 2)
        #expect(overlay.timerFired(at: 2) == true)
        #expect(!overlay.isVisible)
        #expect(overlay.hideDeadline == nil)
    }

    /// A zoom (or scroll, or turn) in the first 2 s ends the first display at once: the
    /// capsule fades with the zoom instead of over the image seconds later.
    @Test func movingTheViewEndsTheFirstDisplay() {
        var overlay = appeared()
        #expect(overlay.viewMovedByUser(at: 0.5) == true)
        #expect(!overlay.isVisible)
        #expect(overlay.hideDeadline == nil)
        #expect(overlay.timerFired(at: 2) == false) // the timer it replaced does nothing
    }

    /// What holds the control keeps it; a later move, with the first display over, changes nothing.
    @Test func movingTheViewLeavesAHeldOrLaterControlAlone() {
        var held = appeared()
        held.pointerEntered(at: 0.2)
        #expect(held.viewMovedByUser(at: 0.5) == false)
        #expect(held.isVisible)
        var later = appeared()
        later.timerFired(at: 2)
        later.pointerEntered(at: 3)
        #expect(later.viewMovedByUser(at: 3.5) == false)
        #expect(later.isVisible)
    }

    @Test func timerWakingAMillisecondEarlyCountsAsOnTime() {
        var overlay = appeared()
        #expect(overlay.timerFired(at: 1.9995) == true)
        #expect(!overlay.isVisible)
    }

    @Test func customInitialDuration() {
        var overlay = OverlayVisibility(initialDuration: 3)
        overlay.viewAppeared(at: 10)
        #expect(overlay.hideDeadline == 13)
    }

    @Test func enteringBeforeTheTimerCancelsIt() {
        var overlay = appeared()
        #expect(overlay.pointerEntered(at: 1.9) == false) // already visible: no change
        #expect(overlay.hideDeadline == nil)
        #expect(overlay.timerFired(at: 2.0) == false) // stale timer: never hides under the pointer
        #expect(overlay.isVisible)
    }

    @Test func enteringShowsAndLeavingHides() {
        var overlay = appeared()
        overlay.timerFired(at: 2)
        #expect(overlay.pointerEntered(at: 5) == true)
        #expect(overlay.isVisible)
        #expect(overlay.pointerLeft(at: 6) == true)
        #expect(!overlay.isVisible)
    }

    @Test func leaveThenReenter() {
        var overlay = appeared()
        overlay.pointerEntered(at: 0.5)
        #expect(overlay.pointerLeft(at: 1) == true)
        #expect(!overlay.isVisible)
        #expect(overlay.pointerEntered(at: 1.2) == true)
        #expect(overlay.isVisible)
        #expect(overlay.timerFired(at: 2) == false) // the initial timer was cancelled by the first entry
        #expect(overlay.isVisible)
    }

    @Test func dragKeepsItVisibleAfterLeaving() {
        var overlay = appeared()
        overlay.pointerEntered(at: 3)
        #expect(overlay.dragBegan(at: 3.5) == false)
        #expect(overlay.pointerLeft(at: 4) == false)
        #expect(overlay.isVisible)
        #expect(overlay.dragEnded(at: 5) == true) // released outside
        #expect(!overlay.isVisible)
    }

    @Test func releasingInsideKeepsItVisible() {
        var overlay = appeared()
        overlay.pointerEntered(at: 3)
        overlay.dragBegan(at: 3.5)
        overlay.pointerLeft(at: 4)
        overlay.pointerEntered(at: 4.5)
        #expect(overlay.dragEnded(at: 5) == false)
        #expect(overlay.isVisible)
        #expect(overlay.pointerLeft(at: 6) == true)
        #expect(!overlay.isVisible)
    }

    @Test func timerDuringADragDoesNotHide() {
        var overlay = appeared()
        overlay.dragBegan(at: 1) // e.g. a touch drag without an enter
        #expect(overlay.timerFired(at: 2) == false)
        #expect(overlay.isVisible)
        #expect(overlay.dragEnded(at: 3) == true)
        #expect(!overlay.isVisible)
    }

    @Test func focusShowsAndKeepsIt() {
        var overlay = appeared()
        overlay.timerFired(at: 2)
        #expect(overlay.focusEntered(at: 3) == true)
        #expect(overlay.isVisible)
        overlay.pointerEntered(at: 4)
        #expect(overlay.pointerLeft(at: 5) == false) // still focused
        #expect(overlay.isVisible)
        #expect(overlay.focusLeft(at: 6) == true)
        #expect(!overlay.isVisible)
    }

    @Test func focusLeavingWhileThePointerIsInsideKeepsIt() {
        var overlay = appeared()
        overlay.focusEntered(at: 0.5)
        overlay.pointerEntered(at: 1)
        #expect(overlay.focusLeft(at: 1.5) == false)
        #expect(overlay.isVisible)
    }

    @Test func focusCancelsTheInitialTimer() {
        var overlay = appeared()
        overlay.focusEntered(at: 1)
        #expect(overlay.hideDeadline == nil)
        #expect(overlay.timerFired(at: 2) == false)
        #expect(overlay.isVisible)
    }

    @Test func dragEndedWhileFocusedStaysVisible() {
        var overlay = appeared()
        overlay.focusEntered(at: 0.2)
        overlay.dragBegan(at: 0.3)
        overlay.pointerLeft(at: 0.4)
        #expect(overlay.dragEnded(at: 0.5) == false)
        #expect(overlay.isVisible)
    }

    @Test func staleTimerFromAnEarlierAppearanceIsIgnored() {
        var overlay = appeared()
        overlay.timerFired(at: 2)
        overlay.viewAppeared(at: 10) // switched back to the tab: new 2 s
        #expect(overlay.hideDeadline == 12)
        #expect(overlay.timerFired(at: 11) == false) // the old timer, if it still fires
        #expect(overlay.isVisible)
        #expect(overlay.timerFired(at: 12) == true)
        #expect(!overlay.isVisible)
        #expect(overlay.timerFired(at: 13) == false) // nothing pending any more
    }

    @Test func leavingWhileTheInitialTimerRunsLetsTheTimerDecide() {
        // A leave without an enter (e.g. the pointer was already there when the view appeared
        // and GTK reports only the leave) does not cut the first two seconds short.
        var overlay = appeared()
        #expect(overlay.pointerLeft(at: 0.5) == false)
        #expect(overlay.isVisible)
        #expect(overlay.timerFired(at: 2) == true)
    }

    @Test func appearingUnderThePointerSetsNoTimer() {
        var overlay = OverlayVisibility()
        overlay.pointerEntered(at: 0)
        overlay.pointerLeft(at: 0.1)
        overlay.pointerEntered(at: 0.2)
        #expect(overlay.viewAppeared(at: 1) == false)
        #expect(overlay.hideDeadline == nil)
        #expect(overlay.pointerLeft(at: 2) == true)
    }

    @Test func clocks() {
        var clock = ManualClock(now: 1)
        clock.advance(by: 0.5)
        #expect(clock.now == 1.5)
        let system = MonotonicClock()
        let a = system.now
        #expect(system.now >= a)
        let injected: any OverlayClock = clock
        #expect(injected.now == 1.5)
    }
}
