import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR D1–D4 in the application's own windows: each tab floats its own hue slider over
/// the image, the slider drives that tab's hue live, and it can be reset.
final class HueOverlayTests: XCTestCase {
    func testEachTabFloatsAHueSliderOverItsFullSizeImage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png")]))
            let view = try XCTUnwrap(window.selectedView)
            let hue = view.hueControl, overlay = view.hueOverlay
            GtkTestEnvironment.pump(timeout: 2) { gtk_widget_get_width(hue.scale) > 0 }

            let label = try XCTUnwrap(gtk_widget_get_first_child(hue.widget))
            XCTAssertEqual(string(gtk_label_get_text(cast(label))), "Hue:")
            XCTAssertEqual(gtk_widget_get_next_sibling(label), hue.scale)
            XCTAssertEqual(
                gtk_orientable_get_orientation(gcastOpaque(raw(hue.scale), gtk_orientable_get_type())), GTK_ORIENTATION_HORIZONTAL)
            // The slider widget's box is 250 px (the theme pads the trough inside it).
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(hue.scale, hue.scale, &bounds), 0)
            XCTAssertEqual(bounds.size.width, 250)
            let adjustment = gtk_range_get_adjustment(gcast(raw(hue.scale), gtk_range_get_type()))
            XCTAssertEqual(gtk_adjustment_get_lower(adjustment), 0)
            XCTAssertEqual(gtk_adjustment_get_upper(adjustment), 1)
            XCTAssertEqual(hue.value, 0.5, "starts centred: the image unchanged")
            XCTAssertEqual(view.canvas.hue, 0.5)

            // The slider is inside the capsule, an overlay over the scrolled canvas, which
            // keeps the whole tab area.
            XCTAssertTrue(gtk_widget_is_ancestor(hue.scale, overlay.capsule) != 0)
            let scroller = try XCTUnwrap(gtk_widget_get_parent(view.canvas.widget))
            XCTAssertEqual(gtk_widget_get_height(scroller), gtk_widget_get_height(overlay.widget))
            XCTAssertEqual(gtk_widget_get_width(scroller), gtk_widget_get_width(overlay.widget))
            XCTAssertTrue(overlay.isRevealed, "shown when the image appears")
        }
    }

    func testShownForTwoSecondsAfterTheImageAppearsThenHiddenAndShownAgainOnReturningToTheTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let shownFrom = monotonicSeconds()
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("a.png"), harness.fixtures.quadrants("b.png")]))
            let first = try XCTUnwrap(window.selectedView), second = try XCTUnwrap(window.views.last)
            let deadline = try XCTUnwrap(first.hueOverlay.visibility.hideDeadline)
            XCTAssertGreaterThanOrEqual(deadline - shownFrom, 2, "2 s after the view appeared")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 6) { !first.hueOverlay.isRevealed })
            XCTAssertGreaterThanOrEqual(monotonicSeconds(), deadline)

            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertTrue(second.hueOverlay.isRevealed, "the other tab's view appears: its slider shows")
            adw_tab_view_set_selected_page(window.tabView, window.pages[0])
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertTrue(first.hueOverlay.isRevealed, "back to the first tab: shown again")
        }
    }

    func testKeyboardFocusStartsOnTheCanvasNotTheSlider() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png")]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertEqual(gtk_window_get_focus(window.window), view.canvas.widget)
            XCTAssertFalse(view.hueOverlay.visibility.isFocused, "focus does not hold the overlay open")
        }
    }

    func testTheSliderChangesTheTabsHueLive() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png")]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.canvas.showsExactRendering })
            for value in [0.55, 0.6, 0.9, 0.1, 0.5 + 1.0 / 3] {
                view.hueControl.value = value
                XCTAssertEqual(view.model.hue, value, "the document keeps it")
                XCTAssertEqual(view.canvas.renderer.rendering?.hue, value, "the canvas recolours what it draws, on every change")
            }
        }
    }

    func testDoubleClickAndTheResetActionPutItBackInTheMiddle() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("q.png")]))
            let view = try XCTUnwrap(window.selectedView)
            let press = raw(view.hueControl.pressGesture)

            view.hueControl.value = 0.8
            iro_emit_int_double_double(press, "released", 1, 20, 5)
            XCTAssertEqual(view.hueControl.value, 0.8, "a single click does not reset")
            iro_emit_int_double_double(press, "released", 2, 20, 5)
            XCTAssertEqual(view.hueControl.value, 0.5, "a double-click resets")
            XCTAssertEqual(view.canvas.hue, 0.5)

            view.hueControl.value = 0.2
            window.actions.activate("reset-hue")
            XCTAssertEqual(view.hueControl.value, 0.5, "win.reset-hue resets")
            XCTAssertEqual(view.model.hue, 0.5)
        }
    }

    /// The overlay follows presses through this gesture; GtkRange claims every press for
    /// its own drag gesture, which would end any gesture outside that group at once.
    func testThePressGestureSharesTheSlidersOwnDragGroup() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start())
            let hue = HueControl()
            let sink = ObjectRef(retaining: raw(hue.widget))
            defer { _ = sink }
            let rangeDrag = try XCTUnwrap(controllers(of: hue.scale, ofType: gtk_gesture_drag_get_type()).first)
            XCTAssertNotEqual(gtk_gesture_is_grouped_with(rangeDrag, hue.pressGesture), 0)
            XCTAssertEqual(gtk_widget_get_focus_on_click(hue.scale), 0, "a click leaves keyboard focus where it was")
        }
    }

    func testEachTabKeepsItsOwnHue() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("a.png"), harness.fixtures.quadrants("b.png")]))
            let first = try XCTUnwrap(window.selectedView), second = try XCTUnwrap(window.views.last)
            XCTAssertFalse(first === second)
            first.hueControl.value = 0.8

            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(second.hueControl.value, 0.5)
            XCTAssertEqual(second.canvas.hue, 0.5)
            second.hueControl.value = 0.3

            adw_tab_view_set_selected_page(window.tabView, window.pages[0])
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(window.selectedView?.hueControl.value, 0.8, "restored on switching back")
            XCTAssertEqual(first.canvas.hue, 0.8)
            XCTAssertEqual(first.model.hue, 0.8)
            XCTAssertEqual(second.model.hue, 0.3)
        }
    }
}
