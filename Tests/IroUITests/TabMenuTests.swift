import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// The tab's context menu (BEHAVIOUR F6): its items act on the tab it opened on, not the
/// selected one, and are offered only where they can act.
final class TabMenuTests: XCTestCase {
    /// A window with tabs a, b, c, d (a selected), and its menu opened on tab `on`.
    @MainActor static func window(_ harness: AppHarness, menuOn index: Int) throws -> DocumentWindow {
        let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png", "b.png", "c.png", "d.png"])))
        GtkTestEnvironment.pump(for: 0.05)
        window.tabMenu.page = window.pages[index]
        window.tabMenu.update()
        return window
    }

    func testTheMenuOffersTheTabItems() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, ["a.png"])))
            let model = try XCTUnwrap(adw_tab_view_get_menu_model(window.tabView))
            var labels: [String] = []
            for section in 0..<g_menu_model_get_n_items(model) {
                guard let items = g_menu_model_get_item_link(model, section, G_MENU_LINK_SECTION) else { continue }
                for item in 0..<g_menu_model_get_n_items(items) {
                    let value = g_menu_model_get_item_attribute_value(items, item, G_MENU_ATTRIBUTE_LABEL, nil)
                    labels.append(value.map { String(cString: g_variant_get_string($0, nil)) } ?? "")
                    if let value { g_variant_unref(value) }
                }
                g_object_unref(raw(items))
            }
            XCTAssertEqual(
                labels,
                [
                    "_Link View", "Compare _With", "_Move to New Window", "_Duplicate Tab", "Close _Other Tabs", "Close Tabs to the _Right",
                    "_Close Tab",
                ])
            // One tab: nothing to move it from, no others, nothing to its right.
            window.tabMenu.update()
            XCTAssertFalse(window.actions.isEnabled("tab-move-to-new-window"))
            XCTAssertFalse(window.actions.isEnabled("tab-close-others"))
            XCTAssertFalse(window.actions.isEnabled("tab-close-right"))
            XCTAssertTrue(window.actions.isEnabled("tab-duplicate"))
        }
    }

    func testCloseOtherTabsKeepsTheTabTheMenuIsFor() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.window(harness, menuOn: 1)
            window.actions.activate("tab-close-others")
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(TabTests.titles(window), ["b.png"])
            TabTests.assertSessionMatchesUI(harness)
        }
    }

    func testCloseTabsToTheRight() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.window(harness, menuOn: 1)
            XCTAssertEqual(TabTests.selectedTitle(window), "a.png", "the menu is on another tab than the selected one")
            window.actions.activate("tab-close-right")
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png"])
            window.tabMenu.page = window.pages[1]
            window.tabMenu.update()
            XCTAssertFalse(window.actions.isEnabled("tab-close-right"), "nothing right of the last tab")
            TabTests.assertSessionMatchesUI(harness)
        }
    }

    func testDuplicateOpensTheSameFileBesideItWithAViewOfItsOwn() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.window(harness, menuOn: 1)
            let original = try XCTUnwrap(DocumentWindow.view(of: window.pages[1]))
            window.actions.activate("tab-duplicate")
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png", "b.png", "c.png", "d.png"])
            XCTAssertEqual(TabTests.selectedTitle(window), "b.png")
            let copy = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(copy === DocumentWindow.view(of: window.pages[2]), "the copy is right of the original, and shown")
            XCTAssertFalse(copy === original)
            XCTAssertNotEqual(copy.document.id, original.document.id)
            XCTAssertEqual(copy.document.path, original.document.path)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { copy.model.levels != nil }, "the copy shows the image")
            TabTests.assertSessionMatchesUI(harness)
        }
    }

    func testMoveToNewWindowMovesTheTabTheMenuIsFor() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.window(harness, menuOn: 2)
            window.actions.activate("tab-move-to-new-window")
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(harness.app.windows.count, 2)
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png", "d.png"])
            XCTAssertEqual(TabTests.titles(try XCTUnwrap(harness.app.windows.last)), ["c.png"])
            TabTests.assertSessionMatchesUI(harness)
        }
    }

    /// The menu's tab closed in the meantime: its items act on the selected tab, never on a
    /// tab that is gone.
    func testAMenuTabThatIsGoneFallsBackToTheSelectedTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try Self.window(harness, menuOn: 3)
            adw_tab_view_close_page(window.tabView, window.pages[3])
            GtkTestEnvironment.pump(for: 0.05)
            window.actions.activate("tab-close-others")
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(TabTests.titles(window), ["a.png"])
        }
    }
}
