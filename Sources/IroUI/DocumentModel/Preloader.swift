import GtkSupport
import IroCore
import IroImaging

/// Decodes the images next to the shown one ahead of time, off the main thread, so that
/// stepping to them shows them at once (BEHAVIOUR F1): the folder's next and previous files,
/// and a document's next and previous pages (G2). Each is decoded with the detail a
/// screen shows of it whole, the detail a fresh view starts at, and the rendering of that
/// fresh view is made too, so the step's first frame draws the new image. Decodes no
/// longer wanted, or of files that changed on disk, are cancelled; what it holds counts
/// against the memory budget like the tab in the background shown most recently.
final class Preloader {
    /// A neighbour, decoded, with the rendering of its fresh view when one could be made.
    struct Ahead {
        let pyramid: ImagePyramid
        let rendering: ViewRendering?
    }

    /// A file, and which of its pages (the first for an image).
    struct Target: Hashable {
        var path: RawPath
        var page = DocumentPage.first
    }

    private var tasks: [Target: Task<Void, Never>] = [:]
    private var ready: [Target: Ahead] = [:]
    /// Told when a decode finishes (the memory held changed).
    var onReady: (@MainActor () -> Void)?

    /// Bytes of pixels held: the decoded levels and the renderings made ahead.
    var bytes: Int { ready.values.reduce(0) { $0 + $1.pyramid.byteCount + ($1.rendering?.byteCount ?? 0) } }

    /// Keeps, or starts, the decodes of `targets` (for a view of `viewport`); cancels and
    /// drops every other.
    func keep(_ targets: [Target], detail: DecodeDetail, viewport: Size = Size(width: 0, height: 0), pixelsPerPoint: Double = 1) {
        for (target, task) in tasks where !targets.contains(target) {
            task.cancel()
            tasks[target] = nil
        }
        for target in ready.keys where !targets.contains(target) { ready[target] = nil }
        for target in targets where tasks[target] == nil && ready[target] == nil {
            tasks[target] = Task { [weak self] in
                let ahead = await Self.decode(target, detail: detail, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
                guard let self, !Task.isCancelled else { return }
                self.tasks[target] = nil
                if let ahead { self.ready[target] = ahead }
                self.onReady?()
            }
        }
    }

    /// The decoded image of page `page` of `path`, if it is ready; it is no longer held here.
    func take(_ path: RawPath, page: DocumentPage = .first) -> Ahead? {
        ready.removeValue(forKey: Target(path: path, page: page))
    }

    /// The decoded image of page `page` of `path`, if it is ready; it stays held here.
    func peek(_ path: RawPath, page: DocumentPage = .first) -> Ahead? { ready[Target(path: path, page: page)] }

    /// Whether page `page` of `path` is decoded and waiting.
    func isReady(_ path: RawPath, page: DocumentPage = .first) -> Bool { ready[Target(path: path, page: page)] != nil }

    func dropAll() {
        keep([], detail: .full)
    }

    /// The files at `paths` changed on disk: what was decoded of them, or is being
    /// decoded, is stale and goes (the next `keep` decodes them again).
    func forget(_ paths: [RawPath]) {
        for target in Set(tasks.keys).union(ready.keys) where paths.contains(target.path) {
            tasks.removeValue(forKey: target)?.cancel()
            ready[target] = nil
        }
    }

    /// A file that fails to decode simply is not preloaded: stepping to it shows its error.
    @concurrent
    nonisolated private static func decode(_ target: Target, detail: DecodeDetail, viewport: Size, pixelsPerPoint: Double) async
        -> Ahead?
    {
        let decoded: ImagePyramid?
        do {
            decoded = try await ImageDecoder.decodeForDisplay(path: target.path, page: target.page, detail: detail)
        } catch {
            Log.debug("not preloading page \(target.page.index + 1) of \(target.path.displayString): \(error.reason)")
            return nil
        }
        guard let pyramid = decoded, !Task.isCancelled else { return nil }
        // An animation plays from its first frame: no rendering ahead for it.
        let rendering =
            pyramid.image?.animation == nil
            ? ImageCanvas.freshRendering(of: pyramid, viewport: viewport, pixelsPerPoint: pixelsPerPoint) : nil
        return Ahead(pyramid: pyramid, rendering: rendering)
    }
}
