import GtkSupport
import IroCore
import IroImaging

/// How much of the image's detail is held (docs/ARCHITECTURE.md, "Decode the detail the view
/// shows"): the screen's worth first, more when a view zooms in (the part shown first, for a
/// JPEG or an SVG), the rest once the view rests, and back to the screen's worth in the
/// background when memory is short.
extension DocumentModel {
    /// The detail a fresh view of an image needs: the whole image on the largest screen.
    static var screenDetail: DecodeDetail {
        let size = Monitors.largestSize
        return .screen(width: size.width, height: size.height)
    }

    /// The longest side of the largest monitor, in device pixels: what a document in the
    /// background keeps of its image.
    static var screenSide: Int {
        let size = Monitors.largestSize
        return max(size.width, size.height)
    }

    /// A JPEG or SVG with more pixels than this at the detail a zoom needs is never decoded
    /// whole (800 MB for the largest Iro opens): the view decodes the part it shows, again
    /// wherever it moves.
    static var wholeDecodePixels = 64 << 20

    static func decodesWhole(_ pyramid: ImagePyramid, at scale: Double) -> Bool {
        let reduction = DecodeDetail.scale(min(1, scale)).reduction(imageWidth: pyramid.width, imageHeight: pyramid.height)
        let width = (pyramid.width + reduction - 1) / reduction, height = (pyramid.height + reduction - 1) / reduction
        return width * height <= wholeDecodePixels
    }

    /// A view shows the image at `scale` (device pixels per image pixel), showing `shown`
    /// of it at rest: decodes again with that detail when the levels held have less. Until
    /// it arrives the view shows the levels it has, scaled.
    func needsDetail(at scale: Double, showing shown: PixelRect?) {
        // An animation's frames always have every pixel.
        // Unsaved edits: the file no longer holds what is shown.
        guard player == nil, !hasUnsavedEdits, let pyramid = levels, pyramid.needsMoreDetail(at: scale), !file.isDeleted,
            case .loaded = document.state, let imagePath
        else { return }
        // JPEG, SVG and PDF decode the part shown on its own (SVG and PDF past 100 % only that way). Not a
        // JPEG decoded whole at this detail anyway when the part is most of it (a first zoom
        // step from best fit): the part would cost nearly as much, and the two decodes would
        // share the cores. With both, the whole of an 18 MP progressive JPEG came 320 ms after
        // the zoom and its part later still; alone, the view was exact 130–200 ms sooner.
        let format = pyramid.image?.formatName ?? formatName
        let drawn = ImageFormats.isDrawnAtAnyScale(format)
        let hasParts = format == "jpeg" || drawn
        let wholeComes = tasks.load != nil || pyramid.needsMoreDetail(at: min(1, scale)) && Self.decodesWhole(pyramid, at: scale)
        let mostOfIt = shown.map { 2 * $0.width * $0.height > pyramid.width * pyramid.height } ?? false
        if hasParts, let shown, drawn || !(wholeComes && mostOfIt) {
            decodeRegion(shown, of: pyramid, at: imagePath, detail: scale)
        }
        guard tasks.load == nil, pyramid.needsMoreDetail(at: min(1, scale)), !hasParts || Self.decodesWhole(pyramid, at: scale) else {
            return
        }
        // Every pixel is on its way already: the bar shows how far it has come.
        if idleDetail.isDecoding, let progress = idleDetail.progress { return setProgress(progress) }
        idleDetail.cancel()
        decode(imagePath, detail: .scale(scale), reusing: pyramid)
    }

    /// Decodes the part of a JPEG the view shows at rest with the detail it needs, unless
    /// what is held covers it or one is under way: in a fraction of the whole decode's
    /// time, so a zoom into a large photo is sharp well before the whole image is.
    private func decodeRegion(_ wanted: PixelRect, of pyramid: ImagePyramid, at path: RawPath, detail: Double) {
        let page = document.shownPage
        guard tasks.region == nil, !(pyramid.region?.holds(wanted, detail: detail) ?? false) else { return }
        tasks.region = Task { [weak self] in
            let region: DetailRegion?
            do throws(LoadError) {
                region = try await ImageDecoder.decodeRegion(path: path, page: page, covering: wanted, detail: detail)
            } catch {
                Log.debug("the part shown of \(path.displayString) was not decoded: \(error.reason)")
                region = nil
            }
            guard !Task.isCancelled, let self else { return }
            self.tasks.region = nil
            // Only beside the same levels (not more detail that came meanwhile, nor another image).
            guard let region, let shown = self.levels, shown.levels.first === pyramid.levels.first else { return }
            self.setLevels(shown.with(region), .moreDetail)
        }
    }

    /// Once the view has rested on the image a moment, decodes the rest of its detail
    /// (`IdleDetail`); only while the tab is shown, and not while anything else loads.
    func decodeRestWhenIdle() {
        idleDetail.schedule { [weak self] in
            guard let self, self.isOnScreen, self.player == nil, !self.hasUnsavedEdits, self.tasks.load == nil, !self.file.isDeleted,
                case .loaded = self.document.state, let path = self.imagePath, let pyramid = self.levels,
                IdleDetail.wants(
                    width: pyramid.width, height: pyramid.height, detail: pyramid.detail,
                    formatName: pyramid.image?.formatName ?? self.formatName)
            else { return nil }
            return (path, self.document.shownPage, pyramid)
        } done: { [weak self] pyramid in
            guard let self else { return }
            if self.tasks.load == nil, self.progress != nil { self.setProgress(nil) } // shown if a zoom came to wait for it
            self.setLevels(pyramid, .moreDetail)
        }
    }

    /// Keeps only screen-sized levels while the document is in the background.
    func trimToScreenSize() {
        // An animation keeps its frame: it is paused, and shown again it goes on from it.
        guard player == nil, !hasUnsavedEdits, let pyramid = levels, pyramid.isComplete else { return }
        setLevels(pyramid.trimmed(maxSide: Self.screenSide), .moreDetail)
    }

    /// Bytes of decoded pixels this document holds beyond what trimming keeps (0 once trimmed).
    var decodedBytes: Int { levels.map { $0.isComplete ? $0.byteCount : 0 } ?? 0 }
}
