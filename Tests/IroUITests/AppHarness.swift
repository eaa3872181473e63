import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// A real IroApplication registered without D-Bus uniqueness, driven the way
/// the command line and the Open dialog drive it.
@MainActor
final class AppHarness {
    let app: IroApplication
    let fixtures = Fixtures()
    static var count = 0

    init() {
        precondition(GtkTestEnvironment.start(), "GTK could not start")
        AppHarness.count += 1
        app = IroApplication(
            id: "io.github.iroviewer.IroTest\(ProcessInfo.processInfo.processIdentifier)N\(AppHarness.count)",
            flags: G_APPLICATION_NON_UNIQUE)
        do { _ = try withGError { g_application_register(gcast(raw(app.application), g_application_get_type()), nil, $0) } } catch {
            XCTFail("could not register the application: \(error)")
        }
    }

    /// Opens `urls` as the command line would and waits until every tab finished loading.
    @discardableResult
    func open(_ urls: [URL], newWindow: Bool = false) -> DocumentWindow? {
        app.open(urls.map { RawPath($0.path) }, newWindow: newWindow)
        return loadedWindow()
    }

    /// Launches `iro ARGUMENT…` (arguments as bytes, as the kernel hands them over)
    /// through GApplication's command-line signal, and waits like `open`.
    @discardableResult
    func launch(_ arguments: [[UInt8]]) -> DocumentWindow? {
        let argv = withCStrings([Array("iro".utf8)] + arguments) { g_variant_new_bytestring_array($0, -1)! }
        let options = g_variant_dict_new(nil)!
        g_variant_dict_insert_value(options, "", withCStrings(arguments) { g_variant_new_bytestring_array($0, -1)! })
        let platform = g_variant_dict_new(nil)!
        g_variant_dict_insert_value(platform, "cwd", g_variant_new_bytestring(fixtures.folder.path))
        let status = iro_emit_command_line(raw(app.application), argv, g_variant_dict_end(options), g_variant_dict_end(platform))
        g_variant_dict_unref(options)
        g_variant_dict_unref(platform)
        XCTAssertEqual(status, 0, "exit status of the command line")
        return loadedWindow()
    }

    /// The active window once every tab finished loading and the selected one is laid out.
    private func loadedWindow() -> DocumentWindow? {
        guard let window = app.activeWindow else { return nil }
        GtkTestEnvironment.waitUntilDrawn(window.window.widget)
        GtkTestEnvironment.pump(timeout: 10) { !window.tabAdder.isAdding } // the tabs after the first come after a frame
        GtkTestEnvironment.pump(timeout: 10) { window.views.allSatisfy { !$0.model.isLoading } }
        GtkTestEnvironment.pump(timeout: 5) {
            window.selectedView.map {
                $0.canvas.zoom != nil || $0.pages.continuous.zoom != nil || $0.visiblePage == "error" || $0.isShowingNote
            } ?? true
        }
        GtkTestEnvironment.pump(for: 0.05)
        return window
    }

    func close() {
        for window in app.windows { window.close() }
        GtkTestEnvironment.pump(for: 0.05)
    }
}

/// The shape every GTK test method takes (docs/ARCHITECTURE.md, Tests): skip without a
/// display, then run the body on the main actor.
func onMain(_ body: @MainActor () throws -> Void) throws {
    try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
    try MainActor.assumeIsolated { try body() }
}

/// A NULL-terminated `char **` of byte strings, for GLib.
private func withCStrings<R>(_ strings: [[UInt8]], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
    }
    defer {
        for copy in copies { copy.deallocate() }
    }
    let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
