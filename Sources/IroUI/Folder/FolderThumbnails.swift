import CGtk
import GtkSupport
import IroCore
import IroImaging

/// The thumbnails of a window's folder views, the strip and the grid (BEHAVIOUR H1, H2):
/// taken from the desktop's cache or made in the decoder helper (`ThumbnailStore`), two at
/// a time (a helper for each core). The views say which files they show (`want`, with how
/// far off screen each is, 0 for on screen) and which they no longer do (`unwant`, which
/// also stops one being made): the nearest are made first, so the screen the user scrolled
/// to fills before the rows around it, and those before the ones they left.
@MainActor
final class FolderThumbnails {
    /// What a file's thumbnail is, once known.
    enum Made {
        case texture(ObjectRef)
        /// The file cannot be thumbnailed: its cell shows a placeholder, with the reason.
        case failed(String)
    }

    /// Made at the cache's large size: 256 pixels, sharp in a grid cell on a HiDPI screen.
    static let size = ThumbnailCache.Size.large
    /// Thumbnails kept beyond those the views show (about 256 × 171 × 3 bytes each: about
    /// 40 MB for 300), for scrolling back.
    let kept: Int
    /// Made at once: one for each core, so that scrolling stays smooth meanwhile.
    static let inFlight = 2

    /// Tells that a file's thumbnail is made (or failed).
    var onReady: ((RawPath) -> Void)?
    /// Whether a view has a cell for the file now: those thumbnails are never the ones
    /// dropped (GTK 4.8's grid binds up to 360 cells, more than `kept`, and dropping one a
    /// cell shows would only make it be read again).
    var isShown: (RawPath) -> Bool = { _ in false }
    private var made: [RawPath: Made] = [:]
    /// Files made, oldest first, for dropping the oldest past `kept`.
    private var order: [RawPath] = []
    /// Files wanted and not being made, with how far off screen each is (in points) and
    /// its place in the folder (which breaks ties: reading order).
    private var wanted: [RawPath: (distance: Int, order: Int)] = [:]
    private var running: [RawPath: Task<Void, Never>] = [:]
    /// Nothing is made before the window's first frame is painted (`start`): thumbnails
    /// wanted earlier would take the decoder helpers from the image that frame shows.
    private var isStarted = false

    /// The desktop's thumbnail cache (tests: a folder of their own).
    private let cache: ThumbnailCache

    init(kept: Int = 300, cache: ThumbnailCache = ThumbnailStore.cache) {
        self.kept = kept
        self.cache = cache
    }

    func start() {
        isStarted = true
        startNext()
    }

    func thumbnail(of path: RawPath) -> Made? { made[path] }

    /// `GdkTexture *` of the file's thumbnail, once made.
    func texture(of path: RawPath) -> OpaquePointer? {
        if case .texture(let texture) = made[path] { return OpaquePointer(texture.raw) }
        return nil
    }

    /// Asks for the file's thumbnail; `distance`: how far off screen its cell is (0: on
    /// screen); `order`: its place in the folder.
    func want(_ path: RawPath, distance: Int, order: Int) {
        guard made[path] == nil, running[path] == nil else { return }
        wanted[path] = (distance, order)
        startNext()
    }

    /// The file is no longer shown: not made, and stopped if it is being made.
    func unwant(_ path: RawPath) {
        wanted[path] = nil
        running.removeValue(forKey: path)?.cancel()
        startNext()
    }

    /// The files changed on disk: their thumbnails are made again when next shown.
    func forget(_ paths: some Sequence<RawPath>) {
        for path in paths {
            made[path] = nil
            running.removeValue(forKey: path)?.cancel()
        }
        order.removeAll { made[$0] == nil }
    }

    /// Whether thumbnails are waiting to be made or being made (tests).
    var isBusy: Bool { !running.isEmpty || !wanted.isEmpty }

    private func startNext() {
        guard isStarted else { return }
        while running.count < Self.inFlight, let path = wanted.min(by: { $0.value < $1.value })?.key {
            wanted[path] = nil
            let cache = self.cache
            running[path] = Task { [weak self] in
                let outcome = await ThumbnailStore.thumbnail(of: path, size: Self.size, in: cache)
                guard !Task.isCancelled, let self else { return }
                self.running[path] = nil
                switch outcome {
                case .thumbnail(let image):
                    if let texture = gdk_texture_new_for_pixbuf(image.pixbuf) {
                        self.keep(.texture(ObjectRef(taking: UnsafeMutableRawPointer(texture))), for: path)
                    }
                case .failed(let reason): self.keep(.failed(reason), for: path)
                case nil: break
                }
                Trace.mark(
                    "thumbnail ready: \(path.lastComponent.displayString), \(self.running.count) running, \(self.wanted.count) wanted")
                self.onReady?(path)
                self.startNext()
            }
        }
    }

    private func keep(_ thumbnail: Made, for path: RawPath) {
        made[path] = thumbnail
        order.append(path)
        // The oldest no view shows go, down to `kept`.
        while order.count > kept, let oldest = order.firstIndex(where: { !isShown($0) }) { made[order.remove(at: oldest)] = nil }
    }

    /// How many are kept (tests).
    var count: Int { made.count }
}
