import CGLib
import CGLibShims
import CPixels
import IroCore

/// The image at 1, ½, ¼ … of its size, down to about 256 px, so a view at any
/// zoom draws from a level at most twice its size instead of scaling the whole
/// image every frame (on the software renderers, scaling a large texture is most of a frame's cost).
///
/// The top level need not be the full size: a large JPEG is decoded with only the
/// detail the view needs (`DecodeDetail`), and a tab in the background keeps only
/// its small levels (BEHAVIOUR A6). Sizes
/// and scales always refer to the full image, so the view does not move when more
/// detail arrives.
public final class ImagePyramid: @unchecked Sendable {
    /// One level: its pixels and a texture over them, released with the level.
    public final class Level: @unchecked Sendable {
        /// `GdkPixbuf *`
        public let pixbuf: OpaquePointer
        /// `GdkTexture *` over the same pixels.
        public let texture: OpaquePointer
        /// Level pixels per full-image pixel: 1, 0.5, 0.25 …
        public let scale: Double
        public let width: Int
        public let height: Int

        /// Adopts a +1 pixbuf.
        init(adopting pixbuf: OpaquePointer, scale: Double) {
            self.pixbuf = pixbuf
            guard let texture = iro_texture_new_for_pixbuf(pixbuf) else { preconditionFailure("textures are made where GTK is loaded") }
            self.texture = texture
            self.scale = scale
            width = Int(gdk_pixbuf_get_width(pixbuf))
            height = Int(gdk_pixbuf_get_height(pixbuf))
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(texture))
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }

        var byteCount: Int { Int(gdk_pixbuf_get_byte_length(pixbuf)) }
    }

    /// The full image's size, upright.
    public let width: Int
    public let height: Int
    /// Largest first.
    public let levels: [Level]
    /// The decoded full image, when this pyramid has it.
    public let image: DecodedImage?
    /// Every pixel of the part being looked at, while the levels hold less detail than the
    /// view shows (`ImageDecoder.decodeRegion`).
    public let region: DetailRegion?
    /// A vector image (SVG): drawn sharp at any scale, so it can need detail past 100 %.
    public let isVector: Bool

    public var size: Size { Size(width: Double(width), height: Double(height)) }
    /// Whether the image has an alpha channel (transparent pixels to show as such).
    public var hasAlpha: Bool { gdk_pixbuf_get_has_alpha(levels[0].pixbuf) != 0 }
    /// Built from a decode (not the small levels a background tab kept).
    public var isComplete: Bool { image != nil }
    /// Level pixels per image pixel of the most detailed level: 1 when it holds every pixel.
    public var detail: Double { levels[0].scale }
    /// Whether a view at `scale` would show more detail than the levels hold (past 100 %
    /// only for a vector image).
    public func needsMoreDetail(at scale: Double) -> Bool { (isVector ? scale : min(1, scale)) > detail * 1.001 }
    /// Bytes of pixels held.
    public var byteCount: Int { levels.reduce(0) { $0 + $1.byteCount } + (region?.byteCount ?? 0) }

    static let smallestSide = 256

    /// The pyramid of `image` (full size or reduced), built by halving (the mean
    /// of each 2×2 block, `iro_halve_pixels`). Run off the main thread.
    ///
    /// With `smaller`, the levels of a less detailed pyramid of the same image, those
    /// levels are taken over instead of being made again: more detail for a view that
    /// zoomed in then costs only the new top level (and any missing between).
    nonisolated public init(image: DecodedImage, reusing smaller: ImagePyramid? = nil, isCancelled: () -> Bool = { false }) {
        self.image = image
        let (width, height) = (image.imageWidth, image.imageHeight)
        (self.width, self.height) = (width, height)
        g_object_ref(UnsafeMutableRawPointer(image.pixbuf))
        var scale = image.scale
        var levels = [Level(adopting: image.pixbuf, scale: scale)]
        let top = scale
        // Level sizes are rounded, so scales compare with slack: a level of about half the
        // top's scale or less is reused, and halving stops about one level above the reused.
        let reused = smaller.map { $0.width == width && $0.height == height ? $0.levels.filter { $0.scale < top / 1.5 } : [] } ?? []
        let reusedTop = reused.first?.scale ?? 0
        var current = image.pixbuf
        while scale / 2 > reusedTop * 1.5, max(gdk_pixbuf_get_width(current), gdk_pixbuf_get_height(current)) > Int32(Self.smallestSide),
            !isCancelled()
        {
            let w = max(1, gdk_pixbuf_get_width(current) / 2), h = max(1, gdk_pixbuf_get_height(current) / 2)
            guard let half = Self.halved(current) else { break }
            scale /= 2
            levels.append(Level(adopting: half, scale: scale))
            current = half
        }
        self.levels = levels + reused
        region = nil
        isVector = ImageFormats.isDrawnAtAnyScale(image.formatName)
    }

    /// `pixbuf` at half its width and height (+1): each pixel the mean of a 2 × 2 block.
    nonisolated static func halved(_ pixbuf: OpaquePointer) -> OpaquePointer? {
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let channels = gdk_pixbuf_get_n_channels(pixbuf)
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
            let half = gdk_pixbuf_new(GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, max(1, width / 2), max(1, height / 2)),
            let source = gdk_pixbuf_read_pixels(pixbuf)
        else { return nil }
        iro_halve_pixels(
            source, gdk_pixbuf_get_rowstride(pixbuf), width, height, channels, gdk_pixbuf_get_pixels(half),
            gdk_pixbuf_get_rowstride(half))
        return half
    }

    nonisolated private init(
        width: Int, height: Int, levels: [Level], isVector: Bool, image: DecodedImage? = nil, region: DetailRegion? = nil
    ) {
        self.width = width
        self.height = height
        self.levels = levels
        self.isVector = isVector
        self.image = image
        self.region = region
    }

    /// The same levels with `region`'s pixels beside them.
    nonisolated public func with(_ region: DetailRegion) -> ImagePyramid {
        ImagePyramid(width: width, height: height, levels: levels, isVector: isVector, image: image, region: region)
    }

    /// The levels no larger than `maxSide` (at least the smallest one), sharing
    /// their pixels: what a background tab keeps.
    nonisolated public func trimmed(maxSide: Int) -> ImagePyramid {
        let small = levels.filter { max($0.width, $0.height) <= maxSide }
        return ImagePyramid(width: width, height: height, levels: small.isEmpty ? [levels[levels.count - 1]] : small, isVector: isVector)
    }

    /// The smallest level still at least as detailed as `scale` (the largest there is otherwise).
    nonisolated public func level(for scale: Double) -> Level {
        levels.last { $0.scale >= scale - 1e-9 } ?? levels[0]
    }

    /// Like `level(for:)`, but never a level of more than `maxPixels` when a smaller
    /// one exists: for frames drawn on the main thread, where converting a huge level
    /// to a texture would stall the loop.
    nonisolated public func level(for scale: Double, maxPixels: Int) -> Level {
        let wanted = level(for: scale)
        if wanted.width * wanted.height <= maxPixels { return wanted }
        return levels.first { $0.width * $0.height <= maxPixels } ?? levels[levels.count - 1]
    }
}

extension ImageDecoder {
    /// Decodes `path` at `detail` and builds its pyramid, all off the main thread: what a tab needs to show.
    /// `reusing`: the less detailed levels shown now, when this decode adds detail to them.
    @concurrent
    nonisolated public static func decodeForDisplay(
        path: RawPath, page: DocumentPage = .first, detail: DecodeDetail = .full, reusing smaller: ImagePyramid? = nil,
        progress: LoadProgress? = nil
    ) async throws(LoadError) -> ImagePyramid? {
        guard
            let image = try decodeSynchronously(
                path: path, page: page, detail: detail, progress: progress,
                isCancelled: { Task.isCancelled })
        else { return nil }
        guard !Task.isCancelled else { return nil }
        return ImagePyramid(image: image, reusing: smaller, isCancelled: { Task.isCancelled })
    }
}
