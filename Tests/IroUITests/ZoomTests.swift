import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR C1–C7 in real windows, through the window's actions and the real gesture signals.
final class ZoomTests: XCTestCase {
    /// Opens one image and returns its window and view, waiting for the exact rendering.
    @MainActor static func show(
        _ harness: AppHarness, width: Int = 2400, height: Int = 1800,
        color: ((Int, Int) -> RGBA)? = nil
    ) throws -> (DocumentWindow, DocumentView) {
        let url =
            color.map { harness.fixtures.image("img.png", width: width, height: height, color: $0) }
            ?? harness.fixtures.quadrants("img.png", width: width, height: height)
        let window = try XCTUnwrap(harness.open([url]))
        let view = try XCTUnwrap(window.selectedView)
        settle(view)
        return (window, view)
    }

    /// Waits until the canvas has drawn its exact rendering of the current view.
    @MainActor static func settle(_ view: DocumentView) {
        gtk_widget_queue_draw(view.canvas.widget)
        GtkTestEnvironment.pump(timeout: 5) { view.canvas.showsExactRendering }
        GtkTestEnvironment.pump(for: 0.03)
    }

    @MainActor static func imagePointAtCentre(_ canvas: ImageCanvas) -> Point {
        let zoom = canvas.zoom!
        return zoom.imagePoint(at: zoom.viewportCentre, offset: canvas.offset, scale: canvas.displayScale)
    }

    func testZoomInDoublesAroundTheCentreAndZoomOutHalves() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness)
            let canvas = view.canvas
            let fit = try XCTUnwrap(canvas.zoom?.scale)
            XCTAssertLessThan(fit, 1, "a 2400×1800 image starts at best fit")
            window.actions.activate("zoom-in")
            Self.settle(view)
            let before = Self.imagePointAtCentre(canvas)
            window.actions.activate("zoom-in")
            Self.settle(view)
            XCTAssertEqual(canvas.zoom?.scale ?? 0, fit * 4, accuracy: 1e-9)
            let after = Self.imagePointAtCentre(canvas)
            XCTAssertEqual(after.x, before.x, accuracy: 1 / canvas.displayScale, "the image point at the centre stays put")
            XCTAssertEqual(after.y, before.y, accuracy: 1 / canvas.displayScale)
            window.actions.activate("zoom-out")
            Self.settle(view)
            XCTAssertEqual(canvas.zoom?.scale ?? 0, fit * 2, accuracy: 1e-9)
            XCTAssertEqual(
                string(gtk_label_get_text(cast(window.header.zoomToolbar.percentage))),
                "\(Int((fit * 200).rounded())) %")
        }
    }

    func testButtonsTurnInsensitiveAtTheLimits() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness, width: 600, height: 400)
            XCTAssertEqual(view.canvas.zoom?.scale, 1)
            XCTAssertFalse(window.actions.isEnabled("zoom-reset"), "already at 100 %")
            for _ in 0..<5 { window.actions.activate("zoom-in") }
            XCTAssertEqual(view.canvas.zoom?.scale, 5)
            XCTAssertFalse(window.actions.isEnabled("zoom-in"), "5× is the upper limit")
            XCTAssertTrue(window.actions.isEnabled("zoom-out"))
            for _ in 0..<10 { window.actions.activate("zoom-out") }
            XCTAssertEqual(view.canvas.zoom?.scale ?? 0, 0.2, accuracy: 1e-9, "0.2× is the lower limit for a small image")
            XCTAssertFalse(window.actions.isEnabled("zoom-out"))
            window.actions.activate("zoom-reset")
            XCTAssertEqual(view.canvas.zoom?.scale, 1)
        }
    }

    func testBestFitToggles() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness)
            let fit = try XCTUnwrap(view.canvas.zoom?.scale)
            window.actions.activate("best-fit")
            XCTAssertEqual(view.canvas.zoom?.scale, 1, "F from best fit goes to 100 %")
            window.actions.activate("best-fit")
            XCTAssertEqual(view.canvas.zoom?.scale, fit)
            XCTAssertEqual(view.canvas.zoom?.mode, .bestFit)
        }
    }

    /// BEHAVIOUR C2 with the signals GtkGestureZoom emits during a real pinch.
    func testPinchScalesLiveWithClampedFactorAndAppliesTheFinalFactor() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (_, view) = try Self.show(harness)
            let canvas = view.canvas
            let start = try XCTUnwrap(canvas.zoom?.scale)
            let gesture = try XCTUnwrap(canvas.pinchGesture)
            let before = Self.imagePointAtCentre(canvas)
            iro_emit_pointer(raw(gesture), "begin", nil)
            iro_emit_double(raw(gesture), "scale-changed", 1.5)
            XCTAssertEqual(canvas.displayScale, start * 1.5, accuracy: 1e-9, "live: start × factor")
            iro_emit_double(raw(gesture), "scale-changed", 8)
            XCTAssertEqual(canvas.displayScale, start * 5, accuracy: 1e-9, "live factor clamped to 5")
            iro_emit_double(raw(gesture), "scale-changed", 0.01)
            XCTAssertEqual(canvas.displayScale, start * 0.1, accuracy: 1e-9, "live factor clamped to 0.1")
            iro_emit_double(raw(gesture), "scale-changed", 3)
            iro_emit_pointer(raw(gesture), "end", nil)
            XCTAssertEqual(canvas.zoom?.scale ?? 0, start * 3, accuracy: 1e-9, "the final factor is applied")
            XCTAssertEqual(canvas.displayScale, start * 3, accuracy: 1e-9)
            let after = Self.imagePointAtCentre(canvas)
            XCTAssertEqual(after.x, before.x, accuracy: 1 / canvas.displayScale, "the point between the fingers stays")
            XCTAssertEqual(after.y, before.y, accuracy: 1 / canvas.displayScale)

            // A final factor beyond the view-size limits is clamped to them.
            iro_emit_pointer(raw(gesture), "begin", nil)
            iro_emit_double(raw(gesture), "scale-changed", 50)
            iro_emit_pointer(raw(gesture), "end", nil)
            XCTAssertEqual(canvas.zoom?.scale, 5)
        }
    }

    func testWheelZoomKeepsThePointUnderThePointer() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness)
            let canvas = view.canvas
            window.actions.activate("zoom-reset")
            Self.settle(view)
            let zoom = try XCTUnwrap(canvas.zoom)
            let pointer = Point(x: zoom.viewportSize.width * 0.3, y: zoom.viewportSize.height * 0.6)
            let before = zoom.imagePoint(at: pointer, offset: canvas.offset, scale: canvas.displayScale)
            canvas.zoomByWheel(steps: -1, at: pointer) // one notch up
            let after = try XCTUnwrap(canvas.zoom).imagePoint(at: pointer, offset: canvas.offset, scale: canvas.displayScale)
            XCTAssertGreaterThan(canvas.displayScale, 1)
            XCTAssertEqual(after.x, before.x, accuracy: 1)
            XCTAssertEqual(after.y, before.y, accuracy: 1)
        }
    }

    /// Past 100 % pixels stay crisp: a 1-px checkerboard at 400 % shows only black and white.
    func testCheckerboardAt400PercentHasHardEdges() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness, width: 64, height: 64) { x, y in
                (x + y) % 2 == 0 ? RGBA(0, 0, 0) : RGBA(255, 255, 255)
            }
            window.actions.activate("zoom-in")
            window.actions.activate("zoom-in")
            Self.settle(view)
            XCTAssertEqual(view.canvas.zoom?.scale, 4)
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let zoom = try XCTUnwrap(view.canvas.zoom)
            let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: 4)
            var greys = 0, samples = 0
            for y in stride(from: Int(origin.y.rounded()) + 1, to: Int(origin.y.rounded()) + 250, by: 1) {
                for x in stride(from: Int(origin.x.rounded()) + 1, to: Int(origin.x.rounded()) + 250, by: 3) {
                    let p = pixels.pixel(x, y)
                    samples += 1
                    if p.r > 10 && p.r < 245 { greys += 1 }
                }
            }
            XCTAssertEqual(greys, 0, "\(greys) of \(samples) samples were neither black nor white")
            // And the cells are 4 px: pixel (0,0) black covers screen 0…3, pixel (1,0) white starts at 4.
            let x0 = Int(origin.x.rounded()), y0 = Int(origin.y.rounded())
            XCTAssertEqual(pixels.pixel(x0 + 3, y0 + 1), RGBA(0, 0, 0))
            XCTAssertEqual(pixels.pixel(x0 + 4, y0 + 1), RGBA(255, 255, 255))
        }
    }

    /// BEHAVIOUR C7: R turns the view clockwise; the file's pixels are not touched.
    func testRotateTurnsTheViewAndSwapsTheSize() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness, width: 400, height: 300)
            window.actions.activate("rotate-clockwise")
            Self.settle(view)
            let zoom = try XCTUnwrap(view.canvas.zoom)
            XCTAssertEqual(zoom.imageSize, Size(width: 300, height: 400))
            let pixels = try XCTUnwrap(WidgetRenderer.render(view.canvas.widget))
            let origin = zoom.contentOrigin(offset: view.canvas.offset, scale: zoom.scale)
            let s = zoom.scale
            func shown(_ x: Double, _ y: Double) -> RGBA { pixels.pixel(Int(origin.x + x * s), Int(origin.y + y * s)) }
            // Turned clockwise, the left column (red top, blue bottom) becomes the top row: blue left, red right.
            XCTAssertTrue(shown(75, 100).isClose(to: RGBA(0, 0, 255), tolerance: 3), "\(shown(75, 100))")
            XCTAssertTrue(shown(225, 100).isClose(to: RGBA(255, 0, 0), tolerance: 3), "\(shown(225, 100))")
            XCTAssertTrue(shown(75, 300).isClose(to: RGBA(255, 255, 0), tolerance: 3), "\(shown(75, 300))")
            XCTAssertTrue(shown(225, 300).isClose(to: RGBA(0, 200, 0), tolerance: 3), "\(shown(225, 300))")
            window.actions.activate("rotate-counterclockwise")
            XCTAssertEqual(view.canvas.zoom?.imageSize, Size(width: 400, height: 300))
        }
    }

    func testArrowKeysScroll() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.show(harness)
            window.actions.activate("zoom-reset")
            Self.settle(view)
            let keys = try XCTUnwrap(view.canvas.keyController)
            let start = view.canvas.offset
            XCTAssertEqual(iro_emit_key_pressed(raw(keys), guint(GDK_KEY_Right), GdkModifierType(0)), 1)
            XCTAssertEqual(iro_emit_key_pressed(raw(keys), guint(GDK_KEY_Down), GdkModifierType(0)), 1)
            XCTAssertGreaterThan(view.canvas.offset.x, start.x)
            XCTAssertGreaterThan(view.canvas.offset.y, start.y)
            XCTAssertEqual(iro_emit_key_pressed(raw(keys), guint(GDK_KEY_a), GdkModifierType(0)), 0, "other keys pass through")
        }
    }

    /// BEHAVIOUR C6: each tab keeps its own zoom and scroll position.
    func testEachTabKeepsItsZoomAndScrollPosition() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let a = harness.fixtures.quadrants("a.png", width: 2400, height: 1800)
            let b = harness.fixtures.quadrants("b.png", width: 2400, height: 1800)
            let window = try XCTUnwrap(harness.open([a, b]))
            let first = try XCTUnwrap(window.selectedView)
            window.actions.activate("zoom-reset")
            first.canvas.configureAdjustments(offset: Point(x: 300, y: 200))
            let zoomA = first.canvas.zoom, offsetA = first.canvas.offset
            window.actions.activate("next-tab")
            let second = try XCTUnwrap(window.selectedView)
            XCTAssertFalse(second === first)
            Self.settle(second)
            XCTAssertNotEqual(second.canvas.zoom?.scale, 1, "the other tab has its own zoom")
            window.actions.activate("previous-tab")
            GtkTestEnvironment.pump(for: 0.05)
            XCTAssertEqual(first.canvas.zoom, zoomA)
            XCTAssertEqual(first.canvas.offset, offsetA)
            XCTAssertEqual(first.document.view.zoom, zoomA, "remembered in the document's view state")
        }
    }
}

/// BEHAVIOUR C3 at speed: a zoom animation's frames stretch the rendering already on screen
/// (no pyramid level converted by GSK in the frame after the key), and the rendering of
/// where it ends is made during the animation, so the view is exact once it stops.
final class ZoomAnimationFrameTests: XCTestCase {
    func testZoomInFramesStretchTheLastRenderingAndTheEndIsExactAtOnce() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try ZoomTests.show(harness)
            let canvas = view.canvas
            iro_object_set_boolean(raw(gtk_settings_get_default()!), "gtk-enable-animations", 1)
            defer { iro_object_set_boolean(raw(gtk_settings_get_default()!), "gtk-enable-animations", 0) }
            let before = try XCTUnwrap(canvas.renderer.rendering)
            canvas.lastDrawing = nil
            window.actions.activate("zoom-in")
            XCTAssertTrue(canvas.animator.isRunning)
            var drawings: [ImageCanvas.Drawing] = []
            var exactWhileRunning = false
            GtkTestEnvironment.pump(timeout: 5) {
                if canvas.animator.isRunning, let drawing = canvas.lastDrawing, drawings.last != drawing || drawings.isEmpty {
                    drawings.append(drawing)
                }
                if canvas.animator.isRunning, let rendering = canvas.renderer.rendering, rendering !== before,
                    rendering.request.scale == canvas.animator.target
                {
                    exactWhileRunning = true
                }
                return !canvas.animator.isRunning
            }
            XCTAssertEqual(drawings.first, .stretched, "the animation's frames stretch the rendering shown: \(drawings)")
            XCTAssertFalse(drawings.contains(.level), "no level is drawn while zooming in from best fit: \(drawings)")
            XCTAssertTrue(exactWhileRunning, "the rendering of the end is made during the animation")
            // The frame after the last step is already exact: nothing is left to make.
            GtkTestEnvironment.pump(timeout: 2) { canvas.lastDrawing == .exact }
            XCTAssertTrue(canvas.showsExactRendering)
            XCTAssertFalse(canvas.renderer.isRendering, "no rendering started after the animation")
            // And the pixels are the image's: the top-left quadrant is red.
            let shot = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
            XCTAssertTrue(shot.pixel(shot.width / 4, shot.height / 4).isClose(to: RGBA(255, 0, 0), tolerance: 8))
        }
    }

    func testEveryFrameOfAZoomOutStillFillsTheViewWithTheImage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try ZoomTests.show(harness)
            let canvas = view.canvas
            window.actions.activate("zoom-reset") // 100 %: the image is larger than the view
            ZoomTests.settle(view)
            iro_object_set_boolean(raw(gtk_settings_get_default()!), "gtk-enable-animations", 1)
            defer { iro_object_set_boolean(raw(gtk_settings_get_default()!), "gtk-enable-animations", 0) }
            canvas.lastDrawing = nil
            window.actions.activate("zoom-out") // to 50 %, still larger than the view
            var frames = 0
            while canvas.animator.isRunning, frames < 20 {
                // Whatever a frame draws from, the stretched rendering or a level, it covers
                // the view: its corners are the image's quadrant colours, not the background.
                let shot = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
                guard canvas.animator.isRunning else { break }
                frames += 1
                let corners = [(2, 2), (shot.width - 3, 2), (2, shot.height - 3), (shot.width - 3, shot.height - 3)]
                let expected = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Fixtures.quadrantColor(x: $0 * 2, y: $1 * 2, width: 2, height: 2) }
                for ((x, y), colour) in zip(corners, expected) {
                    XCTAssertTrue(
                        shot.pixel(x, y).isClose(to: colour, tolerance: 40),
                        "frame \(frames) (\(String(describing: canvas.lastDrawing))) at \(x),\(y): \(shot.pixel(x, y))")
                }
            }
            XCTAssertGreaterThan(frames, 0, "frames of the animation were looked at")
        }
    }
}
