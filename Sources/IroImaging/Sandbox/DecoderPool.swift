import CGLib
import CSandbox
import Dispatch
import GObjectSupport
import Glibc
import IroCore
import Synchronization

/// Iro's decoder helpers (BEHAVIOUR F5): one kept warm, a second for a decode that comes
/// while the first is busy, a new one for any that stopped. Every decode and region decode
/// goes through here once `activate` has been called: Iro then decodes no file content
/// itself. A helper that opened an animation leaves the pool and plays only that.
public final class DecoderPool: Sendable {
    /// The pool decodes go through; nil: decode in this process (the helper, and tests).
    nonisolated(unsafe) public private(set) static var active: DecoderPool?

    /// Sends every decode to helpers running `executable` (the first starts with the first
    /// decode: at launch, in parallel with GTK's start-up).
    public static func activate(executable: String, environment: [String] = []) {
        active = DecoderPool(executable: executable, environment: environment)
    }

    /// No helper is installed: every decode fails, saying so (never decoded in Iro itself).
    public static func activateMissing() {
        active = DecoderPool(executable: "", environment: [])
    }

    /// Back to decoding in this process (tests).
    public static func deactivate() { active = nil }

    /// Where the helper is: beside `iro` when run from the build folder, else in
    /// `libexec/iro` beside the `bin` folder it is installed in.
    public static func helperExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let folder = RawPath(bytes: buffer[0..<count].map { UInt8(bitPattern: $0) }).deletingLastComponent
        let candidates = [folder.appending("iro-decoder"), folder.deletingLastComponent.appending("libexec/iro/iro-decoder")]
        return candidates.first { $0.withCString { access($0, X_OK) } == 0 }?.displayString
    }

    public static let maxHelpers = 2

    private let executable: String
    /// Every "NAME=value" a helper starts with.
    private let environment: [String]

    /// What the pool's threads share, all behind one lock (`state`).
    private struct State {
        /// Idle helpers, the one used last at the end, with when each became idle.
        var idleHelpers: [(helper: DecoderHelper, since: Double)] = []
        /// Helpers lent out (or being started) for a request.
        var runningCount = 0
        /// The pids of the helpers working on a request now.
        var busyPIDs: [pid_t] = []
        /// Whether a main-loop timeout is set to let spare helpers go.
        var trimScheduled = false
        /// Whether helpers start inside bubblewrap: where it is installed, until it fails to
        /// start one (no user namespaces, say).
        var wraps: Bool
        /// Requests waiting for a helper, first come first: each sleeps on its own semaphore,
        /// outside the lock, until `release` takes it off this list and signals it. (What a
        /// condition variable did: a `Mutex` has none. The semaphore counts, so a signal
        /// given before its waiter sleeps is not lost.)
        var waiters: [DispatchSemaphore] = []
    }

    private let state: Mutex<State>

    static let bubblewrap = "/usr/bin/bwrap"

    /// How a helper is started: in bubblewrap (no network, a read-only file system of
    /// libraries, fonts and the helper itself), or directly.
    private func command(wrapped: Bool) -> [String] {
        guard wrapped else { return [executable] }
        let folder = RawPath(executable).deletingLastComponent.displayString
        var arguments = [
            // No PID namespace: its init would outlive a helper killed for hanging. Signals to
            // other processes are the seccomp filter's to refuse.
            Self.bubblewrap, "--unshare-user-try", "--unshare-ipc", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--ro-bind", "/usr", "/usr",
            "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
            "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", folder, folder,
        ]
        // Fonts (an SVG's text), the loader's cache, and a toolchain the helper may run from.
        for path in ["/etc/fonts", "/etc/ld.so.cache", "/var/cache/fontconfig", "/opt/swift"] {
            arguments += ["--ro-bind-try", path, path]
        }
        // glibc reads the huge page size here before it asks for huge pages (the environment's
        // `GLIBC_TUNABLES`); without it, it never does.
        let hugePages = "/sys/kernel/mm/transparent_hugepage"
        arguments += ["--ro-bind-try", hugePages, hugePages]
        return arguments + ["--", executable]
    }

    private init(executable: String, environment: [String]) {
        self.executable = executable
        // Swift's crash backtracer would start a program to write its report, which the
        // sandbox forbids: a crash would end as a forbidden system call instead of saying what it was.
        // A large decode's buffers (a progressive JPEG's coefficients: 54 MB for 18 MP) in
        // transparent huge pages where the kernel offers them (Debian's default, `madvise`):
        // faulted in 4 KB at a time, they were a fifth of such a decode.
        // Read once, here, on the thread that activates the pool before any decode runs: a
        // helper started later, from another thread, never reads the environment while the
        // main thread changes it (Iro's GTK_THEME at start-up, `EmptyThemeAtStart`).
        self.environment = DecoderHelper.environ(
            plus: ["SWIFT_BACKTRACE=enable=no", "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"] + environment)
        let wraps = access(Self.bubblewrap, X_OK) == 0 && getenv("IRO_DECODER_BWRAP").map { String(cString: $0) } != "0"
        state = Mutex(State(wraps: wraps))
    }

    /// An idle helper beside the one kept warm (started for decodes that came together) is
    /// let go after this long unused: each holds about 10 MB.
    nonisolated(unsafe) static var spareIdleSeconds: UInt32 = 10

    /// What `acquire` found under the lock.
    private enum Turn {
        case idle(DecoderHelper)
        /// A place among the running helpers is taken: start one, outside the lock.
        case start(wrapped: Bool)
        case wait(DispatchSemaphore)
    }

    /// A helper for one request: an idle one, a new one while fewer than `maxHelpers` run,
    /// else the next to be free.
    func acquire() throws(LoadError) -> DecoderHelper {
        guard !executable.isEmpty else { throw .decoderStopped(detail: tr("iro-decoder is not installed beside iro")) }
        while true {
            let turn = state.withLock { state -> Turn in
                if let (helper, _) = state.idleHelpers.popLast() {
                    state.runningCount += 1
                    state.busyPIDs.append(helper.pid)
                    return .idle(helper)
                }
                if state.runningCount < Self.maxHelpers {
                    state.runningCount += 1
                    return .start(wrapped: state.wraps)
                }
                let semaphore = DispatchSemaphore(value: 0)
                state.waiters.append(semaphore)
                return .wait(semaphore)
            }
            switch turn {
            case .idle(let helper): return helper
            case .wait(let semaphore): semaphore.wait() // a helper came back (or one stopped): look again
            case .start(let wrapped):
                // Started outside the lock: a helper takes milliseconds to spawn, and other
                // requests may meanwhile take or give back an idle one.
                guard let helper = DecoderHelper.start(command(wrapped: wrapped), environment: environment) else {
                    giveBackPlace()
                    throw .decoderStopped(detail: tr("the decoder %s could not be started", executable))
                }
                state.withLock { $0.busyPIDs.append(helper.pid) }
                return helper
            }
        }
    }

    /// Frees the place `acquire` took for a helper it could not start, waking a waiter.
    private func giveBackPlace() {
        let waiter = state.withLock { state -> DispatchSemaphore? in
            state.runningCount -= 1
            return state.waiters.isEmpty ? nil : state.waiters.removeFirst()
        }
        waiter?.signal()
    }

    /// Starts a helper to keep warm when none runs (Iro shown without a file: the first one
    /// opened then need not wait for a helper to start). Returns at once.
    public func warmUp() {
        let none = state.withLock { $0.idleHelpers.isEmpty && $0.runningCount == 0 } && !executable.isEmpty
        guard none else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            do throws(LoadError) { release(try acquire()) } catch {
                Log.warning("no decoder could be started ahead of the first file: \(error.reason)")
            }
        }
    }

    /// Gives a helper back (a broken one is dropped: the next request starts another).
    func release(_ helper: DecoderHelper) {
        let (scheduling, waiter) = state.withLock { state -> (Bool, DispatchSemaphore?) in
            state.runningCount -= 1
            state.busyPIDs.removeAll { $0 == helper.pid }
            if !helper.isBroken, !helper.isDedicated, state.idleHelpers.count < Self.maxHelpers {
                state.idleHelpers.append((helper, DecoderHelper.now()))
            }
            let scheduling = state.idleHelpers.count > 1 && !state.trimScheduled
            if scheduling { state.trimScheduled = true }
            return (scheduling, state.waiters.isEmpty ? nil : state.waiters.removeFirst())
        }
        waiter?.signal()
        if scheduling {
            // On the main loop, which Iro always runs (a test pumps it); the source holds the pool.
            g_timeout_add_seconds_full(
                G_PRIORITY_LOW, Self.spareIdleSeconds,
                { pool in
                    guard let pool else { return 0 }
                    return Unmanaged<DecoderPool>.fromOpaque(pool).takeUnretainedValue().letSparesGo() ? 1 : 0
                }, Unmanaged.passRetained(self).toOpaque(), { pool in if let pool { Unmanaged<DecoderPool>.fromOpaque(pool).release() } })
        }
    }

    /// Lets idle helpers other than the one used last go once they were unused for
    /// `spareIdleSeconds`; whether to look again later.
    private func letSparesGo() -> Bool {
        let now = DecoderHelper.now()
        var going: [DecoderHelper] = []
        let again = state.withLock { state -> Bool in
            for index in state.idleHelpers.indices.dropLast().reversed()
            where now - state.idleHelpers[index].since >= Double(Self.spareIdleSeconds) - 0.01 {
                going.append(state.idleHelpers.remove(at: index).helper)
            }
            state.trimScheduled = state.idleHelpers.count > 1
            return state.trimScheduled
        }
        going.removeAll() // outside the lock: each closes its socket, and its helper ends
        return again
    }

    /// Sends a test build's helper a request it must die of, or hang on (BEHAVIOUR F5's
    /// tests); how it ended.
    func askForbidden(_ what: UInt8) -> LoadError? {
        let helper: DecoderHelper
        do throws(LoadError) { helper = try acquire() } catch {
            Log.warning("no decoder to send a test request to: \(error.reason)")
            return .decoderStopped(detail: "no helper")
        }
        defer { release(helper) }
        do throws(LoadError) {
            let (reply, _) = try helper.ask({ .forbidden(id: $0, what: what) }, file: -1, progress: nil, isCancelled: { false })
            if case .failure(_, let error) = reply { return error }
            return nil
        } catch { return error }
    }

    /// The pids of the helpers working on a request now.
    var busyHelperPIDs: [pid_t] { state.withLock { $0.busyPIDs } }

    /// The pids of the helpers (tests find them to kill).
    public var helperPIDs: [pid_t] { state.withLock { $0.idleHelpers.map(\.helper.pid) + $0.busyPIDs } }

    /// Sends the request `make` gives to an idle helper with the file at `path` (and `extra`,
    /// a descriptor the caller keeps, unless -1), and gives its answer to `adopt`.
    func run<T>(
        _ path: RawPath, extra: Int32 = -1, request make: @escaping (UInt32) -> DecoderRequest, progress: LoadProgress?,
        isCancelled: () -> Bool,
        adopt: (DecoderReply, Int32, DecoderHelper) throws(LoadError) -> T
    ) throws(LoadError) -> T {
        let file: Int32
        if path.isURI {
            // A GVfs location: its bytes come through GIO (BEHAVIOUR A13), read before the decode starts.
            guard let copy = try RemoteFile.descriptor(for: path, progress: progress, isCancelled: isCancelled) else {
                throw .unreadable(detail: "cancelled") // never shown: the caller drops a cancelled result
            }
            file = copy
        } else {
            _ = try FileCheck.regularFileSize(at: path)
            file = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
            guard file >= 0 else {
                throw errno == EACCES
                    ? .permissionDenied : errno == ENOENT ? .notFound : .unreadable(detail: String(cString: strerror(errno)))
            }
        }
        defer { close(file) }
        let helper = try acquire()
        defer { release(helper) }
        let (reply, pixels): (DecoderReply, Int32)
        do throws(LoadError) {
            (reply, pixels) = try helper.ask(make, file: file, extra: extra, progress: progress, isCancelled: isCancelled)
        } catch {
            guard helper.wrapperFailed else { throw error }
            // bubblewrap could not start it here: helpers start without it from now on.
            Log.warning("the decoder could not start in bubblewrap (\(error.reason)); it runs with its own confinement only")
            state.withLock { $0.wraps = false }
            return try run(path, extra: extra, request: make, progress: progress, isCancelled: isCancelled, adopt: adopt)
        }
        defer { if pixels >= 0 { close(pixels) } }
        do throws(LoadError) { return try adopt(reply, pixels, helper) } catch {
            if case .decoderStopped(let detail) = error { throw helper.broken(detail) }
            throw error
        }
    }

    /// The image (nil when cancelled); an animation plays from the helper that opened it.
    func decode(path: RawPath, page: DocumentPage = .first, detail: DecodeDetail, progress: LoadProgress?, isCancelled: () -> Bool)
        throws(LoadError)
        -> DecodedImage?
    {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.decode(id: id, name: name, detail: detail, page: page) }
        return try run(path, request: request, progress: progress, isCancelled: isCancelled, adopt: Self.image)
    }

    /// What a decode's answer gives (`pixels`: its memfd, or -1; the caller closes it). An
    /// animation's first frame makes `helper` the animation's own (without one, the fuzzer's
    /// case, only that frame is kept).
    static func image(_ reply: DecoderReply, pixels: Int32, helper: DecoderHelper?) throws(LoadError) -> DecodedImage? {
        switch reply {
        case .image(_, let description):
            guard description.region == nil else { throw .decoderStopped(detail: "it sent a region for an image") }
            let pixbuf = try Self.pixbuf(description, memfd: pixels)
            return DecodedImage(
                adopting: pixbuf, formatName: description.formatName, imageWidth: description.imageWidth,
                imageHeight: description.imageHeight, damage: description.damage, pageCount: description.pageCount)
        case .frame(_, let description, let frameCount, let delay):
            let first = try Self.pixbuf(description, memfd: pixels)
            var frames: AnimationFrames?
            if let helper {
                helper.isDedicated = true
                g_object_ref(raw(first))
                let source = HelperAnimationSource(
                    helper: helper, first: first, width: description.width, height: description.height, frameCount: frameCount,
                    delay: delay)
                frames = AnimationFrames(source, formatName: description.formatName)
            }
            return DecodedImage(adopting: first, formatName: description.formatName, animation: frames, damage: description.damage)
        case .nothing: return nil
        case .metadata: throw .decoderStopped(detail: "it sent metadata for an image")
        case .encoded: throw .decoderStopped(detail: "it sent a file for an image")
        case .links, .found, .outline, .text: throw .decoderStopped(detail: "it sent text for an image")
        case .failure(_, let error): throw error
        case .progress: throw .decoderStopped(detail: "it ended on progress")
        }
    }

    /// The photo's metadata, read in a helper (gexiv2 is loaded there, never in Iro).
    func metadata(path: RawPath) throws(LoadError) -> PhotoMetadata {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.metadata(id: id, name: name) }
        return try run(path, request: request, progress: nil, isCancelled: Self.never) { reply, _, _ throws(LoadError) in
            switch reply {
            case .metadata(_, let photo): return photo
            case .failure(_, let error): throw error
            default: throw .decoderStopped(detail: "it sent something else than metadata")
            }
        }
    }

    private static func never() -> Bool { false }

    /// The cached thumbnail at `path` when it describes the file `record` does as it is now
    /// (nil when it is stale), read in a helper: any program may have written it.
    func cachedThumbnail(at path: RawPath, of record: ThumbnailRecord, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let request = { (id: UInt32) in DecoderRequest.thumbnail(id: id, record: record) }
        return try run(path, request: request, progress: nil, isCancelled: isCancelled, adopt: Self.image)
    }

    /// The document's outline, read in a helper.
    func outline(path: RawPath, page: DocumentPage) throws(LoadError) -> [OutlineEntry] {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.outline(id: id, name: name, page: page) }
        return try run(path, request: request, progress: nil, isCancelled: Self.never) { reply, _, _ throws(LoadError) in
            switch reply {
            case .outline(_, let entries): return entries
            case .failure(_, let error): throw error
            default: throw .decoderStopped(detail: "it sent something else than an outline")
            }
        }
    }

    /// Where `text` is on `count` pages from `page`, found in a helper.
    func find(_ text: String, path: RawPath, page: DocumentPage, count: Int, isCancelled: () -> Bool) throws(LoadError) -> [TextMatches] {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.find(id: id, name: name, page: page, count: count, text: text) }
        return try run(path, request: request, progress: nil, isCancelled: isCancelled) { reply, _, _ throws(LoadError) in
            switch reply {
            case .found(_, let pages): return pages
            case .nothing: return []
            case .failure(_, let error): throw error
            default: throw .decoderStopped(detail: "it sent something else than what it found")
            }
        }
    }

    /// Characters of a document's page's text from `from` on, and how many it has, read in a helper.
    func text(path: RawPath, page: DocumentPage, from: Int) throws(LoadError) -> (total: Int, glyphs: [PageText.Glyph]) {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.text(id: id, name: name, page: page, from: from) }
        return try run(path, request: request, progress: nil, isCancelled: Self.never) { reply, _, _ throws(LoadError) in
            switch reply {
            case .text(_, let total, let glyphs): return (total, glyphs)
            case .failure(_, let error): throw error
            default: throw .decoderStopped(detail: "it sent something else than text")
            }
        }
    }

    /// The links on a document's page, read in a helper (poppler runs only there).
    func links(path: RawPath, page: DocumentPage) throws(LoadError) -> [PageLink] {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.links(id: id, name: name, page: page) }
        return try run(path, request: request, progress: nil, isCancelled: Self.never) { reply, _, _ throws(LoadError) in
            switch reply {
            case .links(_, let links): return links
            case .failure(_, let error): throw error
            default: throw .decoderStopped(detail: "it sent something else than links")
            }
        }
    }

    func decodeRegion(path: RawPath, page: DocumentPage = .first, covering wanted: PixelRect, detail: Double, isCancelled: () -> Bool)
        throws(LoadError)
        -> DetailRegion?
    {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.region(id: id, name: name, rect: wanted, detail: detail, page: page) }
        return try run(path, request: request, progress: nil, isCancelled: isCancelled) { reply, pixels, _ throws(LoadError) in
            try Self.region(reply, pixels: pixels)
        }
    }

    /// What a region decode's answer gives (`pixels`: its memfd, or -1; the caller closes it).
    static func region(_ reply: DecoderReply, pixels: Int32) throws(LoadError) -> DetailRegion? {
        switch reply {
        case .image(_, let description):
            guard let region = description.region else { throw .decoderStopped(detail: "it sent an image for a region") }
            return DetailRegion(
                adopting: try Self.pixbuf(description, memfd: pixels), rect: region.rect, scale: region.scale, maxScale: region.maxScale)
        case .frame: throw .decoderStopped(detail: "it sent an animation for a region")
        case .metadata: throw .decoderStopped(detail: "it sent metadata for a region")
        case .encoded: throw .decoderStopped(detail: "it sent a file for a region")
        case .links, .found, .outline, .text: throw .decoderStopped(detail: "it sent text for a region")
        case .nothing: return nil
        case .failure(_, let error): throw error
        case .progress: throw .decoderStopped(detail: "it ended on progress")
        }
    }

    /// A GdkPixbuf over the memfd's pixels, mapped copy-on-write (+1): nothing is copied,
    /// and code that changes the pixels (an export's hue) changes its own copy of a page.
    static func pixbuf(_ pixels: DecodedPixels, memfd: Int32) throws(LoadError) -> OpaquePointer {
        guard iro_memfd_is_sealed(memfd) == 1 else { throw .decoderStopped(detail: "its pixels were not sealed") }
        var info = stat()
        guard fstat(memfd, &info) == 0, Int(info.st_size) >= pixels.byteCount else {
            throw .decoderStopped(detail: "its pixels were fewer than it said")
        }
        let size = Int(info.st_size)
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, memfd, 0), mapped != MAP_FAILED else {
            throw .unreadable(detail: "the pixels could not be mapped: \(String(cString: strerror(errno)))")
        }
        let unmap = ClosureBox<Int>(size)
        guard
            let pixbuf = gdk_pixbuf_new_from_data(
                mapped.assumingMemoryBound(to: guchar.self), GDK_COLORSPACE_RGB, pixels.hasAlpha ? 1 : 0, 8, Int32(pixels.width),
                Int32(pixels.height), Int32(pixels.stride),
                { data, box in
                    if let size = ClosureBox<Int>.from(box)?.call { munmap(data, size) }
                    ClosureBox<Int>.release(box)
                }, unmap.retainedPointer())
        else {
            munmap(mapped, size)
            throw .unreadable(detail: "no pixbuf for the pixels")
        }
        return pixbuf
    }
}
