import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// Animated images play (BEHAVIOUR A10): frames in order at the file's delays (GIF's 0 and
/// 10 ms at 100 ms), as many loops as the file says, paused by Space and in the background,
/// and a file cut short plays what could be read.
final class AnimationTests: XCTestCase {
    static let red = RGBA(220, 0, 0), green = RGBA(0, 200, 0), blue = RGBA(0, 0, 230)

    /// The colour of the frame the canvas holds now.
    @MainActor static func frameColour(_ canvas: ImageCanvas) -> RGBA? {
        guard let level = canvas.pyramid?.levels.first, let pixels = gdk_pixbuf_read_pixels(level.pixbuf) else { return nil }
        return RGBA(pixels[0], pixels[1], pixels[2])
    }

    /// Each change of frame the canvas shows, with when it was seen, for `seconds`.
    @MainActor static func watchFrames(_ canvas: ImageCanvas, seconds: Double) -> [(time: Double, colour: RGBA)] {
        var seen: [(Double, RGBA)] = []
        var shown: ObjectIdentifier?
        let end = monotonicSeconds() + seconds
        GtkTestEnvironment.pump(timeout: seconds + 1) {
            if let pyramid = canvas.pyramid, ObjectIdentifier(pyramid) != shown, let colour = frameColour(canvas) {
                shown = ObjectIdentifier(pyramid)
                if seen.last?.1 != colour { seen.append((monotonicSeconds(), colour)) }
            }
            return monotonicSeconds() >= end
        }
        return seen
    }

    /// No more changes than the frame delay allows in the time watched. Frames are due one
    /// delay after the one before was due, and one due more than 0.25 s ago is shown at
    /// once with the grid moved on (AnimationPlayer), so from the first entry (the frame on
    /// screen when watching began) to the last, at most ⌊(span + 0.25) / delay⌋ + 1 changes
    /// can come. Counting over the span seen is immune to a busy machine: a change seen
    /// late makes none come sooner, and a watch that overran is counted as long as it ran.
    static func assertCadence(_ seen: [(time: Double, colour: RGBA)], delay: Double, _ message: String = "", line: UInt = #line) {
        guard let first = seen.first, let last = seen.last else { return XCTFail("nothing seen", line: line) }
        let span = last.time - first.time
        let most = Int((span + 0.25) / delay + 0.01) + 2
        XCTAssertLessThanOrEqual(
            seen.count, most, "no faster than \(delay) s a frame: \(seen.count - 1) changes in \(span) s. \(message)", line: line)
    }

    @MainActor static func open(_ harness: AppHarness, _ bytes: [UInt8], named name: String = "anim.gif") throws -> (
        DocumentWindow, DocumentView
    ) {
        let url = harness.fixtures.bytes(name, bytes)
        let window = try XCTUnwrap(harness.open([url]))
        return (window, try XCTUnwrap(window.selectedView))
    }

    func testFramesPlayInOrderAtTheFilesDelaysAndLoop() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let frames = [GIFFixture.Frame(Self.red, delay: 15), .init(Self.green, delay: 15), .init(Self.blue, delay: 15)]
            let (window, view) = try Self.open(harness, GIFFixture.make(width: 60, height: 40, frames: frames))
            XCTAssertTrue(window.actions.isEnabled("play-pause"))
            try Self.assertPlaysRedGreenBlue(view, delay: 0.15)
        }
    }

    func testAnAnimatedWebPPlaysToo() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let frames = [
                WebPFixture.Frame(Self.red, milliseconds: 150), .init(Self.green, milliseconds: 150), .init(Self.blue, milliseconds: 150),
            ]
            let (window, view) = try Self.open(harness, WebPFixture.make(width: 60, height: 40, frames: frames), named: "anim.webp")
            XCTAssertEqual(view.document.state, .loaded(width: 60, height: 40))
            XCTAssertTrue(window.actions.isEnabled("play-pause"))
            try Self.assertPlaysRedGreenBlue(view, delay: 0.15)
        }
    }

    /// The canvas shows red, green and blue in that order, round and round, no faster than
    /// `delay` a frame.
    @MainActor static func assertPlaysRedGreenBlue(_ view: DocumentView, delay: Double, line: UInt = #line) throws {
        XCTAssertNotNil(view.model.player, "an animation", line: line)
        let seen = watchFrames(view.canvas, seconds: 1.2)
        let colours = seen.map(\.colour)
        XCTAssertGreaterThanOrEqual(colours.count, 5, "\(colours)", line: line)
        let order = [red, green, blue]
        let start = try XCTUnwrap(order.firstIndex(of: colours[0]), "\(colours)", line: line)
        for (offset, colour) in colours.enumerated() { XCTAssertEqual(colour, order[(start + offset) % 3], line: line) }
        assertCadence(seen, delay: delay, line: line)
    }

    func testZeroAndTenMillisecondDelaysPlayAtAHundred() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let frames = [GIFFixture.Frame(Self.red, delay: 0), .init(Self.green, delay: 1), .init(Self.blue, delay: 1)]
            let (_, view) = try Self.open(harness, GIFFixture.make(width: 40, height: 40, frames: frames))
            let seen = Self.watchFrames(view.canvas, seconds: 1.0)
            XCTAssertGreaterThanOrEqual(seen.count, 4)
            Self.assertCadence(seen, delay: 0.1, "as browsers show them, not at 0 or 20 ms")
        }
    }

    func testTheFilesLoopCountIsObservedAndTheLastFrameStays() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            // No NETSCAPE extension: the frames play once.
            let frames = [GIFFixture.Frame(Self.red, delay: 5), .init(Self.green, delay: 5), .init(Self.blue, delay: 5)]
            let (_, view) = try Self.open(harness, GIFFixture.make(width: 40, height: 40, frames: frames, loops: nil))
            let player = try XCTUnwrap(view.model.player)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { player.isFinished }, "it ends")
            let shown = player.framesShown
            XCTAssertGreaterThanOrEqual(shown, 2, "after showing the other frames")
            GtkTestEnvironment.pump(for: 0.3)
            XCTAssertEqual(player.framesShown, shown, "and stays ended")
            XCTAssertEqual(Self.frameColour(view.canvas), Self.blue, "on the last frame")
        }
    }

    func testSpacePausesAndResumesAndABackgroundTabPauses() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let frames = [GIFFixture.Frame(Self.red, delay: 5), .init(Self.green, delay: 5)]
            let gif = harness.fixtures.bytes("anim.gif", GIFFixture.make(width: 40, height: 40, frames: frames))
            let still = harness.fixtures.quadrants("still.png")
            let window = try XCTUnwrap(harness.open([gif, still]))
            let view = try XCTUnwrap(window.views.first)
            let player = try XCTUnwrap(view.model.player)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { player.framesShown >= 2 })

            window.actions.activate("play-pause")
            XCTAssertTrue(player.isPaused)
            var count = player.framesShown
            GtkTestEnvironment.pump(for: 0.4)
            XCTAssertLessThanOrEqual(player.framesShown, count + 1, "paused (one frame may have been on its way)")
            window.actions.activate("play-pause")
            count = player.framesShown
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { player.framesShown >= count + 2 }, "playing again")

            adw_tab_view_set_selected_page(window.tabView, window.pages[1])
            GtkTestEnvironment.pump(for: 0.1)
            count = player.framesShown
            GtkTestEnvironment.pump(for: 0.4)
            XCTAssertLessThanOrEqual(player.framesShown, count + 1, "no work in the background")
            XCTAssertFalse(window.actions.isEnabled("play-pause"), "the still image has nothing to play")
            adw_tab_view_set_selected_page(window.tabView, window.pages[0])
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 5) { player.framesShown >= count + 2 }, "shown again, it plays")
        }
    }

    func testAnAnimationCutShortPlaysWhatWasReadAndSaysItIsDamaged() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let frames = [GIFFixture.Frame(Self.red, delay: 5), .init(Self.green, delay: 5), .init(Self.blue, delay: 5)]
            let whole = GIFFixture.make(width: 40, height: 40, frames: frames)
            let (_, view) = try Self.open(harness, Array(whole.dropLast(40)), named: "cut.gif")
            XCTAssertEqual(view.visiblePage, "image", "what was read is shown")
            XCTAssertNotNil(view.model.player)
            XCTAssertTrue(view.fileBanner.isShown)
            XCTAssertTrue(view.fileBanner.text.contains("damaged"), view.fileBanner.text)
        }
    }

    func testAGIFWithOneFrameIsAStillImage() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let (window, view) = try Self.open(harness, GIFFixture.make(width: 40, height: 40, frames: [.init(Self.red, delay: 5)]))
            XCTAssertNil(view.model.player)
            XCTAssertFalse(window.actions.isEnabled("play-pause"))
            XCTAssertEqual(Self.frameColour(view.canvas), Self.red)
        }
    }

    func testTheFilesOwnDelaysAreRead() {
        let frames = [GIFFixture.Frame(Self.red, delay: 0), .init(Self.green, delay: 1), .init(Self.blue, delay: 7)]
        let fixtures = Fixtures()
        let url = fixtures.bytes("delays.gif", GIFFixture.make(width: 8, height: 8, frames: frames))
        XCTAssertEqual(GIFFrameDelays.read(path: RawPath(url.path)), [0, 1, 7])
        XCTAssertEqual([0, 1, 2, 7].map(GIFFrameDelays.milliseconds(forHundredths:)), [100, 100, 20, 70])
        let text = fixtures.bytes("no.gif", Array("not a GIF at all".utf8))
        XCTAssertNil(GIFFrameDelays.read(path: RawPath(text.path)))
    }
}
