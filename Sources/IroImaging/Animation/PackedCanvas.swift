import CGLib
import GObjectSupport

/// An animation decoder's composed frame as libwebp and libjxl keep it: RGBA rows (straight
/// alpha) of `width` × 4 bytes, without padding.
struct PackedCanvas {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int

    /// A copy in a pixbuf of its own (+1), or nil without memory for it.
    func copy() -> OpaquePointer? {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height)), let target = gdk_pixbuf_get_pixels(pixbuf)
        else { return nil }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for row in 0..<height { (target + row * stride).update(from: pixels + row * width * 4, count: width * 4) }
        return pixbuf
    }

    /// The canvas itself, seen as a pixbuf for the length of `body`.
    func lend(_ body: (OpaquePointer) -> Void) -> Bool {
        guard
            let pixbuf = gdk_pixbuf_new_from_data(pixels, GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height), Int32(width * 4), nil, nil)
        else { return false }
        body(pixbuf)
        g_object_unref(raw(pixbuf))
        return true
    }
}
