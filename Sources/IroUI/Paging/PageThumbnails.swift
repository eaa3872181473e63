import CGtk
import GtkSupport
import IroCore
import IroImaging

/// The page thumbnails of one document (BEHAVIOUR G3), made in the decoder helper as small
/// decodes of each page, one at a time, only for the pages whose rows are on screen (the
/// list asks with `want` as a row is bound and drops it with `unwant` as it is recycled),
/// the page asked for last first. Made ones are kept, up to `kept`, for scrolling back.
@MainActor
final class PageThumbnails {
    /// How big a thumbnail is drawn, in pixels: enough for the sidebar's width on a HiDPI screen.
    static let side = 256
    /// Thumbnails kept at most (256 × 256 × 4 bytes at most each: 64 MB for 250).
    static let kept = 250

    /// Tells that page `page`'s thumbnail is made (`texture(of:)` has it).
    var onReady: ((Int) -> Void)?
    private(set) var path: RawPath?
    private var password: String?
    private var textures: [Int: ObjectRef] = [:]
    /// Pages made, oldest first, for dropping the oldest past `kept`.
    private var order: [Int] = []
    /// Pages wanted and not made yet, the last asked for last.
    private var wanted: [Int] = []
    private var task: Task<Void, Never>?
    /// Pages that could not be drawn (not asked again).
    private var failed: Set<Int> = []

    /// The document whose pages these are (opened with `password`): another one drops what was made.
    func use(_ path: RawPath?, password: String?) {
        guard path != self.path || password != self.password else { return }
        self.path = path
        self.password = password
        textures = [:]
        order = []
        wanted = []
        failed = []
        task?.cancel()
        task = nil
    }

    /// `GdkTexture *` of the page, once made.
    func texture(of page: Int) -> OpaquePointer? { textures[page].map { OpaquePointer($0.raw) } }

    func want(_ page: Int) {
        guard textures[page] == nil, !failed.contains(page) else { return }
        wanted.removeAll { $0 == page }
        wanted.append(page)
        startNext()
    }

    func unwant(_ page: Int) { wanted.removeAll { $0 == page } }

    /// Whether pages are waiting to be made or being made (tests).
    var isBusy: Bool { task != nil || !wanted.isEmpty }

    private func startNext() {
        guard task == nil, let path, let page = wanted.popLast() else { return }
        task = Task { [weak self] in
            let texture = await Self.make(path: path, page: DocumentPage(page, password: self?.password))
            guard !Task.isCancelled, let self else { return }
            self.task = nil
            if let texture {
                self.keep(texture, for: page)
                self.onReady?(page)
            } else {
                self.failed.insert(page)
            }
            self.startNext()
        }
    }

    private func keep(_ texture: ObjectRef, for page: Int) {
        textures[page] = texture
        order.append(page)
        if order.count > Self.kept { textures[order.removeFirst()] = nil }
    }

    /// The page drawn small, in the helper, as a texture (nil when it cannot be drawn: the
    /// page's own view says why).
    private static func make(path: RawPath, page: DocumentPage) async -> ObjectRef? {
        let image: DecodedImage?
        do throws(LoadError) {
            image = try await ImageDecoder.decode(path: path, page: page, detail: .screen(side: side))
        } catch {
            Log.debug("no thumbnail of page \(page.index + 1) of \(path.displayString): \(error.reason)")
            return nil
        }
        guard let image, let texture = gdk_texture_new_for_pixbuf(image.pixbuf) else { return nil }
        return ObjectRef(taking: UnsafeMutableRawPointer(texture))
    }
}
