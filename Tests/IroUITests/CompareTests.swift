import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Compare With (BEHAVIOUR F6): tabs side by side in named panes whose views are linked.
final class CompareTests: XCTestCase {
    @MainActor static func activate(_ window: DocumentWindow, _ action: String, _ position: Int) {
        g_action_group_activate_action(OpaquePointer(window.window), action, g_variant_new_int32(Int32(position)))
    }

    /// A window with two gradient tabs, a.png and b.png, the first selected.
    @MainActor static func twoTabs(_ harness: AppHarness) throws -> DocumentWindow {
        let urls = [LinkViewTests.gradient(harness, "a.png"), LinkViewTests.gradient(harness, "b.png")]
        let window = try XCTUnwrap(harness.open(urls))
        LinkViewTests.select(window.views[0], in: window)
        return window
    }

    @MainActor static func settle(_ pane: ComparePane) {
        gtk_widget_queue_draw(pane.canvas.widget)
        GtkTestEnvironment.pump(timeout: 5) { pane.canvas.showsExactRendering }
    }

    func testTwoNamedPanesThatZoomAndPanTogether() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.twoTabs(harness)
            Self.activate(window, "compare-with", 1)
            let comparison = try XCTUnwrap(window.comparing.view)
            XCTAssertEqual(string(gtk_stack_get_visible_child_name(window.content)), "compare")
            XCTAssertEqual(comparison.panes.map(\.displayName), ["a.png", "b.png"])
            let (a, b) = (comparison.panes[0], comparison.panes[1])
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { a.canvas.zoom != nil && b.canvas.zoom != nil })
            XCTAssertEqual(a.visiblePage, "image")

            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { window.actions.isEnabled("zoom-200") }, "the toolbar follows the panes")
            window.actions.activate("zoom-200") // the active pane, a
            XCTAssertEqual(a.canvas.zoom?.scale, 2)
            XCTAssertEqual(b.canvas.zoom?.scale, 2, "the other pane follows at once")
            let horizontal = gtk_scrollable_get_hadjustment(OpaquePointer(b.canvas.widget))!
            gtk_adjustment_set_value(horizontal, gtk_adjustment_get_value(horizontal) + 300) // panning b
            XCTAssertEqual(a.canvas.offset.x, b.canvas.offset.x, accuracy: 0.5, "a follows b")
            comparison.hueControl.value = 0.3
            XCTAssertEqual(a.canvas.hue, 0.3)
            XCTAssertEqual(b.canvas.hue, 0.3, "one slider for every pane")

            // On screen: the same picture, so the same pixels in both panes.
            Self.settle(a)
            Self.settle(b)
            let left = try XCTUnwrap(WidgetRenderer.render(a.canvas.widget))
            let right = try XCTUnwrap(WidgetRenderer.render(b.canvas.widget))
            for (x, y) in [(40, 40), (200, 150), (100, 300)] {
                XCTAssertTrue(left.pixel(x, y).isClose(to: right.pixel(x, y), tolerance: 2), "(\(x), \(y))")
            }
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png"], "the tabs stay")
        }
    }

    func testEscEndsTheComparisonAndTheTabsAreAsTheyWere() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png", "b.png"])))
            LinkViewTests.select(window.views[0], in: window)
            Self.activate(window, "compare-with", 1)
            XCTAssertTrue(window.comparing.isActive)
            XCTAssertTrue(window.actions.isEnabled("end-compare"))
            window.actions.activate("end-compare")
            XCTAssertFalse(window.comparing.isActive)
            XCTAssertEqual(string(gtk_stack_get_visible_child_name(window.content)), "tabs")
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png"])
            XCTAssertEqual(TabTests.selectedTitle(window), "a.png")
        }
    }

    /// A pane's zoom and scroll are its own: the tab it shows keeps the view its document
    /// holds, and finds it again when the comparison ends.
    func testAPaneHasAViewOfItsOwnAndTheTabKeepsItsView() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.twoTabs(harness)
            let tab = window.views[0]
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { tab.model.view.zoom != nil })
            let tabView = tab.model.view
            Self.activate(window, "compare-with", 1)
            let comparison = try XCTUnwrap(window.comparing.view)
            let pane = comparison.panes[0]
            XCTAssertTrue(pane.source === tab.model)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { window.actions.isEnabled("zoom-200") })
            window.actions.activate("zoom-200")
            XCTAssertEqual(pane.ownView.view.zoom?.scale, 2, "the pane's view holds its zoom")
            XCTAssertEqual(pane.canvas.zoom, pane.ownView.view.zoom)
            XCTAssertEqual(tab.model.view, tabView, "the tab's view is untouched")
            window.actions.activate("end-compare")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 5) { tab.canvas.zoom == tabView.zoom && tab.canvas.offset == tabView.scrollOffset })
        }
    }

    /// A tab dropped on the side of the image area. libadwaita carries the drag out: the tab
    /// leaves its tab view when the drag begins and, dropped on this window's content, is
    /// attached here (the same signals as a transfer, which stands in for the drag: a real
    /// one is in the end-to-end test_compare_drop.py). Over a side, a hint covers that half;
    /// dropped there, the tab is compared with the image shown, on that side.
    func testATabDroppedOnTheSideOfTheImageIsComparedThere() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png", "b.png"])))
            LinkViewTests.select(window.views[0], in: window)
            let other = try XCTUnwrap(harness.open([LinkViewTests.gradient(harness, "c.png")], newWindow: true))
            XCTAssertFalse(other === window)
            let zone = try XCTUnwrap(window.comparing.dropZone)
            let shown = window.views[0], dragged = try XCTUnwrap(other.views.first)
            let width = Double(gtk_widget_get_width(window.tabView.widget))

            zone.moved(to: width * 0.5, over: nil)
            XCTAssertNil(zone.side, "the middle third is libadwaita's")
            XCTAssertEqual(gtk_widget_get_visible(zone.hint), 0)
            zone.moved(to: width * 0.1, over: nil)
            XCTAssertEqual(zone.side, .left)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { gtk_widget_get_width(zone.hint) > 100 }, "laid out")
            var hint = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(zone.hint, window.tabView.widget, &hint), 0)
            XCTAssertLessThan(Double(hint.origin.x), 20, "over the left half: \(hint)")
            XCTAssertEqual(Double(hint.size.width), width / 2, accuracy: 30)

            other.transfer(dragged.document.id, to: window) // dropped on the content
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { window.comparing.isActive })
            let panes = try XCTUnwrap(window.comparing.view?.panes)
            XCTAssertTrue(panes.count == 2 && panes[0].source === dragged.model && panes[1].source === shown.model, "dropped on the left")
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png", "c.png"])
            XCTAssertEqual(gtk_widget_get_visible(zone.hint), 0)
        }
    }

    func testATabDroppedInTheMiddleOfTheImageIsNotCompared() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png", "b.png"])))
            let other = try XCTUnwrap(harness.open([LinkViewTests.gradient(harness, "c.png")], newWindow: true))
            let zone = try XCTUnwrap(window.comparing.dropZone)
            let width = Double(gtk_widget_get_width(window.tabView.widget))
            zone.moved(to: width * 0.9, over: nil)
            XCTAssertEqual(zone.side, .right)
            zone.moved(to: width * 0.5, over: nil)
            other.transfer(try XCTUnwrap(other.views.first).document.id, to: window)
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertFalse(window.comparing.isActive)
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png", "c.png"], "only moved here, as libadwaita does")
        }
    }

    func testAPaneShowsItsTabsErrorAndClosingItEndsTheComparison() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let broken = harness.fixtures.url("broken.png")
            try Data("not an image".utf8).write(to: broken)
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png"]) + [broken]))
            LinkViewTests.select(window.views[0], in: window)
            Self.activate(window, "compare-with", 1)
            let comparison = try XCTUnwrap(window.comparing.view)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { comparison.panes[1].visiblePage == "error" })
            XCTAssertEqual(comparison.panes[0].visiblePage, "image")
            comparison.remove(comparison.panes[1].source) // its close button
            XCTAssertFalse(window.comparing.isActive, "one pane is no comparison")
        }
    }

    func testUpToFourPanesAndAClosedTabLeavesThem() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png", "b.png", "c.png", "d.png", "e.png"])))
            LinkViewTests.select(window.views[0], in: window)
            for position in 1...4 { Self.activate(window, "compare-with", position) }
            let comparison = try XCTUnwrap(window.comparing.view)
            XCTAssertEqual(comparison.panes.map(\.displayName), ["a.png", "b.png", "c.png", "d.png"], "four at most")
            adw_tab_view_close_page(window.tabView, window.pages[3])
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(comparison.panes.map(\.displayName), ["a.png", "b.png", "c.png"])
        }
    }

    func testTheMenusListTheTabsToCompareWith() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png", "b_2.png"])))
            func labels(_ menu: OpaquePointer) -> [String] {
                let model: UnsafeMutablePointer<GMenuModel> = gcast(UnsafeMutableRawPointer(menu), g_menu_model_get_type())
                return (0..<g_menu_model_get_n_items(model)).map { index -> String in
                    let value = g_menu_model_get_item_attribute_value(model, index, G_MENU_ATTRIBUTE_LABEL, nil)
                    defer { if let value { g_variant_unref(value) } }
                    return value.map { String(cString: g_variant_get_string($0, nil)) } ?? ""
                }
            }
            LinkViewTests.select(window.views[0], in: window)
            XCTAssertEqual(labels(window.comparing.targets), ["b__2.png"], "the other tab, its underscore not a mnemonic")
            LinkViewTests.select(window.views[1], in: window)
            XCTAssertEqual(labels(window.comparing.targets), ["a.png"], "not the tab shown, which nothing compares with")
            // The tab's menu, opened on b, lists a and compares b with it.
            window.tabMenu.page = window.pages[1]
            window.tabMenu.update()
            XCTAssertEqual(labels(window.comparing.tabTargets), ["a.png"])
            window.tabMenu.page = window.pages[0]
            window.tabMenu.update()
            XCTAssertEqual(labels(window.comparing.tabTargets), ["b__2.png"], "not the tab the menu opened on")
            window.tabMenu.page = window.pages[1]
            window.tabMenu.update()
            Self.activate(window, "tab-compare-with", 0)
            XCTAssertEqual(window.comparing.view?.panes.map(\.displayName), ["b_2.png", "a.png"])
        }
    }

    func testAnAnimationPlaysInItsPane() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let frames = [GIFFixture.Frame(AnimationTests.red, delay: 5), .init(AnimationTests.green, delay: 5)]
            let gif = harness.fixtures.bytes("anim.gif", GIFFixture.make(width: 40, height: 40, frames: frames))
            let window = try XCTUnwrap(harness.open([gif, LinkViewTests.gradient(harness, "b.png")]))
            let player = try XCTUnwrap(window.views[0].model.player)
            LinkViewTests.select(window.views[0], in: window)
            Self.activate(window, "compare-with", 1)
            let pane = try XCTUnwrap(window.comparing.view?.panes.first)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { pane.canvas.zoom != nil })
            // The tab's own canvas is off screen, yet its frames go on, and the pane shows them.
            let seen = AnimationTests.watchFrames(pane.canvas, seconds: 1)
            XCTAssertGreaterThanOrEqual(Set(seen.map { "\($0.colour)" }).count, 2, "red and green in turn: \(seen.map(\.colour))")
            XCTAssertFalse(player.isPaused)

            window.comparing.end()
            XCTAssertFalse((window.views[0].model.panesShowing > 0))
            LinkViewTests.select(window.views[1], in: window)
            let shown = player.framesShown
            GtkTestEnvironment.pump(timeout: 0.5) { false }
            XCTAssertLessThanOrEqual(player.framesShown, shown + 1, "a background tab pauses again once it is no longer compared")
        }
    }
}
