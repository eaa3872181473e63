import CGtk
import TestSupport

@testable import IroImaging

/// The colour of `image`'s decoded pixel at (x, y) (alpha 255 when it has none).
func decodedPixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> RGBA {
    let pixbuf = image.pixbuf
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let p = gdk_pixbuf_read_pixels(pixbuf)! + y * stride + x * channels
    return RGBA(p[0], p[1], p[2], channels == 4 ? p[3] : 255)
}
