import CGtk
import Foundation
import GObjectSupport
import GtkSupport
import XCTest

/// Debug builds compare a handler's C signature with the signal's before connecting it
/// (`connect` in GObjectSupport). These tests need no display: GSimpleAction and
/// GdkPixbufLoader are plain GObjects.
final class SignalSignatureTests: XCTestCase {
    func testTheSignatureGLibCallsWithIsReadFromTheSignal() throws {
        let action = try XCTUnwrap(g_simple_action_new("a", nil))
        defer { g_object_unref(raw(action)) }
        XCTAssertEqual(try SignalSignature.of("activate", on: raw(action)).get(), SignalSignature([.pointer]))
        XCTAssertEqual(try SignalSignature.of("notify::enabled", on: raw(action)).get(), SignalSignature([.pointer]))

        let loader = try XCTUnwrap(gdk_pixbuf_loader_new())
        defer {
            _ = gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(raw(loader))
        }
        XCTAssertEqual(try SignalSignature.of("size-prepared", on: raw(loader)).get(), SignalSignature([.int32, .int32]))
        XCTAssertEqual(
            try SignalSignature.of("area-updated", on: raw(loader)).get(),
            SignalSignature([.int32, .int32, .int32, .int32]))
    }

    func testAWrongHandlerIsNamedWithBothSignatures() throws {
        let loader = try XCTUnwrap(gdk_pixbuf_loader_new())
        defer {
            _ = gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(raw(loader))
        }
        let twoDoubles = SignalSignature([.double, .double])
        let mismatch = try XCTUnwrap(twoDoubles.mismatch(connecting: "size-prepared", on: raw(loader)))
        XCTAssertTrue(mismatch.contains("GdkPixbufLoader::size-prepared"), mismatch)
        XCTAssertTrue(mismatch.contains("(32-bit integer, 32-bit integer) -> void"), mismatch)
        XCTAssertTrue(mismatch.contains("(double, double) -> void"), mismatch)

        let returning = SignalSignature([.int32, .int32], returns: .int32)
        XCTAssertNotNil(returning.mismatch(connecting: "size-prepared", on: raw(loader)), "a result where the signal has none")
        XCTAssertNil(SignalSignature([.int32, .int32]).mismatch(connecting: "size-prepared", on: raw(loader)))
    }

    func testAnUnknownSignalIsNamed() throws {
        let action = try XCTUnwrap(g_simple_action_new("a", nil))
        defer { g_object_unref(raw(action)) }
        let mismatch = try XCTUnwrap(SignalSignature().mismatch(connecting: "no-such-signal", on: raw(action)))
        XCTAssertTrue(mismatch.contains("GSimpleAction has no signal “no-such-signal”"), mismatch)
    }

    /// The check as it runs: connecting a handler of the wrong shape stops the process at
    /// the `connect`, saying which signal and both signatures. Run in a child process (the
    /// test bundle itself, made to run only the method below), since stopping is the point.
    func testConnectingAWrongHandlerStopsADebugBuild() throws {
        #if DEBUG
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["GtkSupportTests.SignalSignatureTests/testWrongHandlerChild"]
            child.environment = ProcessInfo.processInfo.environment.merging(["IRO_SIGNAL_CHECK_CHILD": "1"]) { $1 }
            let errors = Pipe()
            child.standardError = errors
            child.standardOutput = errors
            try child.run()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, "the child should stop, not return: \(output)")
            XCTAssertTrue(
                output.contains(
                    "wrong handler for a signal: GSimpleAction::activate calls handlers as (pointer) -> void, but this handler is (double) -> void"
                ),
                output)
            XCTAssertFalse(output.contains("connected anyway"), output)
        #else
            throw XCTSkip("the check runs in debug builds only")
        #endif
    }

    /// Runs only inside the child process of the test above.
    func testWrongHandlerChild() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["IRO_SIGNAL_CHECK_CHILD"] == "1",
            "the child half of testConnectingAWrongHandlerStopsADebugBuild")
        try MainActor.assumeIsolated {
            let action = try XCTUnwrap(g_simple_action_new("a", nil))
            // GSimpleAction::activate passes a GVariant *, not a double.
            onSignal(raw(action), "activate") { (_: Double) in }
            print("connected anyway")
        }
    }
}
