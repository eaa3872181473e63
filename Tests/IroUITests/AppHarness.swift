import CGtk
import Foundation
import GtkSupport
import IroCore
@testable import IroUI
import TestSupport
import XCTest

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
        app = IroApplication(id: "io.github.iroviewer.IroTest\(ProcessInfo.processInfo.processIdentifier)N\(AppHarness.count)",
                             flags: G_APPLICATION_NON_UNIQUE)
        do { _ = try withGError { g_application_register(gcast(raw(app.application), g_application_get_type()), nil, $0) } }
        catch { XCTFail("could not register the application: \(error)") }
    }

    /// Opens `urls` as the command line would and waits until every tab finished loading.
    @discardableResult
    func open(_ urls: [URL], newWindow: Bool = false) -> DocumentWindow? {
        app.open(urls, newWindow: newWindow)
        guard let window = app.activeWindow else { return nil }
        GtkTestEnvironment.waitUntilDrawn(window.window)
        GtkTestEnvironment.pump(timeout: 10) { window.views.allSatisfy { !$0.isLoading } }
        GtkTestEnvironment.pump(timeout: 5) { window.selectedView.map { $0.canvas.zoom != nil || $0.visiblePage == "error" || $0.noteSidebar.isShown } ?? true }
        GtkTestEnvironment.pump(for: 0.05)
        return window
    }

    func close() {
        for window in app.windows { window.close() }
        GtkTestEnvironment.pump(for: 0.05)
    }
}

/// The shape every GTK test method takes (see SWIFT-GTK.md): skip without a
/// display, then run the body on the main actor.
func onMain(_ body: @MainActor () throws -> Void) throws {
    try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
    try MainActor.assumeIsolated { try body() }
}
