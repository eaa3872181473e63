import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR C5, B1, A6, A7 in real windows: what a user sees after `iro FILE…`.
final class ImageWindowTests: XCTestCase {
    func testSmallPNGShowsAtNaturalSizeCentredWithExactPixels() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("quadrants.png", width: 400, height: 300)
            let window = try XCTUnwrap(harness.open([url]))
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "quadrants.png")
            let view = try XCTUnwrap(window.selectedView)
            let zoom = try XCTUnwrap(view.canvas.zoom)
            XCTAssertEqual(zoom.scale, 1, "an image smaller than the view shows at 100 %")
            XCTAssertEqual(zoom.mode, .bestFit)

            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let originX = (pixels.width - 400) / 2, originY = (pixels.height - 300) / 2
            for (x, y) in [(100, 75), (300, 75), (100, 225), (300, 225), (1, 1), (398, 298)] {
                let expected = Fixtures.quadrantColor(x: x, y: y, width: 400, height: 300)
                XCTAssertTrue(
                    pixels.pixel(originX + x, originY + y).isClose(to: expected, tolerance: 2),
                    "image (\(x),\(y)): \(pixels.pixel(originX + x, originY + y)) vs \(expected)")
            }
            // Outside the image: the canvas background, not image colour.
            let outside = pixels.pixel(max(0, originX - 5), originY + 150)
            XCTAssertFalse(outside.isClose(to: RGBA(255, 0, 0), tolerance: 40))
        }
    }

    func testJPEGPixelsMatchWithinCompressionTolerance() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("photo.jpg", width: 320, height: 240, type: "jpeg")
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertEqual(view.canvas.zoom?.scale, 1)
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let originX = (pixels.width - 320) / 2, originY = (pixels.height - 240) / 2
            for (x, y) in [(80, 60), (240, 60), (80, 180), (240, 180)] {
                let expected = Fixtures.quadrantColor(x: x, y: y, width: 320, height: 240)
                XCTAssertTrue(pixels.pixel(originX + x, originY + y).isClose(to: expected, tolerance: 12), "(\(x),\(y))")
            }
        }
    }

    func testLargeImageShowsWholeAtBestFit() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // 3000×2000 with a 100-px magenta frame around green: at best fit the frame shows on all four sides.
            let url = harness.fixtures.image("large.png", width: 3000, height: 2000) { x, y in
                (x < 100 || y < 100 || x >= 2900 || y >= 1900) ? RGBA(255, 0, 255) : RGBA(0, 160, 0)
            }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let zoom = try XCTUnwrap(view.canvas.zoom)
            let viewport = view.canvas.viewportSize
            XCTAssertLessThan(zoom.scale, 1)
            XCTAssertEqual(zoom.scale, min(viewport.width / 3000, viewport.height / 2000), accuracy: 1e-9)
            let content = zoom.contentSize
            XCTAssertLessThanOrEqual(content.width, viewport.width + 0.5)
            XCTAssertLessThanOrEqual(content.height, viewport.height + 0.5)

            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: zoom.scale)
            let inset = 100 * zoom.scale / 2 // middle of the frame band
            let points = [
                (origin.x + inset, origin.y + content.height / 2), (origin.x + content.width - inset, origin.y + content.height / 2),
                (origin.x + content.width / 2, origin.y + inset), (origin.x + content.width / 2, origin.y + content.height - inset),
            ]
            for (x, y) in points {
                XCTAssertTrue(
                    pixels.pixel(Int(x), Int(y)).isClose(to: RGBA(255, 0, 255), tolerance: 40),
                    "frame at \(x),\(y): \(pixels.pixel(Int(x), Int(y)))")
            }
            XCTAssertTrue(
                pixels.pixel(Int(origin.x + content.width / 2), Int(origin.y + content.height / 2)).isClose(
                    to: RGBA(0, 160, 0), tolerance: 10))
            // The zoom toolbar shows the same scale as a percentage.
            XCTAssertEqual(string(gtk_label_get_text(cast(window.header.zoomToolbar.percentage))), "\(Int((zoom.scale * 100).rounded())) %")
        }
    }

    func testEachBadInputGetsItsErrorPageAndOtherTabsAreUnaffected() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let f = harness.fixtures
            let folder = f.url("a folder")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let good = f.quadrants("good.png", width: 40, height: 30)
            let cases: [(URL, LoadError)] = [
                (f.url("missing.png"), .notFound),
                (folder, .isFolder),
                (f.bytes("empty.png", []), .emptyFile),
                (f.bytes("text.png", Array("hello".utf8)), .unsupportedFormat),
                (
                    f.bytes("bomb.png", PNGBytes.signature + PNGBytes.header(width: 90_000, height: 90_000)),
                    .tooLarge(width: 90_000, height: 90_000)
                ),
            ]
            let window = try XCTUnwrap(harness.open([good] + cases.map(\.0) + [f.bytes("cut.png", Array(f.data(of: good).prefix(60)))]))
            XCTAssertEqual(window.pageCount, cases.count + 2)
            let views = window.views
            XCTAssertEqual(views[0].visiblePage, "image", "the good image is unaffected by its bad neighbours")
            for (index, (url, expected)) in cases.enumerated() {
                let view = views[index + 1]
                // A tab in the background decodes once shown: show each in turn.
                adw_tab_view_set_selected_page(window.tabView, window.page(of: view))
                GtkTestEnvironment.pump(timeout: 5) { view.visiblePage == "error" }
                XCTAssertEqual(view.visiblePage, "error", url.lastPathComponent)
                XCTAssertEqual(view.document.state, .failed(expected), url.lastPathComponent)
                let page = try XCTUnwrap(view.errorPage)
                XCTAssertEqual(string(adw_status_page_get_title(cast(page))), expected.title)
                let description = string(adw_status_page_get_description(cast(page))) ?? ""
                XCTAssertTrue(description.contains(url.lastPathComponent), "the page names the file: \(description)")
            }
            let truncated = try XCTUnwrap(views.last)
            adw_tab_view_set_selected_page(window.tabView, window.page(of: truncated))
            GtkTestEnvironment.pump(timeout: 5) { truncated.visiblePage == "error" }
            guard case .failed(.damaged) = truncated.document.state else { return XCTFail("truncated PNG: \(truncated.document.state)") }
        }
    }

    func testEmptyWindowShowsStartPageWithOpenButton() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([]))
            XCTAssertEqual(window.pageCount, 0)
            XCTAssertTrue(window.isShowingStartPage)
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "Iro")
            let button = try XCTUnwrap(window.startPageOpenButton)
            XCTAssertEqual(string(gtk_actionable_get_action_name(cast(button))), "app.open")
            XCTAssertFalse(window.actions.isEnabled("zoom-in"), "nothing to zoom in an empty window")
        }
    }

    func testTitleFollowsTheSelectedTab() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let a = harness.fixtures.quadrants("first.png", width: 20, height: 20)
            let b = harness.fixtures.quadrants("second.png", width: 20, height: 20)
            let window = try XCTUnwrap(harness.open([a, b]))
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "first.png")
            adw_tab_view_set_selected_page(window.tabView, adw_tab_view_get_nth_page(window.tabView, 1))
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "second.png")
        }
    }
}
