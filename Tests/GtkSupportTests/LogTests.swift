import Foundation
import GObjectSupport
import XCTest

/// What Iro handles quietly goes to GLib's structured log in the domain "Iro": shown with
/// G_MESSAGES_DEBUG=Iro, silent otherwise. Checked in a child process (the test bundle
/// itself), since GLib reads G_MESSAGES_DEBUG once per process.
final class LogTests: XCTestCase {
    func testDebugMessagesShowOnlyWhenAskedForByDomain() throws {
        let shown = try runChild(messagesDebug: "Iro")
        XCTAssertTrue(shown.contains("Iro-DEBUG"), shown)
        XCTAssertTrue(shown.contains("the message the child logs"), shown)
        let hidden = try runChild(messagesDebug: nil)
        XCTAssertFalse(hidden.contains("the message the child logs"), hidden)
        let otherDomain = try runChild(messagesDebug: "Gtk")
        XCTAssertFalse(otherDomain.contains("the message the child logs"), otherDomain)
    }

    /// Runs only inside the child process of the test above.
    func testLogChild() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["IRO_LOG_CHILD"] == "1",
            "the child half of testDebugMessagesShowOnlyWhenAskedForByDomain")
        Log.debug("the message the child logs")
    }

    private func runChild(messagesDebug: String?) throws -> String {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["GtkSupportTests.LogTests/testLogChild"]
        var environment = ProcessInfo.processInfo.environment
        environment["IRO_LOG_CHILD"] = "1"
        environment["G_MESSAGES_DEBUG"] = messagesDebug
        child.environment = environment
        let output = Pipe()
        child.standardError = output
        child.standardOutput = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationStatus, 0, text)
        return text
    }
}
