import GtkSupport
import IroCore
import IroImaging

/// The rest of the shown image's detail, decoded once the view has rested on it for a
/// moment, so the first zoom-in is sharp at once instead of after a decode (BEHAVIOUR A6).
/// Quiet: no loading bar and no tab spinner unless a zoom comes to wait for it. Anything
/// that loads, hides the tab or trims it cancels it.
@MainActor
final class IdleDetail {
    /// How long the view must rest on an image first: stepping through a folder, or
    /// switching tabs, never starts one. nil: never (tests of the decode a zoom asks for).
    static var restMilliseconds: UInt32? = 300
    /// Images whose every pixel takes more than this (as RGBA: 16 MP) are not decoded whole
    /// unasked: held at rest, their pixels would lift Iro's memory above the other viewers'
    /// (docs/PERFORMANCE.md). A zoom decodes the part it shows of a JPEG in a fraction of the
    /// whole's time, and the rest then.
    nonisolated static let budget = 64 * 1024 * 1024

    private var timer: SourceID?
    private var task: Task<Void, Never>?
    /// How far the decode under way has come (a zoom that waits for it shows it).
    private(set) var progress: LoadProgress?

    var isDecoding: Bool { task != nil }

    /// Whether an image of `width` × `height` in format `formatName`, decoded to `detail`,
    /// has detail left that this may decode. Not an SVG or a PDF page: it has no rest of its
    /// detail, only a declared size, and a zoom renders it afresh at the size shown.
    nonisolated static func wants(width: Int, height: Int, detail: Double, formatName: String?) -> Bool {
        guard detail < 1 - 1e-9, !ImageFormats.isDrawnAtAnyScale(formatName), width > 0, height > 0 else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= budget / 4
    }

    /// After the rest, asks `decode` to start (it returns the decode to run, or nil when
    /// the view no longer wants one), runs it off the main thread and hands a result to `done`.
    func schedule(
        _ start: @escaping @MainActor () -> (path: RawPath, page: DocumentPage, reusing: ImagePyramid)?,
        done: @escaping @MainActor (ImagePyramid) -> Void
    ) {
        cancel()
        guard let rest = Self.restMilliseconds else { return }
        timer = after(milliseconds: rest) { [weak self] in
            guard let self else { return }
            self.timer = nil
            guard let (path, page, smaller) = start() else { return }
            let progress = LoadProgress()
            self.progress = progress
            Trace.mark("idle detail: decode starts")
            self.task = Task { [weak self] in
                let decoded: ImagePyramid?
                do throws(LoadError) {
                    decoded = try await ImageDecoder.decodeForDisplay(
                        path: path, page: page, detail: .full, reusing: smaller, progress: progress)
                } catch {
                    Log.debug("the rest of \(path.displayString) was not decoded: \(error.reason)")
                    decoded = nil
                }
                guard !Task.isCancelled, let self else { return }
                self.task = nil
                self.progress = nil
                Trace.mark("idle detail: decode ended")
                // A file that no longer decodes says so when it is loaded again (it is watched).
                if let decoded { done(decoded) }
            }
        }
    }

    func cancel() {
        timer?.cancel()
        timer = nil
        task?.cancel()
        task = nil
        progress = nil
    }
}
