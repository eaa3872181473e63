import CGtk
import Dispatch
import IroCore

/// One rendering of part of the view: exactly the screen pixels of a content
/// rectangle at one scale, rotation and hue, so the canvas draws it 1:1 — no
/// scaling and no colour-matrix node in GSK, which on the software renderers
/// cost far more than doing it here once (RENDERING-FACTS).
public final class ViewRendering: @unchecked Sendable {
    public struct Request: Equatable, Sendable {
        /// Screen pixels per view pixel.
        public var scale: Double
        /// The content pixels covered, in the rotated view's content space.
        public var content: PixelRect
        public var quarterTurns: Int
        public init(scale: Double, content: PixelRect, quarterTurns: Int) {
            self.scale = scale; self.content = content; self.quarterTurns = quarterTurns
        }
    }

    public let request: Request
    public let hue: Double
    /// `GdkPixbuf *` of the un-hued pixels (kept so a hue change needs no rescaling).
    let basePixbuf: OpaquePointer
    /// `GdkTexture *` to draw: the base with the hue applied.
    public let texture: OpaquePointer
    let huedPixbuf: OpaquePointer

    init(request: Request, hue: Double, base: OpaquePointer, hued: OpaquePointer) {
        self.request = request
        self.hue = hue
        basePixbuf = base
        huedPixbuf = hued
        texture = gdk_texture_new_for_pixbuf(hued)
        g_object_ref(UnsafeMutableRawPointer(base))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(texture))
        g_object_unref(UnsafeMutableRawPointer(huedPixbuf))
        g_object_unref(UnsafeMutableRawPointer(basePixbuf))
    }

    /// Renders `request` from the pyramid. Past 100 % pixels are magnified without
    /// smoothing (nearest neighbour), so they stay crisp; below, the nearest larger
    /// level is reduced bilinearly by less than 2×.
    nonisolated public static func render(_ request: Request, hue: Double, from pyramid: ImagePyramid) -> ViewRendering? {
        let content = request.content
        guard !content.isEmpty, request.scale > 0, request.scale.isFinite,
              content.width <= 16_384, content.height <= 16_384 else { return nil }
        let turns = ViewGeometry.normalized(request.quarterTurns)
        let image = pyramid.image
        // The same rectangle in the unrotated image's content space.
        let contentWidth = Int((Double(image.width) * request.scale).rounded(.up))
        let contentHeight = Int((Double(image.height) * request.scale).rounded(.up))
        let source = ViewGeometry.unrotate(content, quarterTurns: turns, imageWidth: contentWidth, imageHeight: contentHeight)
        let level = pyramid.level(for: request.scale)
        let hasAlpha = gdk_pixbuf_get_has_alpha(level.pixbuf)
        guard let scaled = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha, 8, Int32(source.width), Int32(source.height)) else { return nil }
        let factor = request.scale / level.scale
        gdk_pixbuf_scale(level.pixbuf, scaled, 0, 0, Int32(source.width), Int32(source.height),
                         -Double(source.x), -Double(source.y), factor, factor,
                         request.scale > 1 + 1e-9 ? GDK_INTERP_NEAREST : GDK_INTERP_BILINEAR)
        let base: OpaquePointer
        switch turns {
        case 1: base = gdk_pixbuf_rotate_simple(scaled, GDK_PIXBUF_ROTATE_CLOCKWISE) ?? scaled
        case 2: base = gdk_pixbuf_rotate_simple(scaled, GDK_PIXBUF_ROTATE_UPSIDEDOWN) ?? scaled
        case 3: base = gdk_pixbuf_rotate_simple(scaled, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE) ?? scaled
        default: base = scaled
        }
        if base != scaled { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        defer { g_object_unref(UnsafeMutableRawPointer(base)) }
        return withHue(hue, request: request, base: base)
    }

    /// The same pixels with another hue: only the colour lookup runs again.
    nonisolated public func withHue(_ hue: Double) -> ViewRendering? {
        Self.withHue(hue, request: request, base: basePixbuf)
    }

    nonisolated static func withHue(_ hue: Double, request: Request, base: OpaquePointer) -> ViewRendering? {
        let matrix = HueMatrix(sliderValue: hue)
        if matrix.isIdentity {
            g_object_ref(UnsafeMutableRawPointer(base))
            return ViewRendering(request: request, hue: hue, base: base, hued: base)
        }
        guard let hued = gdk_pixbuf_copy(base) else { return nil }
        applyHue(matrix.tables, to: hued)
        return ViewRendering(request: request, hue: hue, base: base, hued: hued)
    }

    /// Applies the hue tables to a pixbuf in place, rows split across the cores.
    nonisolated public static func applyHue(_ tables: HueTables, to pixbuf: OpaquePointer) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let layout: PixelLayout = gdk_pixbuf_get_n_channels(pixbuf) == 4 ? .rgba : .rgb
        guard let pixels = gdk_pixbuf_get_pixels(pixbuf), width > 0, height > 0 else { return }
        nonisolated(unsafe) let buffer = pixels
        let bands = min(height, max(1, Cores.active))
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let rows = (height * band / bands)..<(height * (band + 1) / bands)
            tables.apply(layout: layout, from: UnsafePointer(buffer), to: buffer, stride: stride,
                         width: width, height: height, rows: rows)
        }
    }
}

enum Cores {
    /// How many ways to split pixel work.
    nonisolated static let active = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
