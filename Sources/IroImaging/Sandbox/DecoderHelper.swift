import CGLib
import CSandbox
import Dispatch
import GObjectSupport
import Glibc
import IroCore

/// One decoder helper process, seen from Iro (BEHAVIOUR F5): started with a socket as its
/// descriptor 3, asked one request at a time. Whatever it sends is checked before use; a
/// helper that dies, hangs or sends anything malformed is done for, and its request gets
/// `.decoderStopped` saying how.
final class DecoderHelper: @unchecked Sendable {
    let pid: pid_t
    private let socket: Int32
    private var nextID: UInt32 = 1
    /// Once it failed in any way, it is never asked again.
    private(set) var isBroken = false
    /// It answered with an animation, and now serves only that (`HelperAnimationSource`):
    /// the pool does not take it back.
    var isDedicated = false
    /// Where its messages are received: one at most `DecoderReply.maxBytes` long (a page's
    /// text, a search's areas), made once for the helper's life.
    private var buffer = [UInt8](repeating: 0, count: DecoderReply.maxBytes)

    /// No message (progress or answer) for this long: the helper hangs, and is killed.
    nonisolated(unsafe) static var hangSeconds = 10.0

    private init(pid: pid_t, socket: Int32) {
        self.pid = pid
        self.socket = socket
    }

    deinit {
        close(socket) // the helper sees the end of its stream and exits
        guard !isBroken else { return }
        // Waited for off the calling thread, which may be the main one (a closed tab's
        // animation lets its helper go there).
        let pid = pid
        DispatchQueue.global(qos: .utility).async {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// Whether it runs inside bubblewrap.
    private(set) var isWrapped = false
    /// Whether it answered a request yet (a wrapper that cannot start answers none).
    private(set) var hasAnswered = false

    /// Starts `command` (the helper, or bubblewrap running it) with `environment` (every
    /// "NAME=value" it gets); nil (with the reason logged) when it cannot.
    static func start(_ command: [String], environment: [String]) -> DecoderHelper? {
        guard let executable = command.first else { return nil }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            Log.warning("no socket for the decoder: \(String(cString: strerror(errno)))")
            return nil
        }
        var pid: pid_t = 0
        let status = withMutableCStringArray(command) { argv in
            withMutableCStringArray(environment) { envp in
                iro_spawn_with_socket(executable, argv, envp, pair[1], &pid)
            }
        }
        close(pair[1])
        guard status == 0 else {
            close(pair[0])
            Log.warning("the decoder \(executable) could not start: \(String(cString: strerror(status)))")
            return nil
        }
        let helper = DecoderHelper(pid: pid, socket: pair[0])
        helper.isWrapped = executable.hasSuffix("/bwrap")
        return helper
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// This process's environment with `extra` ("NAME=value") in place of what it names.
    static func environ(plus extra: [String]) -> [String] {
        let replaced = Set(extra.map { $0.prefix { $0 != "=" } })
        var all: [String] = []
        var entry = Glibc.environ
        while let each = entry.pointee {
            let variable = String(cString: each)
            if !replaced.contains(variable.prefix { $0 != "=" }) { all.append(variable) }
            entry += 1
        }
        return all + extra
    }

    /// Sends `request` (with `file` attached, and `extra` after it unless -1) and waits for
    /// its answer, relaying progress and passing on a cancel.
    func ask(
        _ make: (UInt32) -> DecoderRequest, file: Int32, extra: Int32 = -1, progress: LoadProgress?, isCancelled: () -> Bool
    ) throws(LoadError) -> (reply: DecoderReply, pixels: Int32) {
        guard !isBroken else { throw .decoderStopped(detail: tr("it stopped before")) }
        let id = nextID
        nextID &+= 1
        let request = make(id)
        let sent = request.bytes.withUnsafeBytes { iro_send_message(socket, $0.baseAddress, $0.count, file, extra) }
        guard sent == 0 else { throw stopped() }
        var cancelSent = false
        var lastHeard = Self.now()
        while true {
            if !cancelSent, isCancelled() {
                cancelSent = true
                _ = DecoderRequest.cancel(id: id).bytes.withUnsafeBytes { iro_send_message(socket, $0.baseAddress, $0.count, -1, -1) }
            }
            let waiting = iro_message_waiting(socket, 100)
            if waiting == 0 {
                if Self.now() - lastHeard > Self.hangSeconds {
                    kill(-pid, SIGKILL)
                    isBroken = true
                    _ = reap(blocking: true)
                    throw .decoderStopped(
                        detail: trn(
                            "it stopped responding for %d second", "it stopped responding for %d seconds", Int(Self.hangSeconds),
                            Int(Self.hangSeconds)))
                }
                continue
            }
            var descriptor: Int32 = -1
            let count = buffer.withUnsafeMutableBytes { iro_receive_message(socket, $0.baseAddress, $0.count, &descriptor, nil) }
            // Longer than any message may be: the helper is not what it should be (waiting for
            // it to end, as for a closed socket, would wait for ever).
            if count == -Int(EMSGSIZE) { throw broken(tr("it sent a message too long")) }
            guard count > 0 else { throw stopped() }
            lastHeard = Self.now()
            hasAnswered = true
            let heard: Heard
            do throws(LoadError) { heard = try Self.read(Array(buffer[0..<count]), descriptor: descriptor, answering: id) } catch {
                throw broken(error.reason)
            }
            switch heard {
            case .progress(let fraction): progress?.set(fraction)
            case .answer(let reply, let pixels): return (reply, pixels)
            }
        }
    }

    /// What one message from a helper says.
    enum Heard {
        case progress(Double)
        /// The answer, with the memfd of its pixels for an image (else -1).
        case answer(DecoderReply, pixels: Int32)
    }

    /// Reads one message, and the descriptor that came with it (kept only as an image's
    /// pixels, else closed), for request `id`. Throws what makes the helper done for: a
    /// malformed message, an answer to another request, an image without pixels.
    static func read(_ bytes: [UInt8], descriptor: Int32, answering id: UInt32) throws(LoadError) -> Heard {
        let reply: DecoderReply
        do throws(WireReader.Malformed) { reply = try DecoderReply(bytes: bytes) } catch {
            if descriptor >= 0 { close(descriptor) }
            throw .decoderStopped(detail: tr("it sent a malformed message (%s)", error.what))
        }
        guard reply.id == id else {
            if descriptor >= 0 { close(descriptor) }
            throw .decoderStopped(detail: tr("it answered request %1$s instead of %2$s", reply.id, id))
        }
        switch reply {
        case .progress(_, let fraction):
            if descriptor >= 0 { close(descriptor) }
            return .progress(fraction)
        case .image, .frame, .encoded:
            guard descriptor >= 0 else { throw .decoderStopped(detail: tr("its image came without pixels")) }
            return .answer(reply, pixels: descriptor)
        default:
            if descriptor >= 0 { close(descriptor) }
            return .answer(reply, pixels: -1)
        }
    }

    /// The helper is done for: killed, and its failure said.
    func broken(_ detail: String) -> LoadError {
        kill(-pid, SIGKILL)
        isBroken = true
        _ = reap(blocking: true)
        return .decoderStopped(detail: detail)
    }

    /// How the helper ended, once its socket closed.
    private func stopped() -> LoadError {
        isBroken = true
        let status = reap(blocking: true)
        endStatus = status
        return .decoderStopped(detail: Self.describe(status, wrapped: isWrapped))
    }

    /// Its wait status, once it ended by itself.
    private(set) var endStatus: Int32?

    /// bubblewrap itself failed (it exits with 1 when it cannot set up the sandbox) before
    /// the helper could answer anything.
    var wrapperFailed: Bool {
        guard isWrapped, !hasAnswered, let status = endStatus else { return false }
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 1
    }

    /// Waits for the helper to end (or only looks, not blocking); its wait status.
    private func reap(blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let ended = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if ended == pid { return status }
            if ended < 0, errno == EINTR { continue }
            return nil
        }
    }

    static func describe(_ status: Int32?, wrapped: Bool = false) -> String {
        guard let status else { return tr("it ended") }
        var signal = status & 0x7F
        let code = (status >> 8) & 0xFF
        // bubblewrap ends with 128 + the signal that ended the helper inside it.
        if signal == 0, wrapped, code > 128 { signal = code - 128 }
        if signal == 0 { return tr("it exited with status %d", code) }
        switch signal {
        case SIGSYS: return tr("it tried a system call its sandbox forbids")
        case SIGXCPU: return tr("it used too much processor time")
        case SIGKILL: return tr("it was killed")
        case SIGSEGV, SIGBUS: return tr("it crashed (signal %d)", signal)
        default: return tr("it ended with signal %d", signal)
        }
    }
}
