import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// Frame time of a hue step on a 24-megapixel image in a 1920×1080 window: performance is
/// measured, not asserted. Skipped unless IRO_BENCH=1; run a release build:
///
///     IRO_BENCH=1 GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1920x1080x24" \
///       swift test -c release -Xswiftc -enable-testing --filter HueFrameBenchmark
///
/// (`-enable-testing`: the test targets use `@testable import`, which a release build
/// otherwise refuses.)
///
/// Each step sets the slider (as a drag does) and waits for the frame that draws it.
/// "paint" is one frame from the frame clock's before-paint to after-paint (layout,
/// snapshot, render, present); "latency" is from setting the value to that frame's end.
/// Medians are printed (and appended to $IRO_BENCH_OUT if set).
final class HueFrameBenchmark: XCTestCase {
    static let steps = 40

    func testHueStepFrameTime() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 (and build with -c release)")
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("large.jpg", width: 6000, height: 4000, type: "jpeg") { x, y in
                RGBA(UInt8(x * 255 / 6000), UInt8(y * 255 / 4000), UInt8((x + y) % 256))
            }
            let window = harness.app.makeWindow()
            gtk_window_set_default_size(window.window, 1920, 1080)
            XCTAssertTrue(harness.open([url]) === window)
            let view = try XCTUnwrap(window.selectedView)
            GtkTestEnvironment.pump(timeout: 30) { view.canvas.zoom != nil }
            XCTAssertEqual(view.model.levels?.width, 6000)
            // As during a drag: the pointer is on the slider, so the overlay stays shown.
            iro_emit_double_double(raw(view.hueOverlay.motion), "enter", 1, 1)
            GtkTestEnvironment.pump(for: 0.5)
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window.widget))

            // Every frame the window paints: (before-paint, after-paint) on the monotonic clock.
            var paintStarted = 0.0, frames: [(start: Double, end: Double)] = []
            let before = onSignal(raw(clock), "before-paint") { paintStarted = monotonicSeconds() }
            let after = onSignal(raw(clock), "after-paint") { frames.append((paintStarted, monotonicSeconds())) }
            defer {
                disconnect(raw(clock), before)
                disconnect(raw(clock), after)
            }

            /// Runs `step` and waits for the first frame started after it, `count` times.
            @MainActor func measure(_ count: Int, _ step: (Int) -> Void) -> (paint: [Double], latency: [Double]) {
                var paint: [Double] = [], latency: [Double] = []
                for index in 0..<count {
                    // Quiet first: no frame for 50 ms.
                    GtkTestEnvironment.pump(timeout: 5) {
                        GtkTestEnvironment.pump(for: 0.05)
                        return frames.last.map { monotonicSeconds() - $0.end >= 0.05 } ?? true
                    }
                    let start = monotonicSeconds()
                    step(index)
                    guard GtkTestEnvironment.pump(timeout: 5, until: { frames.contains { $0.start >= start } }),
                        let frame = frames.first(where: { $0.start >= start })
                    else { continue }
                    paint.append((frame.end - frame.start) * 1000)
                    latency.append((frame.end - start) * 1000)
                }
                return (paint, latency)
            }
            // Hue steps as a drag makes them, never at the centre (where nothing is applied):
            // the canvas recolours its screen-sized rendering on the CPU and draws it 1:1.
            let hue = measure(Self.steps) { view.hueControl.value = 0.55 + 0.4 * Double($0 % 10) / 10 }
            let canvas = view.canvas.viewportSize
            let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"
            var lines: [String] = []
            for (name, result) in [("hue-step-cpu", hue)] {
                lines.append(
                    String(
                        format: "%@ renderer=%@ image=6000x4000 canvas=%.0fx%.0f zoom=%.3f frames=%d "
                            + "paint-median=%.1fms latency-median=%.1fms",
                        name, renderer, canvas.width, canvas.height, view.canvas.zoom?.scale ?? 0,
                        result.paint.count, Self.median(result.paint), Self.median(result.latency)))
            }
            print(lines.joined(separator: "\n"))
            if let out = ProcessInfo.processInfo.environment["IRO_BENCH_OUT"],
                let handle = FileHandle(forWritingAtPath: out)
                    ?? (FileManager.default.createFile(atPath: out, contents: nil) ? FileHandle(forWritingAtPath: out) : nil)
            {
                handle.seekToEndOfFile()
                handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
                handle.closeFile()
            }
            XCTAssertEqual(hue.paint.count, Self.steps, "every step drew a frame")
        }
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
