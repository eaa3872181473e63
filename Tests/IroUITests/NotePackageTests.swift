import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR A8: `*.notesdoc` folders open as one read-only document.
final class NotePackageTests: XCTestCase {
    @MainActor static func package(_ harness: AppHarness, _ name: String, text: [UInt8]?, image: Bool) throws -> URL {
        let folder = harness.fixtures.url(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let text { _ = harness.fixtures.bytes("\(name)/Text.txt", text) }
        if image { harness.fixtures.quadrants("\(name)/Image.png", width: 200, height: 150) }
        return folder
    }

    func testImageWithItsTextBesideIt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let folder = try Self.package(harness, "Trip.notesdoc", text: Array("Morning at the lake — 色\n".utf8), image: true)
            let window = try XCTUnwrap(harness.open([folder]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { view.canvas.zoom != nil })
            XCTAssertEqual(string(gtk_window_get_title(window.window)), "Trip.notesdoc")
            XCTAssertTrue(view.noteSidebar.isShown)
            XCTAssertEqual(view.noteSidebar.text, "Morning at the lake — 色\n")
            XCTAssertEqual(view.visiblePage, "image")
            XCTAssertEqual(view.model.levels?.width, 200)
        }
    }

    /// A note of one 3 MB line of stacked marks, bidi overrides and emoji: shown within 2 s of
    /// CPU and 100 MB, the main loop never busy for over 50 ms at once while the rest is laid
    /// out, and the sidebar says what of it is not shown as it is. Time is measured
    /// as the process's CPU time, so a busy machine, which stretches wall time, does not fail
    /// the test.
    func testAHostileLongLineIsShownQuicklyInBoundedMemory() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let unit = Array(("a" + String(repeating: "\u{0336}\u{0489}", count: 40) + "\u{202E}abc\u{202D}🏳️‍🌈").utf8)
            var text: [UInt8] = []
            while text.count < 3 << 20 { text += unit }
            let folder = try Self.package(harness, "Wall.notesdoc", text: text, image: false)
            // A window already up, so what is measured is the note, not a window being made.
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("first.png")]))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.selectedView?.canvas.showsExactRendering == true })
            let probe = MainLoopProbe()
            let (cpuBefore, memoryBefore) = (ProcessUsage.cpuSeconds, ProcessUsage.residentBytes)
            harness.open([folder])
            let view = try XCTUnwrap(window.views.last)
            XCTAssertEqual(view.document.displayName, "Wall.notesdoc")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 60) { view.noteSidebar.isShown })
            gtk_widget_queue_draw(window.window.widget)
            GtkTestEnvironment.pump(for: 0.3) // the first frames lay out the visible lines
            let cpu = ProcessUsage.cpuSeconds - cpuBefore
            let memory = probe.peakResidentBytes - memoryBefore
            XCTAssertLessThan(cpu, 2, "CPU seconds to show the note")
            XCTAssertLessThan(memory, 100 << 20, "memory grew by \(memory >> 20) MB")
            // The rest of the note goes in and is laid out behind the first screen, the main
            // loop never held for more than 50 ms at once.
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 60) { view.noteSidebar.isComplete })
            GtkTestEnvironment.pump(for: 0.5)
            probe.stop()
            XCTAssertLessThan(probe.longestBusyStretch, 0.05, "the longest the main loop was busy at once, in seconds")
            XCTAssertTrue(view.noteSidebar.text.unicodeScalars.starts(with: "a\u{0336}\u{0489}".unicodeScalars))
            XCTAssertEqual(gtk_widget_get_visible(view.noteSidebar.shortening.widget), 1)
            let said = string(gtk_label_get_text(view.noteSidebar.shortening)) ?? ""
            XCTAssertEqual(said, NoteSidebar.explanation(of: [.cut, .paragraphsBroken, .marksDropped]))
            XCTAssertTrue(said.contains("100000"), said)
        }
    }

    func testTextOnlyPackageShowsTheNoteAlone() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let folder = try Self.package(harness, "Memo.notesdoc", text: Array("Just words.".utf8), image: false)
            let window = try XCTUnwrap(harness.open([folder]))
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { view.noteSidebar.isShown })
            XCTAssertEqual(view.noteSidebar.text, "Just words.")
            XCTAssertEqual(view.document.state, .loaded(width: 0, height: 0))
        }
    }

    func testMissingOrNonUTF8TextIsAnErrorPage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let missing = try Self.package(harness, "Empty.notesdoc", text: nil, image: true)
            let latin1 = try Self.package(harness, "Old.notesdoc", text: [0x43, 0x61, 0x66, 0xE9, 0x20, 0xFF], image: false)
            let window = try XCTUnwrap(harness.open([missing, latin1]))
            GtkTestEnvironment.pump(timeout: 5) { window.views.allSatisfy { $0.visiblePage == "error" } }
            let views = window.views
            XCTAssertEqual(views[0].document.state, .failed(.notePackage(.missingText)))
            XCTAssertEqual(views[1].document.state, .failed(.notePackage(.textNotUTF8)))
            for view in views {
                XCTAssertEqual(view.visiblePage, "error")
                XCTAssertFalse(view.noteSidebar.isShown)
                let page = try XCTUnwrap(view.errorPage)
                XCTAssertEqual(string(adw_status_page_get_title(cast(page))), "The Note Package Cannot Be Opened")
            }
        }
    }

    func testAPlainFolderIsStillAFolderError() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let folder = harness.fixtures.url("Holiday")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let window = try XCTUnwrap(harness.open([folder]))
            XCTAssertEqual(window.selectedView?.document.state, .failed(.isFolder))
        }
    }
}
