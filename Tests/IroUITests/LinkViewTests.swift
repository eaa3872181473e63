import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Linked views (BEHAVIOUR F6): linked tabs share zoom, centre, rotation and hue, across a
/// tab switch and across windows; unlinking gives a tab its own view back.
final class LinkViewTests: XCTestCase {
    /// A picture whose every pixel tells where it is: red grows to the right, green downwards.
    @MainActor static func gradient(_ harness: AppHarness, _ name: String, width: Int = 1600, height: Int = 1200) -> URL {
        harness.fixtures.image(name, width: width, height: height) { x, y in
            RGBA(UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), 90)
        }
    }

    @MainActor static func select(_ view: DocumentView, in window: DocumentWindow) {
        guard let page = window.page(of: view) else { return XCTFail("no tab for the view") }
        adw_tab_view_set_selected_page(window.tabView, page)
        GtkTestEnvironment.pump(timeout: 5) { view.isOnScreen && view.canvas.zoom != nil }
        ZoomTests.settle(view)
    }

    /// Activates `action` once the window has enabled it for its selected tab, which it does
    /// after layout: on a busy machine, after the selection has been seen.
    @MainActor static func activate(_ action: String, in window: DocumentWindow) {
        XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.actions.isEnabled(action) }, "\(action) enabled")
        window.actions.activate(action)
    }

    /// Scrolls `view` as a scroll bar or the wheel does, to put image fraction `centre` in the middle.
    @MainActor static func scroll(_ view: DocumentView, toCentre centre: Point) {
        let zoom = view.canvas.zoom!
        let content = zoom.contentSize
        let horizontal = gtk_scrollable_get_hadjustment(OpaquePointer(view.canvas.widget))!
        let vertical = gtk_scrollable_get_vadjustment(OpaquePointer(view.canvas.widget))!
        gtk_adjustment_set_value(horizontal, centre.x * content.width - zoom.viewportSize.width / 2)
        gtk_adjustment_set_value(vertical, centre.y * content.height - zoom.viewportSize.height / 2)
    }

    /// The view's pixels on screen, `spots` of them across the canvas.
    @MainActor static func shown(_ view: DocumentView) throws -> [RGBA] {
        let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
        let width = Int(gtk_widget_get_width(view.canvas.widget)), height = Int(gtk_widget_get_height(view.canvas.widget))
        return [(0.5, 0.5), (0.2, 0.3), (0.8, 0.3), (0.3, 0.8), (0.7, 0.7)].map { fx, fy in
            pixels.pixel(Int(Double(width) * fx), Int(Double(height) * fy))
        }
    }

    /// 1.png and z.png to open, in a folder where 2.png comes after 1.png (a step's target).
    @MainActor static func stepping(_ harness: AppHarness) -> [URL] {
        let one = gradient(harness, "1.png")
        _ = gradient(harness, "2.png")
        return [one, gradient(harness, "z.png")]
    }

    /// A window of two files of the same picture (what an A/B comparison of two exports
    /// looks like), both tabs linked, the first one shown.
    @MainActor static func linkedPair(_ harness: AppHarness) throws -> (DocumentWindow, DocumentView, DocumentView) {
        let window = try XCTUnwrap(harness.open([gradient(harness, "a.png"), gradient(harness, "b.png")]))
        let (a, b) = linkBoth(in: window)
        return (window, a, b)
    }

    /// The window's first two tabs, linked, the first one shown.
    @MainActor static func linkBoth(in window: DocumentWindow) -> (DocumentView, DocumentView) {
        let (a, b) = (window.views[0], window.views[1])
        select(a, in: window)
        a.model.setLinked(true)
        b.model.setLinked(true)
        return (a, b)
    }

    func testLinkedTabsShowTheSameViewAfterASwitch() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, a, b) = try Self.linkedPair(harness)
            Self.activate("zoom-200", in: window)
            Self.scroll(a, toCentre: Point(x: 0.3, y: 0.6))
            window.actions.activate("rotate-clockwise")
            a.hueControl.value = 0.7
            ZoomTests.settle(a)
            let seen = try Self.shown(a)
            let centre = try XCTUnwrap(a.linkedView(hue: a.model.hue)?.centre)

            Self.select(b, in: window)
            XCTAssertEqual(b.canvas.zoom?.scale, 2)
            XCTAssertEqual(b.canvas.quarterTurns, 1)
            XCTAssertEqual(b.hueControl.value, 0.7, accuracy: 1e-9)
            XCTAssertEqual(b.linkedView(hue: b.model.hue)?.centre.x ?? 0, centre.x, accuracy: 1e-6)
            XCTAssertEqual(b.linkedView(hue: b.model.hue)?.centre.y ?? 0, centre.y, accuracy: 1e-6)
            let other = try Self.shown(b)
            for (index, (mine, theirs)) in zip(seen, other).enumerated() {
                XCTAssertTrue(mine.isClose(to: theirs, tolerance: 3), "spot \(index): \(theirs) where the linked tab showed \(mine)")
            }

            // And back: nothing moved on the way.
            Self.select(a, in: window)
            XCTAssertEqual(try Self.shown(a), seen)
        }
    }

    func testImagesOfOtherSizesShareZoomAsAPercentageAndTheCentreAsAFraction() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let big = Self.gradient(harness, "big.png", width: 2400, height: 1800)
            let small = Self.gradient(harness, "small.png", width: 1200, height: 900)
            let window = try XCTUnwrap(harness.open([big, small]))
            let (a, b) = Self.linkBoth(in: window)
            Self.activate("zoom-200", in: window) // so that the small one can scroll there too
            Self.scroll(a, toCentre: Point(x: 0.75, y: 0.25))
            ZoomTests.settle(a)
            let middle = try XCTUnwrap(Self.shown(a).first)

            Self.select(b, in: window)
            XCTAssertEqual(b.canvas.zoom?.percent, 200, "the same scale of its own pixels")
            let point = ZoomTests.imagePointAtCentre(b.canvas)
            XCTAssertEqual(point.x, 900, accuracy: 1)
            XCTAssertEqual(point.y, 225, accuracy: 1)
            // The same spot of the picture is in the middle, so the same colour.
            let theirs = try XCTUnwrap(Self.shown(b).first)
            XCTAssertTrue(middle.isClose(to: theirs, tolerance: 3), "\(theirs) in the middle where the linked tab showed \(middle)")
        }
    }

    func testUnlinkingGivesTheTabItsOwnViewAgain() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, a, b) = try Self.linkedPair(harness)
            Self.activate("zoom-200", in: window)
            Self.select(b, in: window)
            XCTAssertEqual(b.canvas.zoom?.scale, 2)
            window.actions.activate("link-view") // the image menu's item, on b
            XCTAssertFalse(b.model.isLinked)
            XCTAssertTrue(a.model.isLinked)
            window.actions.activate("rotate-clockwise")

            Self.select(a, in: window)
            XCTAssertEqual(a.canvas.quarterTurns, 0, "b's rotation stays b's")
            window.actions.activate("zoom-fit")
            Self.select(b, in: window)
            XCTAssertEqual(b.canvas.zoom?.scale, 2, "a's zoom is a's")
            XCTAssertEqual(b.canvas.quarterTurns, 1)
        }
    }

    func testALinkedTabInAnotherWindowFollowsAtOnce() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let first = try XCTUnwrap(harness.open([Self.gradient(harness, "a.png")]))
            let second = try XCTUnwrap(harness.open([Self.gradient(harness, "b.png")], newWindow: true))
            XCTAssertFalse(first === second)
            let (a, b) = (try XCTUnwrap(first.selectedView), try XCTUnwrap(second.selectedView))
            a.model.setLinked(true)
            b.model.setLinked(true)
            XCTAssertTrue(b.isOnScreen)
            Self.activate("zoom-200", in: first)
            XCTAssertEqual(b.canvas.zoom?.scale, 2, "followed without being switched to")
            a.hueControl.value = 0.2
            XCTAssertEqual(b.hueControl.value, 0.2, accuracy: 1e-9)
            Self.scroll(a, toCentre: Point(x: 0.8, y: 0.8))
            XCTAssertEqual(b.linkedView(hue: b.model.hue)?.centre.x ?? 0, a.linkedView(hue: a.model.hue)?.centre.x ?? 1, accuracy: 1e-6)
            // The follower's own scrolling leads in turn.
            Self.scroll(b, toCentre: Point(x: 0.4, y: 0.3))
            XCTAssertEqual(a.linkedView(hue: a.model.hue)?.centre.x ?? 0, 0.4, accuracy: 0.01)
            XCTAssertEqual(a.linkedView(hue: a.model.hue)?.centre.y ?? 0, 0.3, accuracy: 0.01)
        }
    }

    func testTheMenusAndTheTabShowTheLink() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([Self.gradient(harness, "a.png"), Self.gradient(harness, "b.png")]))
            let (a, b) = (window.views[0], window.views[1])
            Self.select(a, in: window)
            let pageB = try XCTUnwrap(window.page(of: b))
            window.tabMenu.page = pageB
            window.tabMenu.update()
            XCTAssertFalse(window.actions.state("tab-link-view"))
            window.actions.activate("tab-link-view")
            XCTAssertTrue(b.model.isLinked, "the tab the menu opened on")
            XCTAssertFalse(a.model.isLinked)
            XCTAssertNotNil(adw_tab_page_get_indicator_icon(pageB), "a link icon on the tab")
            XCTAssertEqual(adw_tab_page_get_indicator_activatable(pageB), 1)
            XCTAssertNil(adw_tab_page_get_indicator_icon(try XCTUnwrap(window.page(of: a))))
            window.tabMenu.update()
            XCTAssertTrue(window.actions.state("tab-link-view"))
            XCTAssertFalse(window.actions.state("link-view"), "the image menu speaks of the selected tab, a")

            // Clicking the icon unlinks.
            iro_emit_pointer(raw(window.tabView), "indicator-activated", raw(pageB))
            XCTAssertFalse(b.model.isLinked)
            XCTAssertNil(adw_tab_page_get_indicator_icon(pageB))
        }
    }

    func testALinkedTabKeepsItsLinkAndTheViewWhenStepping() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.stepping(harness)))
            let (a, b) = (window.views[0], window.views[1])
            Self.select(b, in: window)
            b.model.setLinked(true)
            Self.activate("zoom-200", in: window)
            window.actions.activate("rotate-clockwise")
            XCTAssertEqual(b.canvas.zoom?.scale, 2)
            XCTAssertEqual(b.canvas.quarterTurns, 1)
            Self.select(a, in: window)
            a.model.setLinked(true)
            XCTAssertEqual(a.canvas.zoom?.scale, 2, "a tab that joins takes the linked view")
            XCTAssertEqual(a.canvas.quarterTurns, 1)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.actions.isEnabled("next-image") })
            window.actions.activate("next-image")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { a.document.displayName == "2.png" && a.canvas.zoom != nil })
            XCTAssertTrue(a.model.isLinked)
            XCTAssertEqual(a.canvas.zoom?.scale, 2)
            XCTAssertEqual(a.canvas.quarterTurns, 1)
        }
    }

    /// BEHAVIOUR F6: the next image of a linked tab takes the shared view, hue included; the
    /// step neither resets the hue of the tab that stepped nor pulls the other linked tabs to
    /// the unchanged hue.
    func testLinkedTabsKeepTheirSharedHueWhenOneSteps() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open(Self.stepping(harness)))
            let (a, b) = Self.linkBoth(in: window)
            a.hueControl.value = 0.8 // the user drags the slider
            XCTAssertEqual(ViewLink.shared.view?.hue, 0.8)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.actions.isEnabled("next-image") })
            window.actions.activate("next-image")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { a.document.displayName == "2.png" && a.canvas.zoom != nil })
            XCTAssertEqual(a.model.hue, 0.8, "the stepped tab keeps the shared hue")
            XCTAssertEqual(a.hueControl.value, 0.8, "its slider shows it")
            XCTAssertEqual(a.canvas.hue, 0.8, "its canvas draws it")
            XCTAssertEqual(ViewLink.shared.view?.hue, 0.8, "the shared view keeps it")
            Self.select(b, in: window) // a linked tab in the background takes the shared view when shown
            XCTAssertEqual(b.model.hue, 0.8, "the other linked tab has it")
            XCTAssertEqual(b.hueControl.value, 0.8)
            XCTAssertEqual(b.canvas.hue, 0.8)
        }
    }

    /// An unlinked tab that steps starts from the unchanged hue (BEHAVIOUR F1).
    func testAnUnlinkedTabStepsToTheUnchangedHue() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([Self.stepping(harness)[0]]))
            let view = try XCTUnwrap(window.selectedView)
            view.hueControl.value = 0.3
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.actions.isEnabled("next-image") })
            window.actions.activate("next-image")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.document.displayName == "2.png" })
            XCTAssertEqual(view.model.hue, 0.5)
            XCTAssertEqual(view.hueControl.value, 0.5)
        }
    }
}
