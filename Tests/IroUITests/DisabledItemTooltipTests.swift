import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: a file action that cannot apply is insensitive in the menus, with a
/// tooltip that says why.
final class DisabledItemTooltipTests: XCTestCase {
    /// The menu button bound to `action` under `root`, found by its label in the menu's table.
    @MainActor static func item(_ action: String, in root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard let label = PrimaryMenu.items.joined().first(where: { $0.action == action })?.label.replacing("_", with: "") else {
            return nil
        }
        return WidgetTree.first(under: root) { $0 != root && takeString(iro_object_dup_string(raw($0), "text")) == label }
    }

    func testAnErrorTabsMenuSaysWhyItsFileActionsAreOff() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let broken = harness.fixtures.bytes("broken.png", [0x89, 0x50, 0x4E, 0x47, 9, 9])
            let good = harness.fixtures.quadrants("good.png")
            let window = try XCTUnwrap(harness.open([broken]))
            XCTAssertNil(gtk_menu_button_get_popover(window.header.menuButton), "the menu is made when it first opens")
            gtk_menu_button_popup(window.header.menuButton)
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(window.header.menuButton)).widget
            GtkTestEnvironment.pump(timeout: 5) { Self.item("win.print", in: popover) != nil }
            for action in ["win.copy", "win.print", "win.set-background"] {
                let item = try XCTUnwrap(Self.item(action, in: popover), action)
                XCTAssertEqual(gtk_widget_get_sensitive(item), 0, action)
                XCTAssertEqual(string(gtk_widget_get_tooltip_text(item)), "“broken.png” could not be read", action)
            }
            gtk_menu_button_popdown(window.header.menuButton)

            // The same menu over an image: nothing to explain.
            harness.app.open([RawPath(good.path)], newWindow: false)
            GtkTestEnvironment.pump(timeout: 10) { window.selectedView?.canvas.zoom != nil }
            gtk_menu_button_popup(window.header.menuButton)
            XCTAssertEqual(gtk_menu_button_get_popover(window.header.menuButton)?.widget, popover, "and kept")
            let copy = try XCTUnwrap(Self.item("win.copy", in: popover))
            XCTAssertEqual(gtk_widget_get_sensitive(copy), 1)
            XCTAssertNil(string(gtk_widget_get_tooltip_text(copy)))
            gtk_menu_button_popdown(window.header.menuButton)
        }
    }
}
