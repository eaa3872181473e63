import CGtk
import Foundation
import GtkSupport
import TestSupport
import XCTest

/// Work finished on a background thread comes back to the main thread while
/// GLib's main loop (not libdispatch's) is in charge; timeouts and idles run
/// and release their closures.
final class MainLoopTests: XCTestCase {
    func testBackgroundResultReachesMainThreadUnderGLibMainLoop() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try MainActor.assumeIsolated { try Self.backgroundHop() }
    }

    @concurrent nonisolated static func computeOffMain() async -> (value: Int, wasMain: Bool) {
        (42, Thread.isMainThread)
    }

    @MainActor static func backgroundHop() throws {
        XCTAssertTrue(GtkTestEnvironment.start())
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        var result: (value: Int, workerWasMain: Bool, resumedOnMain: Bool)?
        Task { @MainActor in
            let (value, wasMain) = await computeOffMain()
            result = (value, wasMain, Thread.isMainThread)
            g_main_loop_quit(loop)
        }
        // Safety net so a broken bridge fails the test instead of hanging it.
        let safetyNet = after(milliseconds: 5000) { g_main_loop_quit(loop) }
        g_main_loop_run(loop) // the real GLib main loop, as under g_application_run
        safetyNet.cancel() // the loop is freed below; the timer must not outlive it
        XCTAssertEqual(result?.value, 42)
        XCTAssertEqual(result?.workerWasMain, false, "the work must run off the main thread")
        XCTAssertEqual(result?.resumedOnMain, true, "the result must come back on the main thread")
    }

    func testTimeoutRunsOnceAndReleasesClosure() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try MainActor.assumeIsolated { try Self.timeoutOnce() }
    }

    final class Witness {
        let onDeinit: () -> Void
        init(_ f: @escaping () -> Void) { onDeinit = f }
        deinit { onDeinit() }
    }

    @MainActor static func timeoutOnce() throws {
        XCTAssertTrue(GtkTestEnvironment.start())
        var runs = 0, freed = false
        do {
            let witness = Witness { freed = true }
            after(milliseconds: 10) {
                _ = witness
                runs += 1
            }
        }
        XCTAssertTrue(GtkTestEnvironment.pump(timeout: 2) { runs == 1 })
        GtkTestEnvironment.pump(for: 0.05)
        XCTAssertEqual(runs, 1)
        XCTAssertTrue(freed)
    }

    func testCancelledTimeoutNeverRuns() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            var ran = false
            let id = after(milliseconds: 20) { ran = true }
            id.cancel()
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertFalse(ran)
        }
    }

    func testRepeatingIdleStopsWhenItReturnsFalse() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            var count = 0
            addIdle {
                count += 1
                return count < 3
            }
            GtkTestEnvironment.pump(for: 0.1)
            XCTAssertEqual(count, 3)
        }
    }
}
