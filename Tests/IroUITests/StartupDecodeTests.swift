import CGtk
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR A6: the first file of the command line decodes while GTK starts, and the tab
/// that opens it takes that decode, so the window's first frame can show the image.
final class StartupDecodeTests: XCTestCase {
    func testTheFirstFileArgumentIsFoundAsGOptionReadsTheCommandLine() {
        XCTAssertEqual(StartupDecode.firstFile(in: ["iro", "a.png", "b.png"]), 1)
        XCTAssertEqual(StartupDecode.firstFile(in: ["iro", "--new-window", "a.png"]), 2)
        XCTAssertEqual(StartupDecode.firstFile(in: ["iro", "--", "--odd-name.png"]), 2)
        XCTAssertEqual(StartupDecode.firstFile(in: ["iro", "-"]), 1, "“-” is a file name, not an option")
        XCTAssertNil(StartupDecode.firstFile(in: ["iro"]))
        XCTAssertNil(StartupDecode.firstFile(in: ["iro", "--new-window"]))
        XCTAssertNil(StartupDecode.firstFile(in: ["iro", "--version", "a.png"]), "--version opens nothing")
        XCTAssertNil(StartupDecode.firstFile(in: ["iro", "a.png", "--help"]), "--help opens nothing")
    }

    func testATabOpeningTheFileTakesTheFinishedDecodeWithoutWaitingForTheMainLoop() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.quadrants("startup.png", width: 64, height: 48)
            StartupDecode.begin(argument: url.path)
            let early = try XCTUnwrap(StartupDecode.pending)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { early.finished != nil }, "the decode ends")
            guard case .success(let decoded?) = try XCTUnwrap(early.finished) else { return XCTFail("decoded") }

            harness.app.open([RawPath(url.path)], newWindow: true)
            // No main-loop iteration yet: the window's first frame is still to come.
            let view = try XCTUnwrap(harness.app.activeWindow?.selectedView)
            XCTAssertEqual(view.visiblePage, "image", "the image is in place before the first frame")
            XCTAssertFalse(view.model.isLoading)
            XCTAssertTrue(view.model.levels === decoded, "the startup decode is shown, not decoded again")
            XCTAssertNil(StartupDecode.pending, "taken once")
            // Shown before its window was, the image still gets the keyboard focus (keys step and zoom).
            let window = try XCTUnwrap(harness.app.activeWindow)
            // And the first frame that draws the canvas draws it exactly, not an empty
            // canvas or a scaled level waiting for a rendering made off the main thread
            // (`CanvasRenderer.renderNow`).
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window.widget))
            var firstDrawing: ImageCanvas.Drawing?
            let handler = onSignal(raw(clock), "after-paint") {
                if firstDrawing == nil { firstDrawing = view.canvas.lastDrawing }
            }
            defer { disconnect(raw(clock), handler) }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { firstDrawing != nil })
            XCTAssertEqual(firstDrawing, .exact, "the window's first frame shows the image")
            GtkTestEnvironment.waitUntilDrawn(window.window.widget)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { gtk_widget_has_focus(view.canvas.widget) != 0 }, "the image has the focus")
        }
    }

    /// BEHAVIOUR A3: a running Iro starts decoding the file a second launch hands it before
    /// it builds the tab, which then takes that decode.
    func testASecondLaunchsFileStartsDecodingBeforeItsTabIsBuilt() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let first = harness.fixtures.quadrants("shown.png", width: 64, height: 48)
            let second = harness.fixtures.quadrants("handed-over.png", width: 32, height: 24)
            let window = try XCTUnwrap(harness.open([first]))
            XCTAssertEqual(window.selectedView?.visiblePage, "image")
            XCTAssertNil(StartupDecode.pending)

            harness.app.open([RawPath(second.path)], newWindow: false)
            let view = try XCTUnwrap(window.selectedView)
            XCTAssertEqual(view.document.path, RawPath(second.path), "a new tab, selected")
            XCTAssertTrue(view.model.tookStartupDecode, "its decode was begun before the tab existed")
            XCTAssertNil(StartupDecode.pending, "and taken by it")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { view.visiblePage == "image" })
            XCTAssertEqual(view.model.levels?.width, 32)
            let third = window.open(RawPath(first.path))
            XCTAssertFalse(third.model.tookStartupDecode, "a tab opened in the window (Open, a drop) decodes on its own")
        }
    }

    func testADecodeOfAnotherFileOrACancelledOneIsNotTaken() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let first = harness.fixtures.quadrants("first.png", width: 64, height: 48)
            let other = harness.fixtures.quadrants("other.png", width: 32, height: 24)
            StartupDecode.begin(argument: first.path)
            let early = try XCTUnwrap(StartupDecode.pending)
            XCTAssertNil(StartupDecode.take(RawPath(other.path)), "another file decodes on its own")
            XCTAssertTrue(StartupDecode.pending === early, "and leaves the startup decode waiting")

            // A second launch hands its files over: its decode stops and nothing takes it.
            StartupDecode.cancel()
            XCTAssertNil(StartupDecode.pending)
            let window = try XCTUnwrap(harness.open([first], newWindow: true))
            XCTAssertEqual(window.selectedView?.visiblePage, "image", "the tab decodes the file itself")
        }
    }

    func testNothingStartsForANotePackageOrAPathThatIsNotThere() throws {
        try onMain {
            StartupDecode.begin(argument: "/nonexistent/folder/Trip.notesdoc")
            XCTAssertNil(StartupDecode.pending, "a note package is read by its tab")
            StartupDecode.begin(argument: "/nonexistent/folder/missing.png")
            let missing = try XCTUnwrap(StartupDecode.pending, "a missing file starts, and fails like any decode")
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { missing.finished != nil })
            guard case .failure = try XCTUnwrap(missing.finished) else { return XCTFail("a missing file fails") }
            StartupDecode.cancel()
        }
    }

    /// A GVfs location starts too (BEHAVIOUR A13), under the URI its tab will have.
    func testAURIStartsUnderTheURIItsTabOpens() throws {
        try onMain {
            StartupDecode.begin(argument: "trash:///a%20b.png")
            let early = try XCTUnwrap(StartupDecode.pending)
            XCTAssertEqual(early.path, RawPath("trash:///a%20b.png"))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { early.finished != nil }, "it ends, in whatever way GIO answers here")
            StartupDecode.cancel()
        }
    }
}
