import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// Responsiveness while a 100-megapixel image loads (BEHAVIOUR A6: the main
/// loop never stalls for more than 50 ms; closing the tab cancels the decode): it opens with the
/// detail the screen shows (libjpeg at ¼), then is zoomed to 100 %, which decodes all
/// 100 million pixels and builds their pyramid while the view stays live. A benchmark, not a
/// test: it reports and asserts nothing about time, and runs only when asked:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing --scratch-path .build-bench
///     IRO_BENCH=1 GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1920x1080x24" \
///       .build-bench/release/IroPackageTests.xctest IroUITests.StallProbeBenchmark
///
/// Probes: a 5 ms repeating GLib timeout (its gaps are the main loop's stalls, frames
/// included) and a tick callback on the window (keeps the frame clock running; its gaps
/// are the frame intervals). Each gap is tagged with the load phase it ended in.
/// Results go to standard output as "STALL …" lines.
final class StallProbeBenchmark: XCTestCase {
    static let side = 10_000

    /// The 10000 × 10000 JPEG (gradients and a grid, detail everywhere), made once.
    @MainActor static let image: (fixtures: Fixtures, url: URL) = {
        let fixtures = Fixtures()
        let started = monotonicSeconds()
        let url = fixtures.image("hundred-megapixels.jpg", width: side, height: side, type: "jpeg") { x, y in
            (x % 250 < 3 || y % 250 < 3)
                ? RGBA(15, 15, 15)
                : RGBA(UInt8(x * 255 / side), UInt8(y * 255 / side), UInt8((x / 7 + y / 5) & 0xFF))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "STALL fixture %d×%d JPEG, %.1f MB, made in %.1f s", side, side, Double(size) / 1e6, monotonicSeconds() - started))
        return (fixtures, url)
    }()

    override func setUp() {
        super.setUp()
        continueAfterFailure = true
    }

    func testMainLoopGapsWhileA100MegapixelJPEGLoads() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 to run it")
        try onMain { try Self.runLoad() }
    }

    /// Closes the tab at once (the reduced decode is running), and in a second run 100 ms
    /// after zooming the reduced image to 100 % (the decode of every pixel is running).
    func testClosingTheTabStopsTheDecode() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 to run it")
        try onMain {
            try Self.runClose(name: "close-at-once", after: { _ in true })
            try Self.runClose(
                name: "close-in-full-decode",
                after: { view in
                    Self.phase(of: view) == "exact rendering shown"
                })
        }
    }

    /// Opens one image of a folder of 10 000 (BEHAVIOUR F1): the folder is listed off the
    /// main thread after the image is on screen, then its neighbours are decoded ahead.
    func testMainLoopGapsWhileA10000ImageFolderLists() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 to run it")
        try onMain { try Self.runFolder() }
    }

    /// The folder's grid scrolled a row's height every frame for 3 s while the thumbnails of
    /// the large JPEGs in IRO_BENCH_FOLDER are made in the decoder helpers (BEHAVIOUR H2):
    /// frame times, and how many thumbnails were made meanwhile. Their cached thumbnails are
    /// removed first, so every one is made.
    func testFrameTimesWhileTheGridScrollsAndThumbnailsAreMade() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 to run it")
        let folder = try XCTUnwrap(
            ProcessInfo.processInfo.environment["IRO_BENCH_FOLDER"], "IRO_BENCH_FOLDER: a folder of large JPEGs (make-photo-folder.py)")
        try onMain { try Self.runGrid(folder) }
    }

    @MainActor static func runGrid(_ folder: String) throws {
        let helper = try XCTUnwrap(DecoderPool.helperExecutable(), "iro-decoder is built beside the tests")
        DecoderPool.activate(executable: helper)
        defer { DecoderPool.deactivate() }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.sorted()
        let cache = ThumbnailStore.cache
        for name in names {
            guard let (_, hash) = ThumbnailStore.record(of: RawPath(folder + "/" + name)) else { continue }
            unlink(String(decoding: cache.path(hash: hash, size: .large).bytes, as: UTF8.self))
        }
        let (harness, window) = try makeWindow()
        defer { harness.close() }
        harness.app.open([RawPath(folder + "/" + (names.first ?? ""))], newWindow: false)
        XCTAssertTrue(GtkTestEnvironment.pump(timeout: 30) { window.selectedModel?.folderBrowser?.isListed == true })
        GtkTestEnvironment.pump(for: 1)
        let views = window.browsing.folderViews!
        let probe = Probe(window: window.window.widget)
        probe.phaseOf = { views.thumbnails.isBusy ? "thumbnails being made" : "thumbnails made" }
        window.actions.activate("folder-overview")
        XCTAssertTrue(views.isOverviewShown)
        let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(views.overview.scroller))
        let started = monotonicSeconds()
        var step = 30.0
        addTickCallback(views.overview.grid) { _ in
            let value = gtk_adjustment_get_value(adjustment),
                top = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if value + step > top || value + step < 0 { step = -step }
            gtk_adjustment_set_value(adjustment, value + step)
            return monotonicSeconds() - started < 3
        }
        GtkTestEnvironment.pump(for: 3.2)
        probe.stop()
        let made = names.filter { name in
            ThumbnailStore.record(of: RawPath(folder + "/" + name)).map {
                access(String(decoding: cache.path(hash: $0.hash, size: .large).bytes, as: UTF8.self), F_OK) == 0
            } ?? false
        }.count
        print(String(format: "STALL grid: %d of %d thumbnails made in the 3 s of scrolling", made, names.count))
        probe.report("grid")
    }

    /// A folder of `count` small PNGs named IMG_1.png … (natural order differs from byte
    /// order), with a text file beside every tenth: the listing must tell them apart.
    @MainActor static func bigFolder(in fixtures: Fixtures, count: Int) throws -> URL {
        let folder = fixtures.folder.appendingPathComponent("ten-thousand")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = try Data(contentsOf: fixtures.quadrants("one.png", width: 640, height: 480))
        let text = Data("not an image".utf8)
        for n in 1...count {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("IMG_\(n).png").path, contents: png)
            if n % 10 == 0 {
                _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("notes-\(n).txt").path, contents: text)
            }
        }
        return folder
    }

    @MainActor static func runFolder() throws {
        let (harness, window) = try makeWindow()
        defer { harness.close() }
        let count = 10_000
        let made = monotonicSeconds()
        let folder = try bigFolder(in: harness.fixtures, count: count)
        print(String(format: "STALL folder: %d PNGs and %d text files made in %.1f s", count, count / 10, monotonicSeconds() - made))
        GtkTestEnvironment.pump(for: 0.3)

        let opened = RawPath(folder.appendingPathComponent("IMG_5000.png").path)
        let probe = Probe(window: window.window.widget)
        var view: DocumentView?
        var shownAt: Double?, listedAt: Double?
        func folderPhase() -> String {
            guard let view else { return "opening" }
            guard view.visiblePage == "image", view.canvas.showsExactRendering else { return "decoding the image" }
            guard let browser = view.model.folderBrowser, browser.isListed else { return "image on screen, folder listing" }
            let neighbours = [browser.list.previous, browser.list.next].compactMap { $0 }.map(browser.path(of:))
            return neighbours.allSatisfy { view.model.preloader.isReady($0) } ? "listed, neighbours decoded" : "listed, neighbours decoding"
        }
        probe.phaseOf = {
            let phase = folderPhase()
            let now = monotonicSeconds()
            if shownAt == nil, phase.hasPrefix("image on screen") || phase.hasPrefix("listed") { shownAt = now }
            if listedAt == nil, phase.hasPrefix("listed") { listedAt = now }
            return phase
        }
        let t0 = monotonicSeconds()
        harness.app.open([opened], newWindow: false)
        view = window.selectedView
        let done = GtkTestEnvironment.pump(timeout: 60) { folderPhase() == "listed, neighbours decoded" }
        let settled = monotonicSeconds() - t0
        GtkTestEnvironment.pump(for: 0.5)
        XCTAssertTrue(done, "listed and preloaded (\(folderPhase()))")
        XCTAssertEqual(view?.model.folderBrowser?.list.entries.count, count, "every image and nothing else")
        XCTAssertEqual(view?.model.folderBrowser?.list.position?.index, 5000, "IMG_5000 is the 5000th in natural order")
        window.actions.activate("next-image")
        XCTAssertEqual(view?.document.path, RawPath(folder.appendingPathComponent("IMG_5001.png").path))
        GtkTestEnvironment.pump(for: 0.3)
        probe.stop()
        print(
            String(
                format: "STALL folder: image on screen after %.3f s; listing ended after %.3f s; neighbours decoded after %.3f s",
                (shownAt ?? .nan) - t0, (listedAt ?? .nan) - t0, settled))
        probe.report("folder")
    }

    // MARK: - Probe

    @MainActor final class Probe {
        /// `cpu`: milliseconds the main thread ran during the gap (the rest it waited:
        /// for the CPU, the X server, a lock).
        struct Gap {
            let at: Double
            let milliseconds: Double
            let phase: String
            var cpu: Double = 0
        }
        private(set) var timerGaps: [Gap] = []
        private(set) var frameGaps: [Gap] = []
        /// Frame clock before-paint → after-paint (update, layout, paint): the frame's own work.
        private(set) var paints: [Gap] = []
        private var paintStart: Double?
        private var paintCPUStart = 0.0
        private var lastTimerCPU = StallProbeBenchmark.threadCPUSeconds()
        private(set) var marks: [(String, Double)] = []
        let start = monotonicSeconds()
        private var lastTimer: Double
        private var lastFrame: Double?
        private var timer: SourceID?
        private var tick: guint = 0
        private let window: UnsafeMutablePointer<GtkWidget>
        /// Asked at every probe tick: the phase the load is in now.
        var phaseOf: () -> String = { "" }
        private(set) var phase = ""

        init(window: UnsafeMutablePointer<GtkWidget>) {
            self.window = window
            lastTimer = start
            timer = addTimeout(milliseconds: 5) { [weak self] in
                self?.timerFired()
                return self != nil
            }
            tick = addTickCallback(window) { [weak self] _ in
                self?.frameTicked()
                return self != nil
            }
            if let clock = gtk_widget_get_frame_clock(window) {
                onSignal(raw(clock), "before-paint") { [weak self] in
                    self?.paintStart = monotonicSeconds()
                    self?.paintCPUStart = StallProbeBenchmark.threadCPUSeconds()
                }
                onSignal(raw(clock), "after-paint") { [weak self] in
                    guard let self, self.timer != nil, let begun = self.paintStart else { return }
                    let now = monotonicSeconds()
                    self.paints.append(
                        Gap(
                            at: now - self.start, milliseconds: (now - begun) * 1000, phase: self.phase,
                            cpu: (StallProbeBenchmark.threadCPUSeconds() - self.paintCPUStart) * 1000))
                }
            }
        }

        private func updatePhase(_ now: Double) {
            let current = phaseOf()
            if current != phase {
                phase = current
                marks.append((current, now - start))
            }
        }

        private func timerFired() {
            let now = monotonicSeconds()
            updatePhase(now)
            let cpu = StallProbeBenchmark.threadCPUSeconds()
            timerGaps.append(Gap(at: now - start, milliseconds: (now - lastTimer) * 1000, phase: phase, cpu: (cpu - lastTimerCPU) * 1000))
            lastTimer = now
            lastTimerCPU = cpu
        }

        private var lastFrameCPU = 0.0

        private func frameTicked() {
            let now = monotonicSeconds(), cpu = StallProbeBenchmark.threadCPUSeconds()
            updatePhase(now)
            if let lastFrame {
                frameGaps.append(
                    Gap(at: now - start, milliseconds: (now - lastFrame) * 1000, phase: phase, cpu: (cpu - lastFrameCPU) * 1000))
            }
            lastFrame = now
            lastFrameCPU = cpu
        }

        func stop() {
            timer?.cancel()
            timer = nil
            if tick != 0 {
                gtk_widget_remove_tick_callback(window, tick)
                tick = 0
            }
        }

        static func report(_ name: String, _ gaps: [Gap]) {
            guard !gaps.isEmpty else {
                print("STALL \(name): no samples")
                return
            }
            let sorted = gaps.map(\.milliseconds).sorted()
            let worst = gaps.max { $0.milliseconds < $1.milliseconds }!
            let over50 = gaps.filter { $0.milliseconds > 50 }
            print(
                String(
                    format:
                        "STALL %@: n %d  median %.1f ms  p99 %.1f ms  max %.1f ms (main thread ran %.1f ms of it; at %.2f s, during \"%@\")  over 50 ms: %d",
                    name, gaps.count, sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
                    worst.milliseconds, worst.cpu, worst.at, worst.phase, over50.count))
            for gap in over50.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(8) {
                print(
                    String(
                        format: "STALL   %@ %.1f ms (main thread ran %.1f ms) ending at %.3f s during \"%@\"", name, gap.milliseconds,
                        gap.cpu, gap.at, gap.phase))
            }
        }

        func report(_ name: String) {
            print("STALL \(name) phases: " + marks.map { String(format: "%@ @ %.2f s", $0.0, $0.1) }.joined(separator: " → "))
            Self.report("\(name) timer(5 ms)", timerGaps)
            Self.report("\(name) frame", frameGaps)
            Self.report("\(name) paint", paints)
        }
    }

    @MainActor static func phase(of view: DocumentView?) -> String {
        guard let view else { return "tab closed" }
        switch view.visiblePage {
        case "error": return "error page"
        case "image": break
        default: return view.model.isLoading ? "decoding (nothing shown yet)" : "loading page"
        }
        guard let pyramid = view.model.levels else { return "no pyramid" }
        if view.model.isLoading { return "reduced image shown, decode of every pixel + pyramid running" }
        if !view.canvas.showsExactRendering {
            return pyramid.detail < 1 ? "reduced image shown, exact rendering pending" : "every pixel held, exact rendering pending"
        }
        return "exact rendering shown"
    }

    /// The calling thread's CPU time in seconds.
    nonisolated static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Process CPU time in seconds (all threads).
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @MainActor static func makeWindow() throws -> (AppHarness, DocumentWindow) {
        _ = image
        let harness = AppHarness()
        // A window already showing a small image: the big one opens as a new tab, as when
        // a user opens it in a running Iro (the first paint of a new window is not measured).
        let small = harness.fixtures.quadrants("small.png", width: 400, height: 300)
        let window = try XCTUnwrap(harness.open([small]))
        gtk_window_set_default_size(window.window, 1920, 1080)
        gtk_window_maximize(window.window)
        GtkTestEnvironment.pump(timeout: 5) { gtk_widget_get_width(window.window.widget) >= 1900 }
        GtkTestEnvironment.pump(for: 0.5)
        return (harness, window)
    }

    @MainActor static func runLoad() throws {
        let (harness, window) = try makeWindow()
        defer { harness.close() }
        print(
            "STALL renderer \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"), \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )

        let probe = Probe(window: window.window.widget)
        var view: DocumentView?
        probe.phaseOf = { view == nil ? "opening" : phase(of: view) }
        let cpu0 = cpuSeconds()
        let t0 = monotonicSeconds()
        harness.app.open([RawPath(image.url.path)], newWindow: false)
        view = window.selectedView
        XCTAssertEqual(view?.document.path, RawPath(image.url.path))
        let shown = GtkTestEnvironment.pump(timeout: 120) { phase(of: view) == "exact rendering shown" || phase(of: view) == "error page" }
        let opened = monotonicSeconds() - t0
        XCTAssertTrue(shown, "the image opened (\(phase(of: view)))")
        XCTAssertLessThan(view?.model.levels?.detail ?? 1, 1, "opened with reduced detail")
        window.actions.activate("zoom-reset") // 100 %: every pixel is decoded now
        let done = GtkTestEnvironment.pump(timeout: 120) {
            view?.model.levels?.detail == 1 && phase(of: view) == "exact rendering shown" || phase(of: view) == "error page"
        }
        let loaded = monotonicSeconds() - t0
        GtkTestEnvironment.pump(for: 0.5) // and a little after: frames of the settled view
        probe.stop()
        XCTAssertTrue(done, "the load ended (\(phase(of: view)))")
        print(
            String(
                format:
                    "STALL load: reduced image on screen after %.2f s; every pixel on screen at 100 %% after %.2f s; CPU %.1f s (all threads)",
                opened, loaded, cpuSeconds() - cpu0))
        probe.report("load")
    }

    @MainActor static func runClose(name: String, after ready: (DocumentView?) -> Bool) throws {
        let (harness, window) = try makeWindow()
        defer { harness.close() }
        GtkTestEnvironment.pump(for: 0.3)
        let idleStart = cpuSeconds(), idleWall = monotonicSeconds()
        GtkTestEnvironment.pump(for: 0.3)
        let idleRate = (cpuSeconds() - idleStart) / (monotonicSeconds() - idleWall)

        let probe = Probe(window: window.window.widget)
        var view: DocumentView?
        probe.phaseOf = { view == nil ? "tab closed" : phase(of: view) }
        let opened = monotonicSeconds()
        let cpuAtOpen = cpuSeconds()
        harness.app.open([RawPath(image.url.path)], newWindow: false)
        view = window.selectedView
        GtkTestEnvironment.pump(timeout: 30) { ready(view) }
        if name == "close-in-full-decode" {
            window.actions.activate("zoom-reset")
            GtkTestEnvironment.pump(for: 0.1)
        }
        let openPhase = phase(of: view)
        let busyRate = (cpuSeconds() - cpuAtOpen) / max(0.001, monotonicSeconds() - opened)

        weak let closedView = view
        let closedAt = monotonicSeconds()
        window.actions.activate("close-tab")
        view = nil
        // CPU per 100 ms after closing; the decode has stopped once the process is back
        // to its idle rate.
        var samples: [(Double, Double)] = []
        var last = cpuSeconds(), lastWall = closedAt
        var idleAfter: Double?
        while monotonicSeconds() - closedAt < 3 {
            GtkTestEnvironment.pump(for: 0.1)
            let now = cpuSeconds(), wall = monotonicSeconds()
            let rate = (now - last) / (wall - lastWall)
            samples.append((wall - closedAt, rate))
            if idleAfter == nil, rate < max(0.1, idleRate * 2) { idleAfter = lastWall - closedAt }
            last = now
            lastWall = wall
        }
        probe.stop()
        print(
            String(
                format:
                    "STALL %@: closed %.2f s after opening, during \"%@\"; CPU from opening to closing %.0f %% of a core (idle window: %.0f %%)",
                name, closedAt - opened, openPhase, busyRate * 100, idleRate * 100))
        print(
            "STALL \(name): CPU after closing, per 100 ms: "
                + samples.prefix(12).map { String(format: "%.1f s %.0f %%", $0.0, $0.1 * 100) }.joined(separator: ", "))
        if let idleAfter {
            print(String(format: "STALL %@: the process was back to idle within %.1f s of the tab closing", name, idleAfter + 0.1))
        } else {
            print("STALL \(name): the process was still busy 3 s after the tab closed: the decode did NOT stop")
        }
        print("STALL \(name): the tab's DocumentView was \(closedView == nil ? "released" : "still alive") 3 s later")
        XCTAssertNotNil(idleAfter, "the decode stops when its tab closes")
        probe.report(name)
    }
}
