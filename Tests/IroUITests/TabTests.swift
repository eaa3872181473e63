import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR B1–B5 and A3 through the same actions, signals and drops users trigger.
final class TabTests: XCTestCase {
    @MainActor static func files(_ harness: AppHarness, _ names: [String]) -> [URL] {
        names.map { harness.fixtures.quadrants($0, width: 40, height: 30) }
    }

    @MainActor static func titles(_ window: DocumentWindow) -> [String] {
        window.pages.map { string(adw_tab_page_get_title($0)) ?? "" }
    }

    @MainActor static func selectedTitle(_ window: DocumentWindow) -> String? {
        adw_tab_view_get_selected_page(window.tabView).flatMap { string(adw_tab_page_get_title($0)) }
    }

    /// The window order knows every window and no other, and every document is a tab of one window only.
    @MainActor static func assertSessionMatchesUI(_ harness: AppHarness, file: StaticString = #filePath, line: UInt = #line) {
        let app = harness.app
        XCTAssertEqual(Set(app.windowOrder.windows), Set(app.windows.map(\.id)), "windows", file: file, line: line)
        let documents = app.windows.flatMap { $0.views.map(\.document.id) }
        XCTAssertEqual(Set(documents).count, documents.count, "each document in one tab", file: file, line: line)
    }

    func testCommandLineFilesBecomeTabsOfOneWindow() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = Self.files(harness, ["a.png", "b.png", "c.png"])
            let window = try XCTUnwrap(harness.open(urls))
            XCTAssertEqual(harness.app.windows.count, 1)
            XCTAssertEqual(Self.titles(window), ["a.png", "b.png", "c.png"])
            XCTAssertEqual(window.pages.map { string(adw_tab_page_get_tooltip($0)) ?? "" }, urls.map(\.path))
            XCTAssertEqual(Self.selectedTitle(window), "a.png", "the first file is shown")
            Self.assertSessionMatchesUI(harness)
        }
    }

    func testTabBarShowsOnlyWithTwoOrMoreTabs() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = Self.files(harness, ["one.png", "two.png"])
            let window = try XCTUnwrap(harness.open([urls[0]]))
            GtkTestEnvironment.pump(for: 0.1)
            // AdwTabBar's autohide folds it to nothing rather than hiding the widget.
            XCTAssertEqual(gtk_widget_get_height(window.tabBar.widget), 0, "one tab: no tab bar")
            GtkTestEnvironment.waitUntilDrawn(window.window.widget)
            // The bar appears whole in the first frame after the second tab, without a slide
            // that would shrink the view (and fit its image again) over a dozen frames; with
            // animations on, as on a desktop (the tests run without).
            iro_object_set_boolean(raw(gtk_settings_get_default()!), "gtk-enable-animations", 1)
            defer { iro_object_set_boolean(raw(gtk_settings_get_default()!), "gtk-enable-animations", 0) }
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window.widget))
            var firstHeight: Int32?
            let handler = onSignal(raw(clock), "after-paint") {
                if firstHeight == nil { firstHeight = gtk_widget_get_height(window.tabBar.widget) }
            }
            defer { disconnect(raw(clock), handler) }
            harness.open([urls[1]])
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { gtk_widget_get_height(window.tabBar.widget) > 20 }, "two tabs: tab bar")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { firstHeight != nil })
            XCTAssertEqual(firstHeight, gtk_widget_get_height(window.tabBar.widget), "whole from the first frame")
            window.actions.activate("close-tab")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { gtk_widget_get_height(window.tabBar.widget) == 0 }, "back to one tab")
        }
    }

    func testCloseTabClosesTheSelectedTabAndTheLastClosesTheWindow() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.files(harness, ["a.png", "b.png"])))
            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            window.actions.activate("close-tab")
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(Self.titles(window), ["a.png"])
            Self.assertSessionMatchesUI(harness)
            window.actions.activate("close-tab")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { harness.app.windows.isEmpty }, "the last tab closes its window")
            XCTAssertTrue(harness.app.windowOrder.windows.isEmpty)
        }
    }

    func testNextAndPreviousTabWrapAround() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.files(harness, ["a.png", "b.png", "c.png"])))
            window.actions.activate("next-tab")
            XCTAssertEqual(Self.selectedTitle(window), "b.png")
            window.actions.activate("next-tab")
            window.actions.activate("next-tab")
            XCTAssertEqual(Self.selectedTitle(window), "a.png", "wraps from the last to the first")
            window.actions.activate("previous-tab")
            XCTAssertEqual(Self.selectedTitle(window), "c.png", "wraps from the first to the last")
            Self.assertSessionMatchesUI(harness)
        }
    }

    func testAltNumberSelectsThatTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.files(harness, ["a.png", "b.png", "c.png"])))
            let group = gcastOpaque(raw(window.window), g_action_group_get_type())
            g_action_group_activate_action(group, "select-tab", g_variant_new_int32(3))
            XCTAssertEqual(Self.selectedTitle(window), "c.png")
            g_action_group_activate_action(group, "select-tab", g_variant_new_int32(9))
            XCTAssertEqual(Self.selectedTitle(window), "c.png", "a number past the last tab does nothing")
            g_action_group_activate_action(group, "select-tab", g_variant_new_int32(1))
            XCTAssertEqual(Self.selectedTitle(window), "a.png")
        }
    }

    /// Each shortcut in BEHAVIOUR B2/B3 is bound to its action on the application.
    func testAcceleratorsReachTheirActions() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let app = gcast(raw(harness.app.application), gtk_application_get_type(), as: GtkApplication.self)
            let expected: [(String, String)] = [
                ("<Control>w", "win.close-tab"), ("<Control>Tab", "win.next-tab"), ("<Control>Page_Down", "win.next-tab"),
                ("<Control><Shift>Tab", "win.previous-tab"), ("<Control>Page_Up", "win.previous-tab"),
                ("<Alt>1", "win.select-tab(1)"), ("<Alt>9", "win.select-tab(9)"), ("<Control>n", "app.new-window"),
                ("<Control>o", "app.open"), ("<Control>question", "win.show-help-overlay"),
            ]
            for (accel, action) in expected {
                let actions = gtk_application_get_actions_for_accel(app, accel)
                defer { g_strfreev(actions) }
                XCTAssertEqual(actions.flatMap { string($0[0]) }, action, accel)
            }
        }
    }

    func testNewWindowActionOpensAnEmptyWindowWithStartPage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            harness.open(Self.files(harness, ["a.png"]))
            harness.app.actions.activate("new-window")
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(harness.app.windows.count, 2)
            let fresh = try XCTUnwrap(harness.app.windows.last)
            XCTAssertTrue(fresh.isShowingStartPage)
            XCTAssertNotNil(fresh.startPageOpenButton)
        }
    }

    func testMoveTabToNewWindow() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.files(harness, ["a.png", "b.png"])))
            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            window.actions.activate("move-tab-to-new-window")
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(harness.app.windows.count, 2)
            XCTAssertEqual(Self.titles(window), ["a.png"])
            XCTAssertEqual(Self.titles(try XCTUnwrap(harness.app.windows.last)), ["b.png"])
            XCTAssertFalse(window.actions.isEnabled("move-tab-to-new-window"), "a lone tab has nowhere to move from")
            Self.assertSessionMatchesUI(harness)
        }
    }

    func testMergeAllWindowsGathersEveryTabInWindowOrder() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = Self.files(harness, ["a.png", "b.png", "c.png", "d.png"])
            let first = try XCTUnwrap(harness.open([urls[0], urls[1]]))
            harness.open([urls[2]], newWindow: true)
            harness.open([urls[3]], newWindow: true)
            XCTAssertEqual(harness.app.windows.count, 3)
            gtk_window_present(first.window)
            harness.app.windowOrder.activate(first.id)
            harness.app.actions.activate("merge-all-windows")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { harness.app.windows.count == 1 })
            XCTAssertEqual(Self.titles(first), ["a.png", "b.png", "c.png", "d.png"])
            Self.assertSessionMatchesUI(harness)
        }
    }

    func testDroppedFilesBecomeTabs() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.files(harness, ["a.png"])))
            let dropped = Self.files(harness, ["x.png", "y.png"])
            let list = dropped.map { g_file_new_for_path($0.path)! }
            var glist: UnsafeMutablePointer<GSList>?
            for file in list.reversed() { glist = g_slist_prepend(glist, raw(file)) }
            let fileList = gdk_file_list_new_from_list(glist)
            g_slist_free(glist)
            var value = GValue()
            g_value_init(&value, gdk_file_list_get_type())
            g_value_take_boxed(&value, fileList.map { UnsafeRawPointer($0) })
            let handled = iro_emit_drop(
                raw(try XCTUnwrap(controllers(of: window.window.widget, ofType: gtk_drop_target_get_type()).first)), &value, 10, 10)
            g_value_unset(&value)
            for file in list { g_object_unref(raw(file)) }
            XCTAssertEqual(handled, 1)
            GtkTestEnvironment.pump(timeout: 5) { window.views.allSatisfy { !$0.model.isLoading } }
            XCTAssertEqual(Self.titles(window), ["a.png", "x.png", "y.png"])
            XCTAssertEqual(Self.selectedTitle(window), "x.png")
            Self.assertSessionMatchesUI(harness)
        }
    }

    /// Dragging a tab onto another window's tab bar moves it (AdwTabView transfers the page).
    func testTabTransferredToAnotherWindowMovesInTheSession() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = Self.files(harness, ["a.png", "b.png", "c.png"])
            let first = try XCTUnwrap(harness.open([urls[0], urls[1]]))
            let second = try XCTUnwrap(harness.open([urls[2]], newWindow: true))
            adw_tab_view_transfer_page(first.tabView, first.pages[1], second.tabView, 0)
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(Self.titles(first), ["a.png"])
            XCTAssertEqual(Self.titles(second), ["b.png", "c.png"])
            Self.assertSessionMatchesUI(harness)
            // Reordering by dragging within a bar is recorded too.
            adw_tab_view_reorder_page(second.tabView, second.pages[0], 1)
            XCTAssertEqual(Self.titles(second), ["c.png", "b.png"])
            Self.assertSessionMatchesUI(harness)
        }
    }

    /// Dropping a tab outside every tab bar asks for a new window (AdwTabView::create-window).
    func testTabDraggedOutGetsANewWindow() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.files(harness, ["a.png", "b.png"])))
            let created = try XCTUnwrap(iro_emit_create_window(raw(window.tabView)))
            XCTAssertEqual(harness.app.windows.count, 2)
            XCTAssertEqual(created, harness.app.windows.last.map { raw($0.tabView) })
            adw_tab_view_transfer_page(window.tabView, window.pages[1], cast(created), 0)
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(Self.titles(try XCTUnwrap(harness.app.windows.last)), ["b.png"])
            Self.assertSessionMatchesUI(harness)
        }
    }

    func testSecondOpenGoesToTheMostRecentlyActiveWindow() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let urls = Self.files(harness, ["a.png", "b.png", "c.png"])
            let first = try XCTUnwrap(harness.open([urls[0]]))
            let second = try XCTUnwrap(harness.open([urls[1]], newWindow: true))
            harness.app.windowOrder.activate(first.id)
            harness.open([urls[2]])
            XCTAssertEqual(Self.titles(first), ["a.png", "c.png"])
            XCTAssertEqual(Self.titles(second), ["b.png"])
        }
    }

    func testShortcutsWindowListsTheShortcuts() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start())
            let window = ShortcutsWindow.make()
            defer { gtk_window_destroy(gcast(raw(window), gtk_window_get_type())) }
            let xml = ShortcutsWindow.xml()
            for title in ["Close Tab", "Next Tab", "Previous Tab", "Go to Tab 1…9", "Zoom In", "Zoom Out", "New Window", "Open"] {
                XCTAssertTrue(xml.contains(">\(title)<"), title)
            }
            // Everything the image's menu offers has a key, listed (BEHAVIOUR E6, F4).
            let listed = Accelerators.all.flatMap(\.entries).filter { $0.listed && !$0.keys.isEmpty }
            for item in ImageContextMenu.sections.joined() {
                let entry = listed.first { $0.action == item.action }
                XCTAssertNotNil(entry, "\(item.action) has a listed shortcut")
                if let entry { XCTAssertTrue(xml.contains(">\(ShortcutsWindow.escape(entry.title))<"), entry.title) }
            }
        }
    }
}

/// BEHAVIOUR A6 with many files: only the tab shown and its neighbours decode; the others
/// wait until they are shown.
final class LazyTabTests: XCTestCase {
    func testOnlyTheShownTabAndItsNeighboursDecodeUntilOthersAreShown() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let names = (1...7).map { "photo-\($0).png" }
            let window = try XCTUnwrap(harness.open(TabTests.files(harness, names)))
            let views = window.views
            @MainActor func decoded() -> [Bool] { views.map { $0.canvas.pyramid != nil } }
            XCTAssertEqual(decoded(), [true, true, false, false, false, false, false], "the first (shown) and the second (next to it)")
            XCTAssertFalse(views.contains { $0.model.isLoading }, "the waiting tabs do not spin")
            XCTAssertEqual(TabTests.titles(window), names, "every tab is there, named")

            // Showing the fifth decodes it and the fourth and sixth beside it.
            adw_tab_view_set_selected_page(window.tabView, window.page(of: views[4]))
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 5) { decoded() == [true, true, false, true, true, true, false] }, "\(decoded())")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { views[4].canvas.showsExactRendering }, "and shows it")
        }
    }

    func testTabsAddedAfterTheFirstFrameArriveEvenInAWindowThatIsNotDrawn() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let files = TabTests.files(harness, ["a.png", "b.png", "c.png"])
            let window = harness.app.makeWindow() // never presented: no frame ever comes
            window.open(RawPath(files[0].path), select: true)
            window.openAfterNextFrame(files.dropFirst().map { RawPath($0.path) })
            XCTAssertEqual(window.pageCount, 1, "the others wait for the first frame")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { window.pageCount == 3 }, "and come without one")
            XCTAssertEqual(TabTests.titles(window), ["a.png", "b.png", "c.png"])
        }
    }
}
