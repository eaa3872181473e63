import CGtk
import FoundationEssentials
import GtkSupport
import IroCore
import IroImaging

/// Loading: the first decode (or the one begun at start-up), a reload, a note package, and
/// what a decode's result does to the document.
extension DocumentModel {
    /// Decodes the document's file off the main thread, then shows it or its error.
    func load(keepingCurrent: Bool = false) {
        if NotePackage.isPackageName(document.path) { return loadNotePackage() }
        loadImage(at: document.path, keepingCurrent: keepingCurrent)
    }

    /// Decodes the image at `path` (the document's file, or a note package's image) with the
    /// detail a screen shows of it whole; zooming in asks for more. `keepingCurrent`: the
    /// image shown stays until the new one arrives (a reload, a step).
    func loadImage(at path: RawPath, keepingCurrent: Bool = false, startsFresh: Bool = false) {
        cancelLoad()
        imagePath = path
        let showsImage = keepingCurrent && levels != nil && shown == .image
        if !showsImage {
            document.state = .loading
            statusChanged(showing: .loading)
        }
        if !showsImage, document.page == 0, let early = StartupDecode.take(path) { return adopt(early) }
        // Reloading a changed file keeps the detail the view has now; another file starts at best fit.
        let detail: DecodeDetail = showsImage && !startsFresh ? .scale(viewer?.deviceScale ?? 1) : Self.screenDetail
        decode(path, detail: detail, startsFresh: startsFresh)
    }

    /// Decodes again, keeping zoom, scroll, rotation and hue.
    func reload() {
        load(keepingCurrent: true)
    }

    /// `reusing`: levels of the same pixels to keep below the new detail.
    func decode(_ path: RawPath, detail: DecodeDetail, reusing smaller: ImagePyramid? = nil, startsFresh: Bool = false) {
        let progress = LoadProgress()
        setProgress(progress)
        let page = document.shownPage
        tasks.load = Task { [weak self] in
            let result: Result<ImagePyramid?, LoadError>
            do throws(LoadError) {
                result = .success(
                    try await ImageDecoder.decodeForDisplay(path: path, page: page, detail: detail, reusing: smaller, progress: progress))
            } catch { result = .failure(error) }
            guard !Task.isCancelled, let self else { return }
            self.finishLoad(result, startsFresh: startsFresh)
        }
        loadingChanged()
    }

    /// Shows the decode begun at start-up: at once when it has ended (the window's first
    /// frame then shows the image), or when it ends.
    private func adopt(_ early: StartupDecode) {
        tookStartupDecode = true
        if let result = early.finished { return finishLoad(result) }
        setProgress(early.progress)
        tasks.load = Task { [weak self] in
            let result = await early.value()
            guard !Task.isCancelled, let self else { return }
            self.finishLoad(result)
        }
        loadingChanged()
    }

    /// `startsFresh`: another file than the one shown (a step), from a fresh view, with
    /// `renderedAhead` made for it with a decode done ahead.
    func finishLoad(_ result: Result<ImagePyramid?, LoadError>, startsFresh: Bool = false, renderedAhead: ViewRendering? = nil) {
        tasks.load = nil
        setProgress(nil)
        loadingChanged()
        switch result {
        case .success(let pyramid?):
            Trace.mark("image shown: \(pyramid.width)×\(pyramid.height)")
            if startsFresh { view = ViewState() } // the image stepped from kept its view until now
            formatName = pyramid.image?.formatName ?? formatName
            if let image = pyramid.image { setPageCount(image.pageCount) }
            let sameImage = !startsFresh && levels.map { $0.width == pyramid.width && $0.height == pyramid.height } ?? false
            document.state = .loaded(width: pyramid.width, height: pyramid.height)
            watchFile()
            if sameImage {
                setLevels(pyramid, .moreDetail) // more (or fresh) detail of the same image: the view stays
            } else {
                setLevels(pyramid, .newImage(renderedAhead: startsFresh ? renderedAhead : nil))
                ViewLink.shared.follow(self) // a linked tab's new image (the folder's next) takes the linked view
            }
            play(pyramid.image)
            if !sameImage { newPageShown() }
            statusChanged(showing: .image)
            startBrowsing()
            preloadNeighboursSoon()
            decodeRestWhenIdle()
            observable.bump(Property.held)
        case .success(nil):
            return // cancelled
        case .failure(let error):
            if startsFresh { view = ViewState() }
            stopPlaying()
            showError(error)
            watchFile() // a broken file that gets fixed on disk reloads too
            startBrowsing() // a damaged file does not stop the folder being stepped through
            preloadNeighbours()
        }
    }

    func showError(_ error: LoadError) {
        document.state = .failed(error)
        statusChanged(showing: .error)
    }

    /// Stops every decode of the document and the wait for file events.
    func cancelLoad() {
        idleDetail.cancel()
        tasks.region?.cancel()
        tasks.region = nil
        file.settle?.cancel()
        file.settle = nil
        tasks.load?.cancel()
        tasks.load = nil
        if progress != nil { setProgress(nil) }
        loadingChanged()
    }

    // MARK: Note packages (BEHAVIOUR A8)

    /// A `*.notesdoc` folder opens as one read-only document: its image with its text beside
    /// it. The folder is read off the main thread.
    private func loadNotePackage() {
        cancelLoad()
        document.state = .loading
        statusChanged(showing: .loading)
        let folder = document.path
        tasks.load = Task { [weak self] in
            let result = await Self.readPackage(folder)
            guard !Task.isCancelled, let self else { return }
            self.tasks.load = nil
            self.loadingChanged()
            switch result {
            case .failure(let error):
                self.note = nil
                self.showError(.notePackage(error))
            case .success(let package):
                self.note = package
                // The markup saved with the image (BEHAVIOUR I4), to change again.
                if let svg = package.markup { self.markup.document = MarkupDocument(layers: [0: MarkupSVG.read(svg)]) }
                if let image = package.imagePath {
                    self.loadImage(at: image)
                } else {
                    self.document.state = .loaded(width: 0, height: 0)
                    self.statusChanged(showing: .noteOnly)
                }
                self.watchFile()
            }
        }
        loadingChanged()
    }

    @concurrent
    nonisolated private static func readPackage(_ folder: RawPath) async -> Result<NotePackage, NotePackageError> {
        do throws(NotePackageError) { return .success(try NotePackage.load(folder: folder)) } catch { return .failure(error) }
    }
}
