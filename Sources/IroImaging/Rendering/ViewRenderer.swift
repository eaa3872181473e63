import CGtk
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
    /// level is reduced bilinearly by less than 2×.
    nonisolated public static func render(_ request: Request, hue: Double, from pyramid: ImagePyramid) -> ViewRendering? {
        let content = request.content
        guard !content.isEmpty, request.scale > 0, request.scale.isFinite,
            content.width <= 16_384, content.height <= 16_384
        else { return nil }
        let turns = ViewGeometry.normalized(request.quarterTurns)
        // The same rectangle in the unrotated image's content space.
        let contentWidth = Int((Double(pyramid.width) * request.scale).rounded(.up))
        let contentHeight = Int((Double(pyramid.height) * request.scale).rounded(.up))
        let source = ViewGeometry.unrotate(content, quarterTurns: turns, imageWidth: contentWidth, imageHeight: contentHeight)
        let level = pyramid.level(for: request.scale)
        guard
            let scaled = scaledRegion(
                source, of: level, factor: request.scale / level.scale,
                magnifying: request.scale > 1 + 1e-9)
        else { return nil }
        let base: OpaquePointer
        switch turns {
        case 1: base = gdk_pixbuf_rotate_simple(scaled, GDK_PIXBUF_ROTATE_CLOCKWISE) ?? scaled
        case 2: base = gdk_pixbuf_rotate_simple(scaled, GDK_PIXBUF_ROTATE_UPSIDEDOWN) ?? scaled
        case 3: base = gdk_pixbuf_rotate_simple(scaled, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE) ?? scaled
        default: base = scaled
        }
        if base != scaled { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        defer { g_object_unref(UnsafeMutableRawPointer(base)) }
        guard let pixels = PixelBuffer.from(pixbuf: base) else { return nil }
        return withHue(hue, request: request, base: pixels)
    }

    /// The pixels of `region` (in level pixels × `factor`) as a new pixbuf (+1). At a
    /// level's own scale (100 % on the full image) that is a view into the level, not a
    /// copy: the conversion to BGRA that follows is the only pass over the pixels.
    nonisolated static func scaledRegion(_ region: PixelRect, of level: ImagePyramid.Level, factor: Double, magnifying: Bool)
        -> OpaquePointer?
    {
        if abs(factor - 1) < 1e-9, region.x >= 0, region.y >= 0,
            region.x + region.width <= level.width, region.y + region.height <= level.height
        {
            return gdk_pixbuf_new_subpixbuf(level.pixbuf, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height))
        }
        let hasAlpha = gdk_pixbuf_get_has_alpha(level.pixbuf)
        guard let scaled = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha, 8, Int32(region.width), Int32(region.height)) else { return nil }
        // One band of rows per core: each writes only its own rows of `scaled`.
        nonisolated(unsafe) let source = level.pixbuf, target = scaled
        let width = Int32(region.width)
        parallelRows(region.height) { rows in
            gdk_pixbuf_scale(
                source, target, 0, Int32(rows.lowerBound), width, Int32(rows.count),
                -Double(region.x), -Double(region.y), factor, factor,
                magnifying ? GDK_INTERP_NEAREST : GDK_INTERP_BILINEAR)
        }
        return scaled
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
