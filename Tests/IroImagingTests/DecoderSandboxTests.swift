import CGtk
import Foundation
import IroCore
import Synchronization
import TestSupport
import XCTest

@testable import IroImaging

/// BEHAVIOUR F5: decoding in the sandboxed helper gives what decoding in process gives; the
/// helper is confined; its crash, hang or memory limit costs one decode, never the caller.
final class DecoderSandboxTests: XCTestCase {
    let fixtures = Fixtures()

    override func setUp() {
        super.setUp()
        DecoderHelper.hangSeconds = 10
    }

    override func tearDown() {
        DecoderPool.deactivate()
        super.tearDown()
    }

    func activate(_ environment: [String] = []) throws -> DecoderPool {
        try Self.activateHelper(environment)
        return try XCTUnwrap(DecoderPool.active)
    }

    /// Sends every decode to the iro-decoder built beside the tests (`DecoderPool.deactivate` ends it).
    static func activateHelper(_ environment: [String] = []) throws {
        let helper = try XCTUnwrap(DecoderPool.helperExecutable(), "iro-decoder is built beside the tests")
        DecoderPool.activate(executable: helper, environment: environment)
    }

    /// The iro-decoder processes among `pids` and their descendants (inside bubblewrap, the
    /// helper is a grandchild).
    static func decoders(under pids: [pid_t]) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        func isUnder(_ pid: pid_t) -> Bool {
            var current: pid_t? = pid
            while let each = current, each > 1 {
                if pids.contains(each) { return true }
                current = parents[each]
            }
            return false
        }
        return parents.keys.filter { pid in
            isUnder(pid) && (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("iro-decoder") == true
        }
    }

    static func status(of pid: pid_t) -> [String: String] {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return [:] }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }

    func testEveryCorpusFileDecodesInTheHelperAsInProcess() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ImageSourceTests.corpus.path).sorted()
        var expected: [String: String] = [:]
        for name in names {
            expected[name] = ImageSourceTests.outcome(RawPath(ImageSourceTests.corpus.appendingPathComponent(name).path), detail: .full)
        }
        _ = try activate(ProcessInfo.processInfo.environment["IRO_DECODER_TRAP"] == "1" ? ["IRO_DECODER_TRAP=1"] : [])
        for name in names {
            let path = RawPath(ImageSourceTests.corpus.appendingPathComponent(name).path)
            XCTAssertEqual(ImageSourceTests.outcome(path, detail: .full), expected[name], name)
        }
    }

    func testTheHelperIsConfined() throws {
        let pool = try activate()
        let png = fixtures.quadrants("confined.png")
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(png.path)))
        let pid = try XCTUnwrap(Self.decoders(under: pool.helperPIDs).first)
        let status = Self.status(of: pid)
        XCTAssertEqual(status["Seccomp"], "2", "a seccomp filter")
        XCTAssertEqual(status["NoNewPrivs"], "1")
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let space = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max address space") })
        XCTAssertFalse(space.contains("unlimited"), String(space))
    }

    /// librsvg is loaded when a helper first meets an SVG, inside its confinement: a helper
    /// that decodes only photos never maps it (1.6 MB resident with what it needs).
    func testAHelperLoadsLibrsvgOnlyForAnSVG() throws {
        let pool = try activate()
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("photo.png").path)))
        let helper = try XCTUnwrap(Self.decoders(under: pool.helperPIDs).first)
        XCTAssertFalse(Self.maps(helper, library: "librsvg-2.so"), "no librsvg for a PNG")
        let namespace = "xmlns=\"http://www.w3.org/2000/svg\""
        let drawing = fixtures.bytes(
            "drawing.svg", Array("<svg \(namespace) width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\" fill=\"#00f\"/></svg>".utf8)
        )
        let decoded = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(drawing.path)))
        XCTAssertEqual([decoded.width, decoded.height], [40, 30])
        XCTAssertEqual(RenderedPixels(pixbuf: decoded.pixbuf).pixel(20, 15), RGBA(0, 0, 255))
        XCTAssertEqual(Self.decoders(under: pool.helperPIDs), [helper], "the same helper drew it")
        XCTAssertTrue(Self.maps(helper, library: "librsvg-2.so"))
    }

    /// The helper is built over CGLib only: GTK and libadwaita (1.8 MB resident, 8 ms of
    /// its start) are not among what it maps, as they are in Iro (this test process).
    func testAHelperMapsNoGTK() throws {
        let pool = try activate()
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("photo.png").path)))
        let helper = try XCTUnwrap(Self.decoders(under: pool.helperPIDs).first)
        XCTAssertTrue(Self.maps(helper, library: "libgdk_pixbuf-2.0.so"), "the maps are readable")
        XCTAssertTrue(Self.maps(getpid(), library: "libgtk-4.so"), "the tests link GTK")
        for library in ["libgtk-4.so", "libadwaita-1.so"] { XCTAssertFalse(Self.maps(helper, library: library), library) }
    }

    /// Whether process `pid` has mapped a file whose name contains `library`.
    static func maps(_ pid: pid_t, library: String) -> Bool {
        procFile("/proc/\(pid)/maps").contains(library)
    }

    func testOpeningAFileOrASocketKillsTheHelper() throws {
        let pool = try activate()
        for what: UInt8 in [1, 2] {
            let error = pool.askForbidden(what)
            XCTAssertEqual(error, .decoderStopped(detail: "it tried a system call its sandbox forbids"), "request \(what)")
        }
        // And the next decode is served by a new helper.
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("after.png").path)))
    }

    /// Each request may use the address space its image calls for (a floor, and more for a
    /// larger image), not the whole cap: a runaway allocation while decoding a small image
    /// stops the helper, and the next decode works.
    func testARunawayAllocationStopsAtTheRequestsAllowance() throws {
        let pool = try activate()
        guard case .decoderStopped(let how)? = pool.askForbidden(4) else {
            return XCTFail("a 1.3 GB allocation for a 1-pixel image was allowed")
        }
        XCTAssertTrue(how.hasPrefix("it ended with signal") || how.hasPrefix("it crashed"), how)
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("after-runaway.png").path)))
        let cap = 4096.0 * 1_048_576
        XCTAssertEqual(DecoderService.allowance(imagePixels: 1, outputBytes: 8, cap: cap), DecoderService.memoryFloor + 8 + 16)
        XCTAssertGreaterThan(
            DecoderService.allowance(imagePixels: 100e6, outputBytes: 0, cap: cap), DecoderService.memoryFloor + 700e6,
            "more for a larger image")
        XCTAssertEqual(DecoderService.allowance(imagePixels: 1e9, outputBytes: 0, cap: cap), cap, "never past the cap")
    }

    /// A request the test helper hangs on, asked on another thread; its outcome, once the
    /// test has done `meanwhile` to the helper.
    func hangingRequest(_ pool: DecoderPool, meanwhile: (pid_t) -> Void) throws -> LoadError? {
        nonisolated(unsafe) var outcome: LoadError?
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome = pool.askForbidden(3)
            done.signal()
        }.start()
        var helper: pid_t?
        let deadline = Date().addingTimeInterval(20)
        while helper == nil, Date() < deadline {
            helper = Self.decoders(under: pool.busyHelperPIDs).first
            if helper == nil { usleep(2000) }
        }
        meanwhile(try XCTUnwrap(helper, "a helper busy with the request"))
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the request ended")
        return outcome
    }

    func testAHelperKilledMidRequestFailsThatRequestOnly() throws {
        let pool = try activate()
        XCTAssertEqual(try hangingRequest(pool) { kill($0, SIGKILL) }, .decoderStopped(detail: "it was killed"))
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("next.png").path)), "the next one works")
    }

    /// Two helpers started for decodes that came together: once both are idle, the one used
    /// last stays warm and the other ends after `spareIdleSeconds` (on the main loop).
    func testASpareHelperEndsWhenIdleAndOneStaysWarm() throws {
        let pool = try activate()
        DecoderPool.spareIdleSeconds = 1
        defer { DecoderPool.spareIdleSeconds = 10 }
        // The pool alone holds the helpers once they are back.
        func useTwoAtOnce() throws -> (pid_t, pid_t) {
            let first = try pool.acquire()
            let second = try pool.acquire()
            pool.release(first)
            pool.release(second)
            return (first.pid, second.pid)
        }
        let (spare, warm) = try useTwoAtOnce()
        XCTAssertNotEqual(spare, warm, "two at once: two helpers")
        XCTAssertEqual(Set(pool.helperPIDs), [spare, warm])
        let released = Date()
        let deadline = Date().addingTimeInterval(30)
        while pool.helperPIDs.count > 1, Date() < deadline { g_main_context_iteration(nil, 1) }
        XCTAssertEqual(pool.helperPIDs, [warm], "the one used last stays")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(released), 0.9, "not before it was idle for the time")
        while kill(spare, 0) == 0, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(kill(spare, 0), -1, "the spare helper ended (and was reaped)")
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("warm.png").path)), "the warm one decodes")
        XCTAssertEqual(pool.helperPIDs, [warm])
    }

    /// With both helpers lent out, a third request waits, and takes the first one given back:
    /// no third helper starts, and the waiter is woken (`DecoderPool` keeps its waiters under
    /// its lock, each on a semaphore of its own).
    func testARequestWaitsForAHelperGivenBack() throws {
        let pool = try activate()
        let first = try pool.acquire()
        let second = try pool.acquire()
        let third = Mutex<pid_t?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do throws(LoadError) {
                let helper = try pool.acquire()
                third.withLock { $0 = helper.pid }
                pool.release(helper)
            } catch {
                XCTFail("the third request failed: \(error)")
            }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 0.3), .timedOut, "a third request waits while two helpers are busy")
        XCTAssertEqual(Set(pool.helperPIDs), [first.pid, second.pid], "no third helper")
        pool.release(second)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the waiting request was woken")
        XCTAssertEqual(third.withLock { $0 }, second.pid, "it took the helper given back")
        pool.release(first)
        // Many at once: each decode gets a helper in turn, and never more than two run.
        let decoded = Mutex(0)
        let png = RawPath(fixtures.quadrants("together.png").path)
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do throws(LoadError) {
                if try ImageDecoder.decodeSynchronously(path: png) != nil { decoded.withLock { $0 += 1 } }
            } catch {
                XCTFail("a decode among many failed: \(error)")
            }
        }
        XCTAssertEqual(decoded.withLock { $0 }, 6)
        XCTAssertLessThanOrEqual(pool.helperPIDs.count, DecoderPool.maxHelpers)
    }

    /// An animation's frames, steps and delays as `frames` gives them, for `steps` steps.
    static func play(_ frames: AnimationFrames, steps: Int) -> [String] {
        var seen: [String] = []
        for _ in 0..<steps {
            guard let frame = frames.currentFrame() else { return seen + ["no frame"] }
            let bytes = UnsafeBufferPointer(
                start: gdk_pixbuf_read_pixels(frame.pixbuf), count: Int(gdk_pixbuf_get_byte_length(frame.pixbuf)))
            seen.append(
                "\(frame.width)×\(frame.height) delay \(frames.delay ?? -1) sum \(bytes.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) })")
            guard frames.advance() else { return seen + ["end"] }
        }
        return seen
    }

    /// Animations play from the helper that opened them (BEHAVIOUR A10, F5): the same frames
    /// and delays as decoded in process, from a helper of their own that ends with them.
    func testAnAnimationPlaysFromAHelperOfItsOwn() throws {
        for name in ["gif-animated-3-frames-6x5.gif", "webp-animated-3-frames-12x10.webp"] {
            let path = RawPath(ImageSourceTests.corpus.appendingPathComponent(name).path)
            let here = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path)?.animation, name)
            let expected = Self.play(here, steps: 7)
            let pool = try activate()
            func playInHelper() throws -> pid_t {
                let decoded = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path), name)
                let frames = try XCTUnwrap(decoded.animation, "\(name) is an animation")
                let source = try XCTUnwrap(frames.source as? HelperAnimationSource, "\(name) plays from a helper")
                XCTAssertFalse(pool.helperPIDs.contains(source.helperPID), "the animation's helper left the pool")
                XCTAssertEqual(frames.frameCount, here.frameCount, name)
                XCTAssertEqual(Self.play(frames, steps: 7), expected, name)
                let still = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("still.png").path)))
                XCTAssertNil(still.animation, "the pool decodes on meanwhile")
                XCTAssertEqual(kill(source.helperPID, 0), 0, "the animation's helper runs while the animation is kept")
                return source.helperPID
            }
            let player = try playInHelper()
            let deadline = Date().addingTimeInterval(30)
            while kill(player, 0) == 0, Date() < deadline { usleep(10_000) }
            XCTAssertEqual(kill(player, 0), -1, "the animation's helper ended with it (and was reaped)")
            DecoderPool.deactivate()
        }
    }

    /// Its helper killed, an animation ends on the frame it shows; nothing else is affected.
    func testAnAnimationWhoseHelperDiesStopsOnItsFrame() throws {
        _ = try activate()
        let path = RawPath(ImageSourceTests.corpus.appendingPathComponent("gif-animated-3-frames-6x5.gif").path)
        let frames = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path)?.animation)
        let player = try XCTUnwrap(frames.source as? HelperAnimationSource).helperPID
        XCTAssertTrue(frames.advance())
        for decoder in Self.decoders(under: [player]) { kill(decoder, SIGKILL) }
        XCTAssertFalse(frames.advance(), "no next frame")
        XCTAssertNotNil(frames.currentFrame(), "the frame shown stays")
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("after.png").path)), "other decodes go on")
    }

    /// Warming up starts one helper when none runs, and only one.
    /// A helper started from a thread that then ends (as a thread pool's worker ends after a
    /// few idle seconds) keeps working: bubblewrap's --die-with-parent ties a helper to the
    /// thread that started it, so Iro starts them all from one that lasts.
    func testAHelperOutlivesTheThreadThatStartedIt() throws {
        let pool = try activate()
        var started: pid_t = 0
        Self.runOnAThreadThatEnds {
            guard let helper = try? pool.acquire() else { return }
            started = helper.pid
            pool.release(helper)
        }
        XCTAssertNotEqual(started, 0)
        // Tied to the thread, it would be killed as the thread ended: within microseconds.
        let deadline = Date().addingTimeInterval(1)
        var alive = Self.isAlive(started)
        while alive, Date() < deadline {
            usleep(10_000)
            alive = Self.isAlive(started)
        }
        XCTAssertTrue(alive, "the helper outlived the thread that started it")
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("later.png").path)))
        XCTAssertEqual(pool.helperPIDs, [started], "and decoded the next request")
    }

    /// A helper left idle gives its heap's free pages back: decodes leave megabytes freed
    /// in it (a progressive JPEG's coefficients), which it kept while it waited.
    func testAnIdleHelperGivesItsFreeHeapBack() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/samples/autumn.jpg").standardized
        try XCTSkipUnless(FileManager.default.fileExists(atPath: sample.path), "../shared/samples is not beside the repository")
        let pool = try activate()
        // Twice, as Iro does (its view's detail, then more): once glibc has freed a large
        // block it had mapped for the first, it serves the second's from the heap.
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(sample.path)))
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(sample.path)))
        let helper = try XCTUnwrap(Self.decoders(under: pool.helperPIDs).first)
        let afterDecode = Self.heapKilobytes(of: helper)
        XCTAssertGreaterThan(afterDecode, 4096, "the decode used the heap")
        // A second without a request, then the trim: wait for it.
        let deadline = Date().addingTimeInterval(Double(DecoderService.trimAfterMilliseconds) / 1000 + 10)
        while Self.heapKilobytes(of: helper) > afterDecode / 2, Date() < deadline { usleep(50_000) }
        XCTAssertLessThanOrEqual(Self.heapKilobytes(of: helper), afterDecode / 2, "from \(afterDecode) kB")
        XCTAssertEqual(Self.decoders(under: pool.helperPIDs), [helper], "the same helper, still there")
    }

    /// A helper asks the kernel for transparent huge pages for its heap and its large
    /// blocks (a large progressive JPEG's coefficients), where the kernel offers them on
    /// request: glibc's tunable in the helper's environment, and the huge page size the
    /// sandbox lets glibc read.
    func testAHelpersHeapAsksForHugePages() throws {
        let mode = procFile("/sys/kernel/mm/transparent_hugepage/enabled")
        try XCTSkipUnless(
            mode.contains("[madvise]") || mode.contains("[always]"), "this kernel offers no transparent huge pages on request: \(mode)")
        let pool = try activate()
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("huge.png").path)))
        let helper = try XCTUnwrap(Self.decoders(under: pool.helperPIDs).first)
        let flags = try XCTUnwrap(Self.heapField("VmFlags:", of: helper), "the helper has a heap")
        XCTAssertTrue(flags.split(separator: " ").contains("hg"), "huge pages advised for the heap: \(flags)")
    }

    /// The line starting with `field` of the heap's entry in `/proc/PID/smaps`, after the field.
    static func heapField(_ field: String, of pid: pid_t) -> String? {
        var inHeap = false
        for line in procFile("/proc/\(pid)/smaps").split(separator: "\n") {
            if line.contains("-"), line.split(separator: " ").count >= 5, !line.hasSuffix(":") {
                inHeap = line.hasSuffix("[heap]")
            } else if inHeap, line.hasPrefix(field) {
                return line.dropFirst(field.count).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The resident size of a process's heap (brk area), in kB.
    static func heapKilobytes(of pid: pid_t) -> Int {
        heapField("Rss:", of: pid)?.split(separator: " ").first.flatMap { Int($0) } ?? 0
    }

    /// Runs `body` on a thread of its own and returns once that thread has ended.
    static func runOnAThreadThatEnds(_ body: @escaping () -> Void) {
        final class Work {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        guard
            pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                    return nil
                }, work) == 0
        else { return }
        pthread_join(thread, nil)
    }

    /// Whether `pid` runs (a process that ended but was not reaped yet does not).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let state = status(of: pid)["State"] else { return false }
        return !state.hasPrefix("Z") && !state.hasPrefix("X")
    }

    func testWarmingUpStartsOneHelper() throws {
        let pool = try activate()
        XCTAssertEqual(pool.helperPIDs, [])
        pool.warmUp()
        let deadline = Date().addingTimeInterval(30)
        while pool.helperPIDs.isEmpty, Date() < deadline { usleep(10_000) }
        let warm = pool.helperPIDs
        XCTAssertEqual(warm.count, 1, "one helper started")
        pool.warmUp()
        usleep(100_000)
        XCTAssertEqual(pool.helperPIDs, warm, "a second warm-up starts none")
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("first.png").path)))
        XCTAssertEqual(pool.helperPIDs, warm, "the first decode used the warm one")
    }

    func testAHelperThatHangsIsKilled() throws {
        let pool = try activate()
        DecoderHelper.hangSeconds = 1
        let started = Date()
        XCTAssertEqual(try hangingRequest(pool) { _ in }, .decoderStopped(detail: "it stopped responding for 1 second"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 25)
        XCTAssertTrue(Self.decoders(under: pool.helperPIDs).isEmpty || pool.helperPIDs.isEmpty, "the hung helper is gone")
        XCTAssertNotNil(try ImageDecoder.decodeSynchronously(path: RawPath(fixtures.quadrants("then.png").path)), "the next one works")
    }

    func testTheMemoryLimitMakesALargeImageTooLargeAndLeavesTheCallerAlone() throws {
        _ = try activate(["IRO_DECODER_MEMORY_MB=400"])
        let big = fixtures.image("large.png", width: 7200, height: 7200) { x, _ in RGBA(UInt8(x & 255), 0, 0) }
        let before = Self.status(of: getpid())["VmRSS"]
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(big.path))) {
            XCTAssertEqual($0 as? LoadError, .needsTooMuchMemory(limitMegabytes: 400))
        }
        let rss = { (text: String?) in Int(text?.split(separator: " ").first ?? "") ?? 0 }
        XCTAssertLessThan(rss(Self.status(of: getpid())["VmRSS"]) - rss(before), 20_000, "kB: the caller did not hold the pixels")
    }
}
