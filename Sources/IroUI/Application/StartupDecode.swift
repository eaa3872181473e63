import CGtk
import GtkSupport
import IroCore
import IroImaging
import Synchronization

/// The image named first on the command line starts decoding at the top of `main`, off
/// the main thread, while GTK, libadwaita and the window come up (BEHAVIOUR A6): the tab
/// that opens it takes the result instead of decoding again, and when the decode has
/// ended by then, the window's first frame already shows the image. A running Iro does
/// the same with the first file of a command line a second launch hands it (BEHAVIOUR A3).
///
/// Only the first file: it is the tab shown first, and the others decode when shown.
/// A second launch hands its files to the running Iro and exits: `cancel()` stops its
/// decode as soon as that is known.
public final class StartupDecode: Sendable {
    let path: RawPath
    let progress = LoadProgress()
    private let result = Mutex<Result<ImagePyramid?, LoadError>?>(nil)
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

    /// The one decode begun at start-up, until a tab takes it.
    @MainActor private(set) static var pending: StartupDecode?

    private init(path: RawPath) { self.path = path }

    /// Starts decoding the first file of the process's command line, unless the
    /// arguments ask for something else (`--version`, `--help`).
    @MainActor
    public static func begin() {
        // The arguments as bytes: a file name need not be UTF-8.
        guard let index = firstFile(in: CommandLine.arguments), let argument = CommandLine.unsafeArgv[index] else { return }
        begin(argument: argument)
    }

    /// Starts decoding the file that the command-line argument `argument` names, at the
    /// detail a 1920 × 1080 screen shows at best fit (there is no display yet to ask: on a
    /// larger screen the view asks for more once the image is shown).
    @MainActor
    static func begin(argument: UnsafePointer<CChar>, detail: DecodeDetail = .screen(width: 1920, height: 1080)) {
        guard let file = g_file_new_for_commandline_arg(argument) else { return }
        defer { g_object_unref(raw(file)) }
        // A GVfs location too (BEHAVIOUR A13): its bytes come through GIO, as slow as the
        // location is, so starting early gains the most there.
        guard let path = RawPath(locationOf: file) else { return }
        begin(path: path, detail: detail)
    }

    /// Starts decoding `path` at `detail` for the tab about to open it: a command line a
    /// second launch handed over starts its decode before the tab's widgets are built
    /// (20–40 ms on a two-core machine), as a first launch's does before GTK starts.
    @MainActor
    static func begin(path: RawPath, detail: DecodeDetail) {
        guard !NotePackage.isPackageName(path) else { return }
        let decode = StartupDecode(path: path)
        pending = decode
        Trace.mark("decode start: \(path.displayString)")
        decode.task.withLock { task in
            task = Task.detached { [decode] in
                let outcome: Result<ImagePyramid?, LoadError>
                do throws(LoadError) {
                    outcome = .success(
                        try await ImageDecoder.decodeForDisplay(
                            path: path, detail: detail, progress: decode.progress))
                } catch { outcome = .failure(error) }
                Trace.mark("decode end")
                decode.result.withLock { $0 = outcome }
            }
        }
    }

    /// The decode of `path` begun at start-up, handed over once.
    @MainActor
    static func take(_ path: RawPath) -> StartupDecode? {
        guard let decode = pending, decode.path == path else { return nil }
        pending = nil
        return decode
    }

    /// Stops the decode begun at start-up (this process hands its files to another).
    @MainActor
    static func cancel() {
        pending?.task.withLock { $0?.cancel() }
        pending = nil
    }

    /// The result, if the decode has ended.
    var finished: Result<ImagePyramid?, LoadError>? { result.withLock { $0 } }

    /// Waits for the result; cancelling the waiting task cancels the decode.
    func value() async -> Result<ImagePyramid?, LoadError> {
        guard let task = task.withLock({ $0 }) else { return .success(nil) }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        return finished ?? .success(nil)
    }

    /// Whether the command line names a file to open.
    nonisolated public static func hasFile(in arguments: [String]) -> Bool { firstFile(in: arguments) != nil }

    /// The index of the first file argument, as GOption reads the command line: options
    /// start with "-" until "--"; with `--version` or `--help` anywhere among them, Iro
    /// opens nothing.
    nonisolated static func firstFile(in arguments: [String]) -> Int? {
        let options = arguments.dropFirst().prefix { $0 != "--" }
        if options.contains(where: { $0.hasPrefix("--version") || $0.hasPrefix("--help") || $0 == "-h" || $0 == "-?" }) {
            return nil
        }
        var optionsEnded = false
        for (index, argument) in arguments.enumerated().dropFirst() {
            if !optionsEnded && argument == "--" {
                optionsEnded = true
            } else if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                return index
            }
        }
        return nil
    }
}
