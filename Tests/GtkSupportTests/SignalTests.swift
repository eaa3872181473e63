import CGtk
import CGtkShims
import GtkSupport
import TestSupport
import XCTest

/// Signal closures run, and GLib frees what they captured when the object goes.
final class SignalTests: XCTestCase {
    override func setUp() {}

    func testHandlerRunsWhenSignalEmitted() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try MainActor.assumeIsolated { try Self.handlerRuns() }
    }

    @MainActor static func handlerRuns() throws {
        XCTAssertTrue(GtkTestEnvironment.start())
        let button = gtk_button_new()!
        g_object_ref_sink(raw(button))
        defer { g_object_unref(raw(button)) }
        var clicks = 0
        onSignal(raw(button), "clicked") { clicks += 1 }
        iro_emit_void(raw(button), "clicked")
        iro_emit_void(raw(button), "clicked")
        XCTAssertEqual(clicks, 2)
    }

    func testCapturedClosureIsFreedWhenObjectIsFinalized() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try MainActor.assumeIsolated { try Self.closureFreed() }
    }

    final class Witness {
        let onDeinit: () -> Void
        init(_ f: @escaping () -> Void) { onDeinit = f }
        deinit { onDeinit() }
    }

    @MainActor static func closureFreed() throws {
        XCTAssertTrue(GtkTestEnvironment.start())
        var freed = false
        let button = gtk_button_new()!
        g_object_ref_sink(raw(button))
        do {
            let witness = Witness { freed = true }
            onSignal(raw(button), "clicked") { _ = witness }
        }
        XCTAssertFalse(freed, "the closure must live as long as the object")
        g_object_unref(raw(button))
        XCTAssertTrue(freed, "finalizing the object must release the captured closure")
    }

    func testDisconnectReleasesClosure() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try MainActor.assumeIsolated { try Self.disconnectReleases() }
    }

    @MainActor static func disconnectReleases() throws {
        XCTAssertTrue(GtkTestEnvironment.start())
        var freed = false, calls = 0
        let button = gtk_button_new()!
        g_object_ref_sink(raw(button))
        defer { g_object_unref(raw(button)) }
        let id: SignalHandlerID
        do {
            let witness = Witness { freed = true }
            id = onSignal(raw(button), "clicked") {
                _ = witness
                calls += 1
            }
        }
        disconnect(raw(button), id)
        XCTAssertTrue(freed)
        iro_emit_void(raw(button), "clicked")
        XCTAssertEqual(calls, 0)
    }

    func testTypedSignalsReceiveArguments() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        try MainActor.assumeIsolated { try Self.typedSignals() }
    }

    @MainActor static func typedSignals() throws {
        XCTAssertTrue(GtkTestEnvironment.start())
        let zoom = gtk_gesture_zoom_new()!
        defer { g_object_unref(raw(zoom)) }
        var received: Double?
        onSignal(raw(zoom), "scale-changed") { (value: Double) in received = value }
        iro_emit_double(raw(zoom), "scale-changed", 1.75)
        XCTAssertEqual(received, 1.75)

        let click = gtk_gesture_click_new()!
        defer { g_object_unref(raw(click)) }
        var press: (Int32, Double, Double)?
        onSignal(raw(click), "pressed") { (n: Int32, x: Double, y: Double) in press = (n, x, y) }
        iro_emit_int_double_double(raw(click), "pressed", 2, 10.5, 20.25)
        XCTAssertEqual(press?.0, 2)
        XCTAssertEqual(press?.1, 10.5)
        XCTAssertEqual(press?.2, 20.25)
    }
}
