import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// A new window opens at the size the last one closed with (BEHAVIOUR E4). The test
/// process keeps its own XDG_CONFIG_HOME (GtkTestEnvironment) and has no schema installed,
/// so this is the key-file store; the end-to-end tests check both stores across restarts.
final class WindowStateTests: XCTestCase {
    func testANewWindowOpensAtTheSizeTheLastOneClosedWith() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let first = harness.app.makeWindow()
            gtk_window_set_default_size(first.window, 820, 610)
            first.close()
            let second = harness.app.makeWindow()
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(second.window, &width, &height)
            XCTAssertEqual(width, 820)
            XCTAssertEqual(height, 610)
            XCTAssertTrue(FileManager.default.fileExists(atPath: SettingsStore.keyFilePath))
            second.close()
        }
    }

    func testAStoredSizeNoWindowCanHaveGivesTheStandardSize() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            WindowStateStore.save(WindowGeometry(width: 3, height: -2, maximized: false))
            let window = harness.app.makeWindow()
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(window.window, &width, &height)
            XCTAssertEqual(width, Int32(WindowGeometry.standard.width))
            XCTAssertEqual(height, Int32(WindowGeometry.standard.height))
            window.close()
        }
    }
}
