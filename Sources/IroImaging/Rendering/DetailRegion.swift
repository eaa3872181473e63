import CGLib
import GObjectSupport
import IroCore

/// One part of an image with more detail than the levels held: what a view zoomed into a
/// large JPEG shows while, or instead of, the whole image being decoded with that detail,
/// and an SVG's part drawn at a zoom past 100 %.
public final class DetailRegion: @unchecked Sendable {
    /// Region pixels per image pixel: 1, ½, ¼ or ⅛ for a JPEG, any for an SVG.
    public let scale: Double
    /// The most detail an image of this kind can have: 1 (every pixel) for a photo, none
    /// for a vector image, which draws sharp at any scale.
    public let maxScale: Double
    /// Where the pixels sit in the upright image decoded at `scale`, in its pixels.
    public let rect: PixelRect
    /// `GdkPixbuf *` (+1) of `rect.width` × `rect.height`, upright.
    public let pixbuf: OpaquePointer

    init(adopting pixbuf: OpaquePointer, rect: PixelRect, scale: Double, maxScale: Double = 1) {
        self.pixbuf = pixbuf
        self.rect = rect
        self.scale = scale
        self.maxScale = maxScale
    }

    /// Whether it holds every pixel a view at `scale` needs (image pixels × `scale`) of
    /// `source` (content pixels at that scale).
    public func covers(_ source: PixelRect, at viewScale: Double) -> Bool {
        guard scale >= min(maxScale, viewScale) - 1e-9 else { return false }
        let factor = viewScale / scale
        return Double(source.x) >= Double(rect.x) * factor - 1e-6 && Double(source.y) >= Double(rect.y) * factor - 1e-6
            && Double(source.maxX) <= Double(rect.maxX) * factor + 1e-6 && Double(source.maxY) <= Double(rect.maxY) * factor + 1e-6
    }

    /// Whether it holds `wanted` (upright image pixels) with at least `detail`.
    public func holds(_ wanted: PixelRect, detail: Double) -> Bool {
        scale >= min(maxScale, detail) - 1e-9 && rect.contains(Self.scaled(wanted, by: scale))
    }

    /// `rect` (image pixels) at `scale`, rounded outwards.
    static func scaled(_ rect: PixelRect, by scale: Double) -> PixelRect {
        let x = Int((Double(rect.x) * scale).rounded(.down)), y = Int((Double(rect.y) * scale).rounded(.down))
        let maxX = Int((Double(rect.maxX) * scale).rounded(.up)), maxY = Int((Double(rect.maxY) * scale).rounded(.up))
        return PixelRect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    deinit { g_object_unref(raw(pixbuf)) }

    public var byteCount: Int { Int(gdk_pixbuf_get_byte_length(pixbuf)) }
}
