import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging
@testable import IroUI

/// A large JPEG opens with the detail a screen shows of it, and is decoded again with
/// every pixel when the view zooms past that (BEHAVIOUR A6).
final class DetailOnDemandTests: XCTestCase {
    /// The decodes a zoom asks for, not the one a resting view starts (IdleDetailTests).
    @MainActor private static var restBefore: UInt32?
    override func setUp() {
        MainActor.assumeIsolated { (Self.restBefore, IdleDetail.restMilliseconds) = (IdleDetail.restMilliseconds, nil) }
    }
    override func tearDown() { MainActor.assumeIsolated { IdleDetail.restMilliseconds = Self.restBefore } }

    /// Vertical stripes two pixels wide: at 100 % they alternate, from a reduced level
    /// they blur to grey.
    @MainActor static func stripes(_ harness: AppHarness, _ name: String, width: Int, height: Int) -> URL {
        harness.fixtures.image(name, width: width, height: height, type: "jpeg") { x, _ in
            x / 2 % 2 == 0 ? RGBA(235, 235, 235) : RGBA(20, 20, 20)
        }
    }

    func testALargeJPEGOpensReducedAndGetsEveryPixelWhenZoomedIn() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("large.jpg", width: 4000, height: 3000, type: "jpeg")
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            ZoomTests.settle(view)
            let canvas = view.canvas
            let reduction = DocumentModel.screenDetail.reduction(imageWidth: 4000, imageHeight: 3000)
            XCTAssertGreaterThan(reduction, 1, "4000 × 3000 is more than twice the size of a \(Monitors.largestSize) screen")
            XCTAssertEqual(view.model.levels?.image?.width, 4000 / reduction, "decoded with the detail a screen shows")
            XCTAssertEqual(canvas.zoom?.imageSize, Size(width: 4000, height: 3000), "the view knows the full size")
            XCTAssertFalse(view.model.isLoading, "at best fit nothing more is decoded")
            XCTAssertTrue(window.actions.isEnabled("save-copy"), "a copy decodes every pixel itself")

            window.actions.activate("zoom-reset") // 100 %
            ZoomTests.settle(view)
            let centre = ZoomTests.imagePointAtCentre(canvas)
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) { canvas.pyramid?.detail == 1 && !view.model.isLoading },
                "zooming past the detail held decodes every pixel")
            ZoomTests.settle(view)
            XCTAssertEqual(view.model.levels?.image?.width, 4000)
            XCTAssertEqual(canvas.zoom?.scale, 1, "the view did not move")
            XCTAssertEqual(ZoomTests.imagePointAtCentre(canvas).x, centre.x, accuracy: 0.5)
            XCTAssertEqual(ZoomTests.imagePointAtCentre(canvas).y, centre.y, accuracy: 0.5)
            XCTAssertTrue(canvas.pyramid.map { canvas.renderer.isMade(from: $0) } ?? false, "drawn from the new levels")
        }
    }

    /// Zooming into a large JPEG shows every pixel of the part looked at (decoded on its
    /// own) before the whole image has them, and is exact once it has.
    func testTheZoomedPartOfALargeJPEGIsSharpBeforeTheWholeImageIsDecoded() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = Self.stripes(harness, "stripes.jpg", width: 6000, height: 4000)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let canvas = view.canvas
            ZoomTests.settle(view)
            XCTAssertLessThan(canvas.pyramid?.detail ?? 1, 1)

            window.actions.activate("zoom-reset") // 100 %
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { canvas.pyramid?.region != nil || canvas.pyramid?.detail == 1 })
            let region = try XCTUnwrap(canvas.pyramid?.region, "the part shown arrived before every pixel")
            XCTAssertLessThan(canvas.pyramid?.detail ?? 1, 1)
            XCTAssertTrue(region.rect.contains(try XCTUnwrap(canvas.restingImageRect)), "it covers the view: \(region.rect)")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { canvas.showsExactRendering || canvas.pyramid?.detail == 1 })
            if canvas.pyramid?.region != nil {
                let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
                let (x, y) = (pixels.width / 2, pixels.height / 2)
                let contrast = (0..<4).map { abs(Int(pixels.pixel(x + $0, y).g) - Int(pixels.pixel(x + $0 + 1, y).g)) }.max() ?? 0
                XCTAssertGreaterThan(contrast, 150, "two-pixel stripes, sharp from the region's pixels")
            }

            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 30) { canvas.pyramid?.detail == 1 && !view.model.isLoading })
            XCTAssertNil(canvas.pyramid?.region, "every pixel now: the part is let go")
            ZoomTests.settle(view)
            XCTAssertTrue(canvas.showsExactRendering)
        }
    }

    /// A first zoom step from best fit shows most of the image: it is decoded whole at the new
    /// detail, alone, with no decode of the part shown beside it to share the cores with.
    func testAZoomThatShowsMostOfAJPEGDecodesItWholeWithoutAPart() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // Opened at ½ for the screen; at the first zoom step past ½, in the test's window, the
            // view shows more than half of it.
            let url = Self.stripes(harness, "stripes.jpg", width: 3840, height: 1700)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let canvas = view.canvas
            ZoomTests.settle(view)
            let before = try XCTUnwrap(canvas.pyramid?.detail)
            XCTAssertLessThan(before, 1, "opened reduced")
            // Zoom steps until the view needs more than the detail held.
            var sawPart = false
            for _ in 0..<4 where (canvas.zoom?.scale ?? 1) <= before {
                window.actions.activate("zoom-in")
                sawPart = sawPart || view.model.tasks.region != nil
            }
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 20) {
                    sawPart = sawPart || view.model.tasks.region != nil || canvas.pyramid?.region != nil
                    return (canvas.pyramid?.detail ?? 0) > before && !view.model.isLoading
                })
            let shown = try XCTUnwrap(canvas.restingImageRect)
            XCTAssertGreaterThan(2 * shown.width * shown.height, 3840 * 1700, "the view shows most of the image: \(shown)")
            XCTAssertFalse(sawPart, "no part decoded beside the whole")
            ZoomTests.settle(view)
            XCTAssertTrue(canvas.showsExactRendering)
        }
    }

    /// A JPEG too large to decode whole at the detail a zoom needs (the limit lowered here
    /// from 64 megapixels): only the part looked at is decoded, again wherever the view moves.
    func testAJPEGTooLargeToDecodeWholeShowsThePartsLookedAt() throws {
        try onMain {
            let harness = AppHarness()
            let whole = DocumentModel.wholeDecodePixels
            DocumentModel.wholeDecodePixels = 4_000_000
            defer {
                DocumentModel.wholeDecodePixels = whole
                harness.close()
            }
            let url = Self.stripes(harness, "wide.jpg", width: 4000, height: 3000)
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let canvas = view.canvas
            ZoomTests.settle(view)
            window.actions.activate("zoom-reset") // 100 %
            XCTAssertFalse(view.model.isLoading, "not decoded whole")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { canvas.pyramid?.region != nil && canvas.showsExactRendering })
            let first = try XCTUnwrap(canvas.pyramid?.region)
            XCTAssertEqual(first.scale, 1)
            XCTAssertLessThan(first.rect.width * first.rect.height, 4000 * 3000 / 2, "a part: \(first.rect)")

            canvas.configureAdjustments(offset: Point(x: 0, y: 0)) // to the top-left corner
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 20) {
                    canvas.restingImageRect.map { canvas.pyramid?.region?.holds($0, detail: 1) ?? false } ?? false
                        && canvas.showsExactRendering
                }, "the part moved to is decoded too")
            XCTAssertEqual(canvas.pyramid?.region?.rect.x, 0)
            XCTAssertLessThan(canvas.pyramid?.detail ?? 1, 1, "and still not the whole image")
            XCTAssertFalse(view.model.isLoading)
            let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
            let contrast = (0..<4).map { abs(Int(pixels.pixel(100 + $0, 100).g) - Int(pixels.pixel(101 + $0, 100).g)) }.max() ?? 0
            XCTAssertGreaterThan(contrast, 150, "two-pixel stripes, sharp")
        }
    }

    /// An SVG zoomed past 100 % is drawn again at the zoom's scale, not enlarged: an edge
    /// half-way across a pixel stays one device pixel wide at 400 %.
    func testAnSVGZoomedPastOneHundredPercentStaysSharp() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
                <rect width="200" height="100" fill="#fff"/><rect width="100.5" height="100" fill="#000"/></svg>
                """
            let url = harness.fixtures.bytes("edge.svg", Array(svg.utf8))
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            let canvas = view.canvas
            XCTAssertEqual(canvas.zoom?.percent, 100)
            window.actions.activate("zoom-in")
            window.actions.activate("zoom-in")
            XCTAssertEqual(canvas.zoom?.percent, 400)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { canvas.pyramid?.region?.scale == 4 && canvas.showsExactRendering })
            let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
            let y = pixels.height / 2
            let grey = (0..<pixels.width).filter { (30...225).contains(Int(pixels.pixel($0, y).g)) }
            XCTAssertLessThanOrEqual(grey.count, 1, "the edge is one device pixel wide, not four: \(grey)")
        }
    }

    func testAnExportOfAReducedTabHasEveryPixel() async throws {
        let fixtures = Fixtures()
        let url = fixtures.quadrants("wide.jpg", width: 4000, height: 3000, type: "jpeg")
        let decoded = await ExportAdjustedCopy.fullResolution(of: RawPath(url.path))
        let snapshot = try XCTUnwrap(decoded)
        XCTAssertEqual(snapshot.width, 4000)
        XCTAssertEqual(snapshot.height, 3000)
        let missing = await ExportAdjustedCopy.fullResolution(of: RawPath(fixtures.url("gone.jpg").path))
        XCTAssertNil(missing, "a file gone since is a failure the dialog reports, not a crash")
    }
}
