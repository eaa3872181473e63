import CGtk
import IroCore

/// The image at 1, ½, ¼ … of its size, down to about 256 px, so a view at any
/// zoom draws from a level at most twice its size instead of scaling the whole
/// image every frame (RENDERING-FACTS: scaling a large texture dominates).
public final class ImagePyramid: @unchecked Sendable {
    public struct Level: @unchecked Sendable {
        /// `GdkPixbuf *`, owned by the pyramid.
        public let pixbuf: OpaquePointer
        /// `GdkTexture *` over the same pixels, owned by the pyramid.
        public let texture: OpaquePointer
        /// Level pixels per image pixel: 1, 0.5, 0.25 …
        public let scale: Double
        public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
        public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }
    }

    public let image: DecodedImage
    public let levels: [Level]

    static let smallestSide = 256

    /// Builds the levels by halving (bilinear averaging of 2×2 pixels). Run off the main thread.
    nonisolated public init(image: DecodedImage, isCancelled: () -> Bool = { false }) {
        self.image = image
        var levels = [Level(pixbuf: image.pixbuf, texture: image.texture, scale: 1)]
        g_object_ref(UnsafeMutableRawPointer(image.pixbuf))
        g_object_ref(UnsafeMutableRawPointer(image.texture))
        var current = image.pixbuf
        var scale = 1.0
        while max(gdk_pixbuf_get_width(current), gdk_pixbuf_get_height(current)) > Int32(Self.smallestSide), !isCancelled() {
            let w = max(1, gdk_pixbuf_get_width(current) / 2), h = max(1, gdk_pixbuf_get_height(current) / 2)
            guard let half = gdk_pixbuf_scale_simple(current, w, h, GDK_INTERP_BILINEAR) else { break }
            scale /= 2
            levels.append(Level(pixbuf: half, texture: gdk_texture_new_for_pixbuf(half), scale: scale))
            current = half
        }
        self.levels = levels
    }

    deinit {
        for level in levels {
            g_object_unref(UnsafeMutableRawPointer(level.texture))
            g_object_unref(UnsafeMutableRawPointer(level.pixbuf))
        }
    }

    /// The smallest level still at least as detailed as `scale` (the full image past 100 %).
    nonisolated public func level(for scale: Double) -> Level {
        levels.last { $0.scale >= scale - 1e-9 } ?? levels[0]
    }
}

extension ImageDecoder {
    /// Decodes `path` and builds its pyramid, all off the main thread: what a tab needs to show.
    @concurrent
    nonisolated public static func decodeForDisplay(path: String, progress: LoadProgress? = nil) async throws(LoadError) -> ImagePyramid? {
        guard let image = try decodeSynchronously(path: path, progress: progress, isCancelled: { Task.isCancelled }) else { return nil }
        guard !Task.isCancelled else { return nil }
        return ImagePyramid(image: image, isCancelled: { Task.isCancelled })
    }
}
