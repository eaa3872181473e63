import CGLib
import IroCore

/// Pixels a library decoded whole, halved to the detail a view needs before they leave the
/// decoder, for the formats that cannot decode reduced themselves (HEIF, AVIF, JPEG XL,
/// developed camera RAW): each step the pyramid's own (`ImagePyramid.halved`).
enum ReducedPixels {
    /// How many times a `width` × `height` picture can be halved and still give `detail`:
    /// 1, 2, 4 or 8, as libjpeg's reductions (whose sides round up; halving drops an odd last row).
    static func reduction(width: Int, height: Int, detail: DecodeDetail) -> Int {
        let scale = detail.drawingScale(imageWidth: width, imageHeight: height)
        let neededWidth = (Double(width) * scale - 1e-6).rounded(.up), neededHeight = (Double(height) * scale - 1e-6).rounded(.up)
        return DecodeDetail.reductions.first { Double(width / $0) >= neededWidth && Double(height / $0) >= neededHeight } ?? 1
    }

    /// A pixbuf (+1) in `PixelMemory` of the 8-bit RGB(A) pixels at `pixels` halved until
    /// `reduction` (1, 2, 4 or 8). The pixels stay the caller's.
    static func pixbuf(
        _ pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, channels: Int, reducedBy reduction: Int
    ) -> OpaquePointer? {
        guard
            let whole = gdk_pixbuf_new_from_data(
                pixels, GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, Int32(width), Int32(height), Int32(stride), nil, nil)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(whole)) }
        return pixbuf(whole, reducedBy: reduction)
    }

    /// A pixbuf (+1) in `PixelMemory` of `whole` halved until `reduction` (1, 2, 4 or 8).
    static func pixbuf(_ whole: OpaquePointer, reducedBy reduction: Int) -> OpaquePointer? {
        var current = whole
        g_object_ref(UnsafeMutableRawPointer(current))
        defer { g_object_unref(UnsafeMutableRawPointer(current)) }
        for _ in 0..<reduction.trailingZeroBitCount {
            guard let half = ImagePyramid.halved(current) else { return nil }
            g_object_unref(UnsafeMutableRawPointer(current))
            current = half
        }
        let width = gdk_pixbuf_get_width(current), height = gdk_pixbuf_get_height(current)
        guard let pixbuf = PixelMemory.pixbuf(hasAlpha: gdk_pixbuf_get_has_alpha(current) != 0, width: width, height: height) else {
            return nil
        }
        gdk_pixbuf_copy_area(current, 0, 0, width, height, pixbuf, 0, 0)
        return pixbuf
    }
}
