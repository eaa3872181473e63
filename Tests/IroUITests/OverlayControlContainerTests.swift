import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR D1, D2, D5: the reusable overlay container in a real window, driven through the
/// real signals of its controllers (motion enter/leave, the control's gesture begin/end,
/// focus enter/leave) and mapping. Animations are off in tests, so the revealer's
/// `child-revealed` follows `reveal-child` at once.
final class OverlayControlContainerTests: XCTestCase {
    func testShowsWhenTheViewAppearsAndFadesOutWhenTheInitialTimeIsUp() throws {
        try onMain {
            let before = monotonicSeconds()
            let f = OverlayFixture(initialDuration: 0.4)
            defer { f.close() }
            let deadline = try XCTUnwrap(f.container.visibility.hideDeadline, "a hide timer runs from the moment the view appeared")
            // The timer is the initial duration after mapping, which happened in between.
            XCTAssertGreaterThanOrEqual(deadline, before + 0.4)
            XCTAssertLessThanOrEqual(deadline, monotonicSeconds() + 0.4)
            if monotonicSeconds() < deadline { // (a stalled machine may already be past it)
                XCTAssertTrue(f.container.isRevealed)
                XCTAssertTrue(f.container.isFullyShown)
            }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            XCTAssertGreaterThanOrEqual(monotonicSeconds(), deadline, "never hidden before the initial time is up")
            XCTAssertFalse(f.container.isFullyShown)
        }
    }

    func testPointerEnteringCancelsTheInitialTimerSoItNeverHidesUnderThePointer() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.3)
            defer { f.close() }
            f.pointerEnters()
            XCTAssertNil(f.container.visibility.hideDeadline, "entering cancels the timer")
            GtkTestEnvironment.pump(for: 0.6)
            XCTAssertTrue(f.container.isRevealed, "still shown under the pointer after the initial time")
            f.pointerLeaves()
            XCTAssertFalse(f.container.isRevealed, "hidden once the pointer leaves")
        }
    }

    /// A zoom in a tab's first seconds ends the capsule's first display then, not 2 s in.
    func testAZoomInTheFirstSecondsHidesTheCapsuleAtOnce() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png", width: 2400, height: 1800)]))
            let view = try XCTUnwrap(window.selectedView)
            try XCTSkipIf(
                view.hueOverlay.visibility.hideDeadline == nil,
                "the window took over 2 s to open (a busy machine): the first display is already over")
            XCTAssertTrue(view.hueOverlay.isRevealed)
            window.actions.activate("zoom-in")
            XCTAssertFalse(view.hueOverlay.isRevealed, "the zoom ends the first display")
            XCTAssertNil(view.hueOverlay.visibility.hideDeadline)
        }
    }

    func testPointerEnteringShowsItAgainAndLeavingHidesIt() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            f.pointerEnters()
            XCTAssertTrue(f.container.isRevealed)
            XCTAssertTrue(f.container.isFullyShown)
            f.pointerLeaves()
            XCTAssertFalse(f.container.isRevealed)
        }
    }

    func testADragKeepsItShownAfterThePointerLeavesAndHidesOnReleaseOnlyIfOutside() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })

            // Press, leave while dragging, release outside: shown throughout, hidden after.
            f.pointerEnters()
            f.gestureBegins()
            f.pointerLeaves()
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertTrue(f.container.isRevealed, "stays while the slider is dragged, pointer or not")
            f.gestureEnds()
            XCTAssertFalse(f.container.isRevealed, "released outside: hidden")

            // Press and release inside: still shown, until the pointer leaves.
            f.pointerEnters()
            f.gestureBegins()
            f.gestureEnds()
            XCTAssertTrue(f.container.isRevealed, "released inside: shown")
            f.pointerLeaves()
            XCTAssertFalse(f.container.isRevealed)
        }
    }

    func testKeyboardFocusShowsItAndHoldsItOpen() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            gtk_window_set_focus_visible(cast(f.window), 1) // the keyboard is in use
            f.focus(entering: true)
            XCTAssertTrue(f.container.isRevealed)
            GtkTestEnvironment.pump(for: 0.4)
            XCTAssertTrue(f.container.isRevealed, "focus holds it open")
            f.focus(entering: false)
            XCTAssertFalse(f.container.isRevealed)
        }
    }

    func testFocusFromAClickDoesNotHoldItOpenButTurnsIntoKeyboardFocusWhenKeysAreUsed() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            gtk_window_set_focus_visible(cast(f.window), 0) // pointer in use (GTK clears it on clicks)
            f.pointerEnters()
            f.gestureBegins()
            f.focus(entering: true) // GtkScale grabs focus on every click
            f.gestureEnds()
            f.pointerLeaves()
            XCTAssertFalse(f.container.isRevealed, "a click's focus does not keep it after the pointer left")
            XCTAssertFalse(f.container.visibility.isFocused)
            gtk_window_set_focus_visible(cast(f.window), 1) // then the arrow keys are pressed
            XCTAssertTrue(f.container.isRevealed, "the focused slider is now used from the keyboard: shown")
            f.focus(entering: false)
            XCTAssertFalse(f.container.isRevealed)
        }
    }

    func testTheKeyboardReachesTheFadedOutControlAndShowsIt() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            XCTAssertEqual(gtk_widget_get_mapped(f.control), 0, "faded out: the control itself is unmapped")
            gtk_window_set_focus_visible(cast(f.window), 1)
            // Tab: the faded-out control cannot take focus, its stand-in can.
            XCTAssertNotEqual(gtk_widget_child_focus(f.window, GTK_DIR_TAB_FORWARD), 0)
            XCTAssertTrue(f.container.isRevealed, "keyboard focus shows it")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 2) { gtk_window_get_focus(cast(f.window)) == f.control },
                "focus moves on into the control once shown")
            XCTAssertEqual(gtk_widget_get_focusable(f.container.revealer), 0, "shown: the revealer is out of the Tab order")
            GtkTestEnvironment.pump(for: 0.3)
            XCTAssertTrue(f.container.isRevealed, "held open by focus")
            gtk_window_set_focus(cast(f.window), nil)
            XCTAssertFalse(f.container.isRevealed)
            XCTAssertNotEqual(gtk_widget_get_focusable(f.container.revealer), 0, "hidden: the stand-in is back")
        }
    }

    func testAppearingAgainShowsItAndForgetsPointerAndDrag() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            gtk_widget_set_visible(f.container.widget, 0)
            XCTAssertFalse(f.container.isRevealed)
            gtk_widget_set_visible(f.container.widget, 1)
            XCTAssertTrue(f.container.isRevealed, "mapped again: the view appeared")
            XCTAssertNotNil(f.container.visibility.hideDeadline)

            // Hidden from under a resting pointer in mid-drag (a tab switched by keyboard):
            // nothing may hold it open when it comes back.
            f.pointerEnters()
            f.gestureBegins()
            gtk_widget_set_visible(f.container.widget, 0)
            XCTAssertFalse(f.container.visibility.isPointerInside)
            XCTAssertFalse(f.container.visibility.isDragging)
            gtk_widget_set_visible(f.container.widget, 1)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
        }
    }

    /// Its owner (a DocumentView) may outlive the tab's widgets, e.g. as a window's last
    /// selected view; a hide timer still pending then must not touch freed widgets.
    func testOutlivingItsWidgetsWithATimerPendingIsSafe() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            let container = f.container
            XCTAssertNotNil(container.visibility.hideDeadline)
            f.close() // window and widgets destroyed, container kept
            GtkTestEnvironment.pump(for: 0.5)
            XCTAssertFalse(container.isRevealed && container.isFullyShown && gtk_widget_get_mapped(container.widget) != 0)
        }
    }

    func testCapsuleFloatsBottomCentre16PxUpOverContentThatKeepsItsSize() throws {
        try onMain {
            // With Iro's stylesheet (a margin around the capsule for its shadow) and without.
            for stylesheet in [true, false] {
                let provider = stylesheet ? OverlayFixture.loadStylesheet() : nil
                defer { provider.map(OverlayFixture.unloadStylesheet) }
                let f = OverlayFixture(initialDuration: 5)
                defer { f.close() }
                GtkTestEnvironment.pump(for: 0.1)
                let container = f.container.widget
                XCTAssertEqual(gtk_widget_get_width(f.content), gtk_widget_get_width(container), "the content does not shrink")
                XCTAssertEqual(gtk_widget_get_height(f.content), gtk_widget_get_height(container), "the content does not shrink")
                XCTAssertEqual(gtk_widget_get_parent(f.container.revealer), container, "an overlay child, not a sibling")

                var bounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(f.container.capsule, container, &bounds), 0)
                let bottomGap = Double(gtk_widget_get_height(container)) - Double(bounds.origin.y + bounds.size.height)
                XCTAssertEqual(bottomGap, 16, accuracy: 0.5, "stylesheet \(stylesheet): capsule edge 16 px above the bottom")
                let centre = Double(bounds.origin.x + bounds.size.width / 2)
                XCTAssertEqual(centre, Double(gtk_widget_get_width(container)) / 2, accuracy: 1, "centred")
                XCTAssertNotEqual(gtk_widget_has_css_class(f.container.capsule, "overlay-capsule"), 0)
                XCTAssertEqual(gtk_revealer_get_transition_type(cast(f.container.revealer)), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
                XCTAssertTrue((200...300).contains(gtk_revealer_get_transition_duration(cast(f.container.revealer))))
            }
        }
    }

    func testTheControlsAreaStillTakesThePointerWhileFadedOut() throws {
        try onMain {
            let f = OverlayFixture(initialDuration: 0.2)
            defer { f.close() }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { !f.container.isRevealed })
            let width = Double(gtk_widget_get_width(f.container.widget)), height = Double(gtk_widget_get_height(f.container.widget))
            // Where the capsule would be, the revealer is hit: its motion controller sees the pointer come.
            let nearControl = gtk_widget_pick(f.container.widget, width / 2, height - 30, GTK_PICK_DEFAULT)
            XCTAssertEqual(nearControl, f.container.revealer)
            let elsewhere = gtk_widget_pick(f.container.widget, width / 2, height / 3, GTK_PICK_DEFAULT)
            XCTAssertNotEqual(elsewhere, f.container.revealer)
        }
    }
}

/// A window holding an OverlayControlContainer around plain content, with a button as
/// the control and a click gesture on it as the control's drag gesture.
@MainActor
final class OverlayFixture {
    let window: UnsafeMutablePointer<GtkWidget>
    let content: UnsafeMutablePointer<GtkWidget>
    let control: UnsafeMutablePointer<GtkWidget>
    let gesture: OpaquePointer
    let container: OverlayControlContainer

    init(initialDuration: Double) {
        precondition(GtkTestEnvironment.start(), "GTK could not start")
        window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 640, 480)
        content = gtk_label_new("content")!
        gtk_widget_set_hexpand(content, 1)
        gtk_widget_set_vexpand(content, 1)
        control = gtk_button_new_with_label("Control")!
        gesture = gtk_gesture_click_new()!
        gtk_widget_add_controller(control, gesture)
        container = OverlayControlContainer(content: content, control: control, initialDuration: initialDuration)
        container.followDrags(of: gesture)
        gtk_window_set_child(cast(window), container.widget)
        gtk_window_present(cast(window))
        GtkTestEnvironment.waitUntilDrawn(container.widget)
    }

    func close() {
        gtk_window_destroy(cast(window))
        GtkTestEnvironment.pump(for: 0.05)
    }

    func pointerEnters() { iro_emit_double_double(raw(container.motion), "enter", 10, 10) }
    func pointerLeaves() { iro_emit_void(raw(container.motion), "leave") }
    func gestureBegins() { iro_emit_pointer(raw(gesture), "begin", nil) }
    func gestureEnds() { iro_emit_pointer(raw(gesture), "end", nil) }
    /// Real focus changes: the focus controller sees them as GTK delivers them.
    func focus(entering: Bool) { gtk_window_set_focus(cast(window), entering ? control : nil) }

    /// Iro's own data/style.css for the default display, as the application loads it.
    static func loadStylesheet() -> OpaquePointer? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/style.css").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path), let provider = gtk_css_provider_new() else { return nil }
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider),
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return OpaquePointer(provider)
    }

    static func unloadStylesheet(_ provider: OpaquePointer) {
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), provider)
        g_object_unref(raw(provider))
    }
}
