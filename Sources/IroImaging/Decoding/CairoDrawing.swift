import CGLib
import CPixels
import IroCore

/// A part of a vector document (an SVG, a PDF page) drawn with cairo, as the straight-RGBA
/// pixbuf Iro holds images in.
enum CairoDrawing {
    /// `width` × `height` pixels drawn by `draw` into zeroed cairo ARGB32 pixels (premultiplied,
    /// rows `stride` bytes apart), as a new pixbuf (+1). `tooLarge`: what to throw when the
    /// memory cannot be had.
    static func pixbuf(
        width: Int, height: Int, tooLarge: LoadError, draw: (_ pixels: UnsafeMutablePointer<UInt8>, _ stride: Int) throws(LoadError) -> Void
    ) throws(LoadError) -> OpaquePointer {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0, let pixels = g_try_malloc0(gsize(stride * height))?.assumingMemoryBound(to: UInt8.self) else { throw tooLarge }
        defer { g_free(pixels) }
        try draw(pixels, stride)
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height)) else { throw tooLarge }
        iro_unpremultiply_argb32(
            pixels, Int32(stride), Int32(width), Int32(height), gdk_pixbuf_get_pixels(pixbuf), gdk_pixbuf_get_rowstride(pixbuf))
        return pixbuf
    }
}
