import CGLib
import Dispatch
import IroCore

/// One rendering of part of the view: exactly the screen pixels of a content
/// rectangle at one scale, rotation and hue, so the canvas draws it 1:1 — no
/// scaling and no colour-matrix node in GSK, which on the software renderers
/// cost far more than doing it here once (docs/PERFORMANCE.md).
public final class ViewRendering: @unchecked Sendable {
    public struct Request: Equatable, Sendable {
        /// Screen pixels per view pixel.
        public var scale: Double
        /// The content pixels covered, in the rotated view's content space.
        public var content: PixelRect
        public var quarterTurns: Int
        public init(scale: Double, content: PixelRect, quarterTurns: Int) {
            self.scale = scale
            self.content = content
            self.quarterTurns = quarterTurns
        }

        /// The same content pixels in the unrotated content of an image of `imageWidth` ×
        /// `imageHeight` at `scale`.
        public func unrotatedContent(imageWidth: Int, imageHeight: Int) -> PixelRect {
            let contentWidth = Int((Double(imageWidth) * scale).rounded(.up))
            let contentHeight = Int((Double(imageHeight) * scale).rounded(.up))
            return ViewGeometry.unrotate(
                content, quarterTurns: ViewGeometry.normalized(quarterTurns), imageWidth: contentWidth, imageHeight: contentHeight)
        }

        /// The image pixels (upright, full size) the content shows, rounded outwards.
        public func imageRect(imageWidth: Int, imageHeight: Int) -> PixelRect {
            let source = unrotatedContent(imageWidth: imageWidth, imageHeight: imageHeight)
            let x = Int((Double(source.x) / scale).rounded(.down)), y = Int((Double(source.y) / scale).rounded(.down))
            let maxX = Int((Double(source.maxX) / scale).rounded(.up)), maxY = Int((Double(source.maxY) / scale).rounded(.up))
            return PixelRect(x: x, y: y, width: maxX - x, height: maxY - y)
        }
    }

    public let request: Request
    public let hue: Double
    /// The un-hued pixels (kept so a hue change needs no rescaling).
    let base: PixelBuffer
    /// What is drawn: the base with the hue applied (shares `hued`'s pixels).
    let hued: PixelBuffer
    /// `GdkTexture *` over `hued`, for GPU renderers.
    public let texture: OpaquePointer
    /// `cairo_surface_t *` over the same pixels, for the cairo renderer: GTK 4.8 draws a
    /// texture node by first copying the whole texture into a new cairo surface, every
    /// frame; a cairo node painting this surface blits only what is visible.
    public let surface: OpaquePointer

    /// Bytes of pixels held (the base, and the hued copy when the hue is not neutral).
    public var byteCount: Int { base.stride * base.height + (hued === base ? 0 : hued.stride * hued.height) }

    init(request: Request, hue: Double, base: PixelBuffer, hued: PixelBuffer) {
        self.request = request
        self.hue = hue
        self.base = base
        self.hued = hued
        texture = hued.makeTexture()
        surface = hued.makeSurface()
    }

    deinit {
        // Before the pixels go (with `hued`, after this): a render node still holding the
        // surface gets its own copy when the surface is finished.
        cairo_surface_destroy(surface)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    /// Renders `request` from the pyramid. Past 100 % pixels are magnified without
    /// smoothing (nearest neighbour), so they stay crisp; below, the nearest larger
    /// level is reduced by area averaging, by less than 2×.
    nonisolated public static func render(_ request: Request, hue: Double, from pyramid: ImagePyramid) -> ViewRendering? {
        let content = request.content
        guard !content.isEmpty, request.scale > 0, request.scale.isFinite,
            content.width <= 16_384, content.height <= 16_384
        else { return nil }
        let turns = ViewGeometry.normalized(request.quarterTurns)
        let source = request.unrotatedContent(imageWidth: pyramid.width, imageHeight: pyramid.height)
        let level = pyramid.level(for: request.scale)
        let magnifying = request.scale > 1 + 1e-9
        let scaled: PixelBuffer?
        if let region = pyramid.region, level.scale < min(region.maxScale, request.scale) - 1e-9, region.scale > level.scale,
            region.covers(source, at: request.scale)
        {
            // The levels are short of detail, but the part looked at has it.
            let factor = request.scale / region.scale
            let origin = (x: Double(region.rect.x) * factor, y: Double(region.rect.y) * factor)
            scaled = scaledRegion(source, of: region.pixbuf, at: origin, factor: factor, magnifying: magnifying)
        } else {
            scaled = scaledRegion(source, of: level.pixbuf, at: (0, 0), factor: request.scale / level.scale, magnifying: magnifying)
        }
        guard let scaled, let pixels = turns == 0 ? scaled : scaled.turned(turns) else { return nil }
        return withHue(hue, request: request, base: pixels)
    }

    /// The content pixels `region` of `pixbuf` scaled by `factor` and placed with its corner
    /// at `origin` (content pixels), in the layout GTK draws. At a level's own scale (100 %
    /// on the full image) the conversion is the only pass over the pixels; a reduction
    /// writes that layout as it averages (`iro_reduce_to_argb32`: 8.7 ms for a 4 MP photo
    /// fitted to a 1080p view, where gdk_pixbuf_scale and the conversion took 19.6). Enlarged, a
    /// view past 100 % (`magnifying`) shows crisp pixels (nearest neighbour); a level with
    /// less detail than a view up to 100 % needs (until more arrives) is smoothed (bilinear).
    nonisolated static func scaledRegion(
        _ region: PixelRect, of pixbuf: OpaquePointer, at origin: (x: Double, y: Double), factor: Double, magnifying: Bool
    ) -> PixelBuffer? {
        let x = Double(region.x) - origin.x, y = Double(region.y) - origin.y
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        if abs(factor - 1) < 1e-9, x == x.rounded(), y == y.rounded(), x >= 0, y >= 0,
            Int(x) + region.width <= width, Int(y) + region.height <= height
        {
            guard let view = gdk_pixbuf_new_subpixbuf(pixbuf, Int32(x), Int32(y), Int32(region.width), Int32(region.height)) else {
                return nil
            }
            defer { g_object_unref(UnsafeMutableRawPointer(view)) }
            return PixelBuffer.from(pixbuf: view)
        }
        if factor < 1 {
            return PixelBuffer.reduced(pixbuf, by: factor, offset: (x, y), width: region.width, height: region.height)
        }
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf)
        guard let scaled = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha, 8, Int32(region.width), Int32(region.height)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        // One band of rows per core: each writes only its own rows of `scaled`.
        nonisolated(unsafe) let source = pixbuf, target = scaled
        let regionWidth = Int32(region.width)
        parallelRows(region.height) { rows in
            gdk_pixbuf_scale(
                source, target, 0, Int32(rows.lowerBound), regionWidth, Int32(rows.count), -x, -y, factor, factor,
                magnifying ? GDK_INTERP_NEAREST : GDK_INTERP_BILINEAR)
        }
        return PixelBuffer.from(pixbuf: scaled)
    }

    /// `pixbuf` whole, one rendering at `scale` turned by `quarterTurns` clockwise (a page of
    /// a document's stacked pages, drawn in the helper at the size shown), with `hue`.
    nonisolated public static func whole(_ pixbuf: OpaquePointer, scale: Double, quarterTurns: Int = 0, hue: Double) -> ViewRendering? {
        let turns = ViewGeometry.normalized(quarterTurns)
        guard scale > 0, scale.isFinite, let upright = PixelBuffer.from(pixbuf: pixbuf),
            let pixels = turns == 0 ? upright : upright.turned(turns)
        else { return nil }
        let request = Request(scale: scale, content: PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height), quarterTurns: turns)
        return withHue(hue, request: request, base: pixels)
    }

    /// The same pixels with another hue: only the colour lookup runs again.
    nonisolated public func withHue(_ hue: Double) -> ViewRendering? {
        Self.withHue(hue, request: request, base: base)
    }

    nonisolated static func withHue(_ hue: Double, request: Request, base: PixelBuffer) -> ViewRendering? {
        let matrix = HueMatrix(sliderValue: hue)
        if matrix.isIdentity { return ViewRendering(request: request, hue: hue, base: base, hued: base) }
        guard let hued = base.recoloured(with: matrix.tables) else { return nil }
        return ViewRendering(request: request, hue: hue, base: base, hued: hued)
    }
}

enum Cores {
    /// How many ways to split pixel work.
    nonisolated static let active = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
