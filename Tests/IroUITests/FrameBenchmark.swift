import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Frame times for zoom, pan and hue steps on a 24-megapixel image in a 1920×1080
/// window, measured from GDK's frame clock (before-paint → after-paint: snapshot,
/// render and present). A benchmark, not a test: it asserts nothing about speed and
/// runs only when asked:
///
///     IRO_BENCH=1 GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1920x1080x24" \
///       swift test -c release --filter FrameBenchmark
///
/// Results go to standard output as "BENCH name median min max n".
final class FrameBenchmark: XCTestCase {
    func testFrameTimes() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 to run it")
        try onMain { try Self.run() }
    }

    /// Collects the duration of every frame the window paints.
    @MainActor final class FrameRecorder {
        var frames: [Double] { intervals.map { ($0.end - $0.start) * 1000 } }
        /// When each frame's painting began and ended (monotonic seconds).
        private(set) var intervals: [(start: Double, end: Double)] = []
        private var start = 0.0
        init(_ window: UnsafeMutablePointer<GtkWidget>) {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            onSignal(raw(clock), "before-paint") { [weak self] in self?.start = monotonicSeconds() }
            onSignal(raw(clock), "after-paint") { [weak self] in
                guard let self else { return }
                self.intervals.append((self.start, monotonicSeconds()))
            }
        }
        func take() -> [Double] {
            defer { intervals = [] }
            return frames
        }
        func takeIntervals() -> [(start: Double, end: Double)] {
            defer { intervals = [] }
            return intervals
        }
    }

    /// Milliseconds covered by `intervals` together (overlapping ones counted once: two
    /// windows' frame clocks can paint one inside the other).
    static func covered(_ intervals: [(start: Double, end: Double)]) -> Double {
        var total = 0.0, reach = -Double.infinity
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            let from = max(interval.start, reach)
            if interval.end > from { total += interval.end - from }
            reach = max(reach, interval.end)
        }
        return total * 1000
    }

    static func report(_ name: String, _ values: [Double], unit: String = "ms") {
        guard !values.isEmpty else {
            print("BENCH \(name) no-frames")
            return
        }
        let sorted = values.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        print(
            String(
                format: "BENCH %@ median %.1f %@  min %.1f  max %.1f  n %d", name, median, unit, sorted.first!, sorted.last!, values.count))
    }

    @MainActor static func run() throws {
        let harness = AppHarness()
        defer { harness.close() }
        // 6000×4000 = 24 MP with detail everywhere (gradients and a grid).
        let url = harness.fixtures.image("big.jpg", width: 6000, height: 4000, type: "jpeg") { x, y in
            (x % 100 < 2 || y % 100 < 2) ? RGBA(20, 20, 20) : RGBA(UInt8(x * 255 / 6000), UInt8(y * 255 / 4000), UInt8((x + y) % 256))
        }
        harness.app.open([RawPath(url.path)], newWindow: false)
        let window = try XCTUnwrap(harness.app.activeWindow)
        // The same device pixels at any scale factor (GDK_SCALE=2: 960 × 540 points).
        let perPoint = max(1, Int32(ProcessInfo.processInfo.environment["GDK_SCALE"] ?? "") ?? 1)
        gtk_window_set_default_size(window.window, 1920 / perPoint, 1080 / perPoint)
        gtk_window_maximize(window.window)
        GtkTestEnvironment.pump(timeout: 30) { window.selectedView?.canvas.zoom != nil }
        let view = try XCTUnwrap(window.selectedView)
        let canvas = view.canvas
        let settle = {
            GtkTestEnvironment.pump(timeout: 10) { canvas.showsExactRendering }
            GtkTestEnvironment.pump(for: 0.05)
        }
        settle()
        // Every pixel first (zooming past the reduced decode fetches them once), then back
        // to best fit: the steps below then measure drawing, not that one decode.
        window.actions.activate("zoom-reset")
        GtkTestEnvironment.pump(timeout: 30) { canvas.pyramid?.detail == 1 && !view.model.isLoading }
        window.actions.activate("best-fit")
        settle()
        print("BENCH renderer \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default") viewport \(canvas.viewportSize)")
        let recorder = FrameRecorder(window.window.widget)
        let runs = 15

        // Zoom steps (no animation): the first frame after the step (pyramid level,
        // scaled by GSK) and the frame that brings the exact rendering, plus the time
        // from the step until that exact frame is on screen.
        var first: [Double] = [], exact: [Double] = [], latency: [Double] = []
        for i in 0..<runs {
            _ = recorder.take()
            let t0 = monotonicSeconds()
            window.actions.activate(i % 2 == 0 ? "zoom-in" : "zoom-out")
            settle()
            let frames = recorder.take()
            latency.append((monotonicSeconds() - t0) * 1000)
            if let f = frames.first { first.append(f) }
            if frames.count > 1, let l = frames.last { exact.append(l) }
        }
        report("zoom-step-first-frame", first)
        report("zoom-step-exact-frame", exact)
        report("zoom-step-to-exact-on-screen", latency)

        // Pan steps of 50 px at 100 % (inside the rendering's margin, and beyond it).
        window.actions.activate("zoom-reset")
        settle()
        var pan: [Double] = []
        for _ in 0..<(runs * 2) {
            _ = recorder.take()
            canvas.configureAdjustments(offset: Point(x: canvas.offset.x + 50, y: canvas.offset.y + 30))
            settle()
            pan.append(contentsOf: recorder.take())
        }
        report("pan-step-frame (100 %)", pan)

        // The same pan steps while presenting (BEHAVIOUR F3): a second 1920×1080 window
        // full screen follows each step, on a second monitor when the display has one
        // (Xorg's dummy driver: Benchmarks/frame-bench-monitors.conf), else on Xvfb's one
        // monitor, over the first. What both windows paint for one step, added up.
        if let monitor = window.presenting.otherMonitor ?? window.presenting.monitors.first {
            let presentation = PresentationWindow(on: monitor.handle)
            window.presenting.presentation = presentation
            presentation.show()
            presentation.follow(canvas)
            let presented = presentation.canvas
            let settleBoth = {
                settle()
                GtkTestEnvironment.pump(timeout: 10) { presented.showsExactRendering }
                GtkTestEnvironment.pump(for: 0.05)
            }
            settleBoth()
            let presentationRecorder = FrameRecorder(presentation.window.widget)
            print("BENCH presentation viewport \(presented.viewportSize)")
            var both: [Double] = [], presentationFrames: [Double] = [], mainFrames: [Double] = []
            for _ in 0..<(runs * 2) {
                _ = recorder.take()
                _ = presentationRecorder.take()
                canvas.configureAdjustments(offset: Point(x: canvas.offset.x + 50, y: canvas.offset.y + 30))
                settleBoth()
                let main = recorder.takeIntervals(), shown = presentationRecorder.takeIntervals()
                presentationFrames.append(contentsOf: shown.map { ($0.end - $0.start) * 1000 })
                mainFrames.append(contentsOf: main.map { ($0.end - $0.start) * 1000 })
                // The painting one step costs both windows: their first frames (the step
                // itself), overlaps counted once.
                both.append(covered(Array(main.prefix(1)) + Array(shown.prefix(1))))
            }
            report("pan-step-frames (main + presentation, 100 %)", both)
            report("pan-step-presentation-frame", presentationFrames)
            report("pan-step-main-frame-while-presenting", mainFrames)

            // A pen stroke drawn while presenting (BEHAVIOUR I3): each point added is painted
            // by both windows; what the two paint for one point, overlaps counted once.
            view.model.setMarkupMode(true)
            canvas.updateModel { $0.applyBestFit() }
            canvas.setScale(canvas.zoom?.bestFitScale ?? 1)
            settleBoth()
            var ink: [Double] = [], inkFrames: [Double] = []
            for step in 0..<(runs * 4) {
                _ = recorder.take()
                _ = presentationRecorder.take()
                let at = Point(x: 3000 + Double(step % 40 - 20) * 60, y: 2000 + Double(step / 40) * 200)
                if step % 40 == 0 { canvas.markupDragEnded() }
                var points: [MarkupPoint] = []
                if case .stroke(let stroke)? = view.model.markup.inProgress { points = stroke.points }
                points.append(MarkupPoint(at))
                view.model.setInk(MarkupStroke(id: 0, tool: .pen, colour: .red, width: 8, points: points).map(MarkupItem.stroke))
                GtkTestEnvironment.pump(timeout: 2) { recorder.frames.count >= 1 && presentationRecorder.frames.count >= 1 }
                GtkTestEnvironment.pump(for: 0.02)
                let main = recorder.takeIntervals(), shown = presentationRecorder.takeIntervals()
                inkFrames.append(contentsOf: main.map { ($0.end - $0.start) * 1000 })
                ink.append(covered(Array(main.prefix(1)) + Array(shown.prefix(1))))
            }
            canvas.markupDragEnded()
            report("ink-step-frames (main + presentation, best fit)", ink)
            report("ink-step-main-frame", inkFrames)
            view.model.forgetMarkup()
            view.model.setMarkupMode(false)
            window.presenting.stop()
        }

        // Hue steps at best fit and at 100 %.
        for action in ["best-fit", "zoom-reset"] {
            if action == "best-fit" {
                canvas.updateModel { $0.applyBestFit() }
                canvas.setScale(canvas.zoom?.bestFitScale ?? 1)
            }
            settle()
            var hue: [Double] = []
            for i in 0..<runs {
                _ = recorder.take()
                view.model.hue = 0.5 + Double(i + 1) * 0.01
                GtkTestEnvironment.pump(timeout: 2) { recorder.frames.count >= 1 }
                GtkTestEnvironment.pump(for: 0.02)
                hue.append(contentsOf: recorder.take())
            }
            report("hue-step-frame (\(action == "best-fit" ? "best fit" : "100 %"))", hue)
        }
        view.model.hue = 0.5

        // Edit mode (BEHAVIOUR D7): the frame that shows it, the time from E until that frame
        // is painted, and the frames of a crop handle dragged (one drag step a frame).
        canvas.updateModel { $0.applyBestFit() }
        canvas.setScale(canvas.zoom?.bestFitScale ?? 1)
        settle()
        var enter: [Double] = [], enterLatency: [Double] = [], drag: [Double] = []
        for _ in 0..<runs {
            _ = recorder.take()
            let t0 = monotonicSeconds()
            window.actions.activate("edit")
            GtkTestEnvironment.pump(timeout: 5) { recorder.frames.count >= 1 }
            let shown = recorder.takeIntervals()
            if let frame = shown.first {
                enter.append((frame.end - frame.start) * 1000)
                enterLatency.append((frame.end - t0) * 1000)
            }
            settle()
            let start = view.model.editing?.box.rect ?? PixelRect(x: 0, y: 0, width: 6000, height: 4000)
            for step in 1...20 {
                _ = recorder.take()
                view.model.changeEdit { $0.box.drag(.bottomRight, from: start, dx: Double(-step * 40), dy: Double(-step * 25)) }
                GtkTestEnvironment.pump(timeout: 2) { recorder.frames.count >= 1 }
                drag.append(contentsOf: recorder.take())
            }
            window.actions.activate("edit-cancel")
            settle()
        }
        report("edit-mode-first-frame", enter)
        report("edit-mode-key-to-painted", enterLatency)
        report("crop-drag-frame", drag)

        // A pen stroke at 100 % and 200 %, the main window alone: each point's frame paints the
        // view's 1:1 rendering under the ink.
        for (name, action) in [("100 %", "zoom-reset"), ("200 %", "zoom-in")] {
            window.actions.activate(action)
            settle()
            view.model.setMarkupMode(true)
            settle()
            var frames: [Double] = []
            for step in 0..<(runs * 2) {
                _ = recorder.take()
                let at = Point(x: 3000 + Double(step % 30 - 15) * 8, y: 2000 + Double(step / 30) * 40)
                var points: [MarkupPoint] = []
                if case .stroke(let stroke)? = view.model.markup.inProgress { points = stroke.points }
                points.append(MarkupPoint(at))
                view.model.setInk(MarkupStroke(id: 0, tool: .pen, colour: .red, width: 8, points: points).map(MarkupItem.stroke))
                GtkTestEnvironment.pump(timeout: 2) { recorder.frames.count >= 1 }
                frames.append(contentsOf: recorder.take())
            }
            view.model.setInk(nil)
            view.model.setMarkupMode(false)
            report("ink-step-frame (\(name))", frames)
        }

        // 2000 strokes on the image (BEHAVIOUR I): pan and zoom frames with all of them drawn,
        // beside the same steps' frames without them (the steps whose picture is drawn from a
        // pyramid level cost 80-120 ms either way, and decide the median).
        func zoomSteps() -> [Double] {
            canvas.updateModel { $0.applyBestFit() }
            canvas.setScale(canvas.zoom?.bestFitScale ?? 1)
            settle()
            var frames: [Double] = []
            for i in 0..<runs {
                _ = recorder.take()
                window.actions.activate(i % 2 == 0 ? "zoom-in" : "zoom-out")
                settle()
                frames.append(contentsOf: recorder.take())
            }
            return frames
        }
        report("zoom-step-frames, the same steps without strokes", zoomSteps())
        view.model.changeMarkup { layer in
            for index in 0..<2000 {
                let y = Double(index % 100) * 40, x = Double(index / 100) * 300
                let points = (0..<20).map { MarkupPoint(x: x + Double($0) * 14, y: y + 20 * sin(Double($0))) }
                if let stroke = MarkupStroke(id: 0, tool: index % 5 == 0 ? .highlighter : .pen, colour: .blue, width: 6, points: points) {
                    layer.add(.stroke(stroke))
                }
            }
        }
        window.actions.activate("zoom-reset")
        settle()
        var markedPan: [Double] = []
        for _ in 0..<(runs * 2) {
            _ = recorder.take()
            canvas.configureAdjustments(offset: Point(x: canvas.offset.x + 50, y: canvas.offset.y + 30))
            settle()
            markedPan.append(contentsOf: recorder.take())
        }
        report("pan-step-frame with 2000 strokes (100 %)", markedPan)
        report("zoom-step-frames with 2000 strokes", zoomSteps())
        view.model.forgetMarkup()
        settle()

        // The animated zoom (200 ms): frames per second while it runs.
        if let settings = gtk_settings_get_default() { iro_object_set_boolean(raw(settings), "gtk-enable-animations", 1) }
        defer { if let settings = gtk_settings_get_default() { iro_object_set_boolean(raw(settings), "gtk-enable-animations", 0) } }
        canvas.setScale(canvas.zoom?.bestFitScale ?? 1)
        settle()
        var fps: [Double] = [], animationFrames: [Double] = []
        for i in 0..<runs {
            _ = recorder.take()
            let t0 = monotonicSeconds()
            window.actions.activate(i % 2 == 0 ? "zoom-in" : "zoom-out")
            GtkTestEnvironment.pump(timeout: 5) { !canvas.animator.isRunning }
            let elapsed = monotonicSeconds() - t0
            let frames = recorder.take()
            fps.append(Double(frames.count) / elapsed)
            animationFrames.append(contentsOf: frames)
            settle()
        }
        report("animated-zoom-fps", fps, unit: "fps")
        report("animated-zoom-frame", animationFrames)
    }
}
