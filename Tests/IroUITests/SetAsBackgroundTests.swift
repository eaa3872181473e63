import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: Set as Background without a portal sets GNOME's background keys to a copy
/// of the image, which outlives the original.
final class SetAsBackgroundTests: XCTestCase {
    @MainActor static func backgroundSettings() throws -> UnsafeMutablePointer<GSettings> {
        let source = try XCTUnwrap(g_settings_schema_source_get_default())
        let schema = g_settings_schema_source_lookup(source, SetAsBackground.gnomeSchema, 1)
        try XCTSkipIf(schema == nil, "GNOME's background schema is not installed (gsettings-desktop-schemas)")
        g_settings_schema_unref(schema)
        return g_settings_new(SetAsBackground.gnomeSchema)!
    }

    func testTheKeysPointAtACopyThatSurvivesDeletingTheOriginal() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            SetAsBackground.usesPortal = false
            defer { SetAsBackground.usesPortal = true }
            let url = harness.fixtures.quadrants("holiday.png", width: 64, height: 48)
            let original = harness.fixtures.data(of: url)
            let window = try XCTUnwrap(harness.open([url]))
            let settings = try Self.backgroundSettings()
            defer { g_object_unref(raw(settings)) }

            XCTAssertTrue(window.actions.isEnabled("set-background"))
            window.actions.activate("set-background")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.toasts.last?.title == "“holiday.png” is the background" })

            let uri = try XCTUnwrap(takeString(g_settings_get_string(settings, "picture-uri")))
            XCTAssertEqual(takeString(g_settings_get_string(settings, "picture-uri-dark")), uri)
            let copy = try XCTUnwrap(URL(string: uri))
            let dataHome = try XCTUnwrap(ProcessInfo.processInfo.environment["XDG_DATA_HOME"])
            XCTAssertEqual(copy.deletingLastPathComponent().path, dataHome + "/backgrounds")
            XCTAssertEqual(copy.lastPathComponent, "holiday.png")
            // What the settings hold, on disk: the keyfile backend's file.
            let keyfile = try String(
                contentsOfFile: String(cString: g_get_user_config_dir()) + "/glib-2.0/settings/keyfile", encoding: .utf8)
            XCTAssertTrue(keyfile.contains("picture-uri='\(uri)'"), keyfile)

            try FileManager.default.removeItem(at: url)
            XCTAssertEqual(harness.fixtures.data(of: copy), original, "the copy is the image, and outlives the original")

            // Another image of the same name does not overwrite the first copy.
            try FileManager.default.createDirectory(at: harness.fixtures.url("again"), withIntermediateDirectories: true)
            let other = harness.fixtures.image("again/holiday.png", width: 8, height: 8) { _, _ in RGBA(1, 2, 3) }
            harness.app.open([RawPath(other.path)], newWindow: false)
            GtkTestEnvironment.pump(timeout: 10) {
                window.selectedView?.model.imagePath == RawPath(other.path) && window.selectedView?.canvas.zoom != nil
            }
            window.actions.activate("set-background")
            XCTAssertTrue(
                GtkTestEnvironment.pump(timeout: 10) {
                    takeString(g_settings_get_string(settings, "picture-uri"))?.hasSuffix("holiday%20(2).png") == true
                })
            XCTAssertEqual(harness.fixtures.data(of: copy), original)
        }
    }

    func testAnErrorTabCannotBeABackground() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let broken = harness.fixtures.bytes("broken.png", [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
            let window = try XCTUnwrap(harness.open([broken]))
            XCTAssertEqual(window.selectedView?.visiblePage, "error")
            XCTAssertFalse(window.actions.isEnabled("set-background"))
        }
    }
}
