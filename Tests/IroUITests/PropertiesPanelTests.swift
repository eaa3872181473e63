import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: the Image Properties panel, beside the image, with the file's camera data.
final class PropertiesPanelTests: XCTestCase {
    @MainActor static func cameraJPEG(_ harness: AppHarness, _ name: String, tiff: [UInt8]?) -> URL {
        let plain = harness.fixtures.image("plain-\(name)", width: 320, height: 200, type: "jpeg") { x, _ in RGBA(UInt8(x % 256), 90, 40) }
        let bytes = harness.fixtures.data(of: plain)
        try? FileManager.default.removeItem(at: plain)
        return harness.fixtures.bytes(name, tiff.map { ExifFixture.inserting($0, into: bytes) } ?? bytes)
    }

    @MainActor static func cameraTIFF() -> [UInt8] {
        let camera = ExifFixture.camera
        return ExifFixture.tiff(ifd0: camera.ifd0, exif: camera.exif, gps: camera.gps)
    }

    /// The text the panel shows for `label`, once it shows `expected` (or after a while).
    @MainActor static func shown(_ window: DocumentWindow, _ label: String, becomes expected: String? = nil) -> String? {
        func text() -> String? { window.properties.panel.valueLabels[label].flatMap { string(gtk_label_get_text(cast($0))) } }
        GtkTestEnvironment.pump(timeout: 10) { expected.map { text() == $0 } ?? (text() != nil) }
        return text()
    }

    func testAltReturnShowsTheCameraDataOfAJPEGBesideTheImage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([Self.cameraJPEG(harness, "camera.jpg", tiff: Self.cameraTIFF())]))
            XCTAssertFalse(window.properties.panel.isRevealed)
            let canvasBefore = gtk_widget_get_width(try XCTUnwrap(window.selectedView).canvas.widget)
            let app = gcast(raw(harness.app.application), gtk_application_get_type(), as: GtkApplication.self)
            for accel in ["<Alt>Return", "<Alt>KP_Enter"] {
                let actions = gtk_application_get_actions_for_accel(app, accel)
                defer { g_strfreev(actions) }
                XCTAssertEqual(actions.flatMap { string($0[0]) }, "win.properties", accel)
            }
            window.actions.activate("properties")
            XCTAssertTrue(window.properties.panel.isRevealed)
            XCTAssertTrue(window.actions.state("properties"))
            XCTAssertEqual(gtk_toggle_button_get_active(cast(window.header.propertiesButton)), 1, "the header's button shows it")

            XCTAssertEqual(Self.shown(window, "Camera", becomes: "Canon EOS 5D Mark IV"), "Canon EOS 5D Mark IV")
            XCTAssertEqual(Self.shown(window, "Lens"), "EF50mm f/1.8 STM")
            XCTAssertEqual(Self.shown(window, "Exposure"), "1/250 s")
            XCTAssertEqual(Self.shown(window, "Aperture"), "f/2.8")
            XCTAssertEqual(Self.shown(window, "ISO"), "200")
            XCTAssertEqual(Self.shown(window, "Focal Length"), "50 mm")
            XCTAssertEqual(Self.shown(window, "Taken"), "1 May 2024, 12:34:56")
            XCTAssertEqual(Self.shown(window, "Location"), "48.85837° N, 2.29447° E, 35 m")
            XCTAssertEqual(Self.shown(window, "Dimensions"), "320 × 200 (0.1 MP)")
            XCTAssertEqual(Self.shown(window, "Format"), "JPEG image")
            XCTAssertEqual(Self.shown(window, "Name"), "camera.jpg")

            // Values can be selected and copied (their names for screen readers: end-to-end).
            let exposure = try XCTUnwrap(window.properties.panel.valueLabels["Exposure"])
            XCTAssertEqual(gtk_label_get_selectable(cast(exposure)), 1)

            // Beside the image, not over it: the image area narrowed by the panel's width.
            GtkTestEnvironment.pump(timeout: 5) {
                gtk_widget_get_width(window.selectedView!.canvas.widget) < canvasBefore
            }
            let panel = window.properties.panel.widget
            let canvas = try XCTUnwrap(window.selectedView).canvas.widget
            var bounds = graphene_rect_t()
            XCTAssertEqual(gtk_widget_compute_bounds(canvas, panel, &bounds), 1)
            XCTAssertLessThanOrEqual(bounds.origin.x + bounds.size.width, 0.5, "the image area ends where the panel starts")
            XCTAssertGreaterThanOrEqual(gtk_widget_get_width(panel), PropertiesPanel.width)

            window.actions.activate("properties")
            XCTAssertFalse(window.properties.panel.isRevealed)
            GtkTestEnvironment.pump(timeout: 5) { gtk_widget_get_visible(panel) == 0 }
            XCTAssertEqual(gtk_widget_get_visible(panel), 0, "hidden, it takes no room")
        }
    }

    func testTheLocationOpensAMapAndTheFolderTheFileManager() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([Self.cameraJPEG(harness, "where.jpg", tiff: Self.cameraTIFF())]))
            var opened: [String] = []
            window.properties.panel.openURI = { uri, _ in opened.append(uri) }
            var shownInFolder = 0
            window.properties.panel.onShowInFolder = { shownInFolder += 1 }
            window.actions.activate("properties")
            _ = Self.shown(window, "Location")
            let location = try XCTUnwrap(window.properties.panel.valueLabels["Location"])
            XCTAssertEqual(iro_emit_activate_link(raw(location), "geo:48.858367,2.294467"), 1)
            XCTAssertEqual(opened, ["geo:48.858367,2.294467"])
            XCTAssertEqual(string(gtk_label_get_current_uri(cast(location))), "geo:48.858367,2.294467", "the value is that link")
            let folder = try XCTUnwrap(window.properties.panel.valueLabels["Folder"])
            XCTAssertEqual(iro_emit_activate_link(raw(folder), "show-in-folder:"), 1)
            XCTAssertEqual(shownInFolder, 1)
        }
    }

    func testBrokenEXIFShowsWhatItCanAndNoCameraData() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let broken: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 2, 0, 0x0F, 0x01, 2, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0xF0, 0xFF, 0, 0]
            let window = try XCTUnwrap(harness.open([Self.cameraJPEG(harness, "broken.jpg", tiff: broken)]))
            window.actions.activate("properties")
            XCTAssertEqual(Self.shown(window, "Camera"), "No camera data")
            XCTAssertEqual(Self.shown(window, "Dimensions"), "320 × 200 (0.1 MP)")
            XCTAssertEqual(Self.shown(window, "Name"), "broken.jpg")
            XCTAssertNil(window.properties.panel.valueLabels["Exposure"])
        }
    }

    func testThePanelFollowsTabsAndFolderSteps() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let first = Self.cameraJPEG(harness, "a-camera.jpg", tiff: Self.cameraTIFF())
            harness.fixtures.quadrants("b-plain.png", width: 40, height: 30)
            let window = try XCTUnwrap(harness.open([first]))
            window.actions.activate("properties")
            XCTAssertEqual(Self.shown(window, "Name", becomes: "a-camera.jpg"), "a-camera.jpg")
            _ = try XCTUnwrap(FolderBrowsingTests.listed(window))
            FolderBrowsingTests.go(window, "next-image")
            XCTAssertEqual(Self.shown(window, "Name", becomes: "b-plain.png"), "b-plain.png")
            XCTAssertEqual(Self.shown(window, "Dimensions"), "40 × 30 (0.0 MP)")
            XCTAssertEqual(Self.shown(window, "Camera"), "No camera data")

            // Another tab: its file, in the same panel.
            harness.app.open([RawPath(first.path)], newWindow: false)
            XCTAssertEqual(Self.shown(window, "Name", becomes: "a-camera.jpg"), "a-camera.jpg")
            XCTAssertEqual(Self.shown(window, "Camera"), "Canon EOS 5D Mark IV")
            window.actions.activate("previous-tab")
            XCTAssertEqual(Self.shown(window, "Name", becomes: "b-plain.png"), "b-plain.png")
        }
    }

    /// Per window, and the last window's choice for the next (key-file store here).
    func testThePanelIsRememberedPerWindowAndForTheNextOne() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            WindowStateStore.save(WindowGeometry(width: 900, height: 700, maximized: false, showsProperties: false))
            let first = harness.app.makeWindow()
            let second = harness.app.makeWindow()
            XCTAssertFalse(first.properties.panel.isRevealed)
            first.actions.activate("properties")
            XCTAssertTrue(first.properties.panel.isRevealed)
            XCTAssertFalse(second.properties.panel.isRevealed, "each window has its own")
            first.close()
            let third = harness.app.makeWindow()
            XCTAssertTrue(third.properties.isRevealed, "a new window opens as the last one closed")
            XCTAssertTrue(third.actions.state("properties"))
            second.close()
            third.close()
        }
    }
}
