import CGLib
import CWebP
import IroCore

/// An edited picture (BEHAVIOUR D7) as the bytes of a file, tagged as sRGB (every decode
/// converts to it): PNG and WebP keep every pixel exactly, JPEG at the quality asked for.
public enum EditEncoding {
    /// `pixbuf` (8-bit RGB or RGBA `GdkPixbuf *`) encoded as `format`: a JPEG at its quality
    /// (clamped to 1…100; `SavedFormat.defaultJPEGQuality` when none is given) with an sRGB
    /// profile embedded, a PNG with an sRGB chunk, a WebP losslessly (WebP means sRGB when it
    /// says nothing, so no profile is added).
    public static func encode(_ pixbuf: OpaquePointer, as format: SavedFormat) throws(ExportError) -> [UInt8] {
        switch format {
        case .png: try HueExport.encode(pixbuf, format: .png)
        case .jpeg(let quality):
            try HueExport.encode(pixbuf, format: .jpeg, jpegQuality: min(100, max(1, quality ?? SavedFormat.defaultJPEGQuality)))
        case .webpLossless: try losslessWebP(pixbuf)
        }
    }

    /// Through libwebp's full API, not WebPEncodeLosslessRGBA: only it keeps `exact`, the
    /// colour of fully transparent pixels, which the simple call changes to compress better.
    private static func losslessWebP(_ pixbuf: OpaquePointer) throws(ExportError) -> [UInt8] {
        let layout = try HueExport.layout(of: pixbuf)
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        guard width <= WEBP_MAX_DIMENSION, height <= WEBP_MAX_DIMENSION else {
            throw .writeFailed(detail: "WebP holds at most \(WEBP_MAX_DIMENSION)×\(WEBP_MAX_DIMENSION) pixels")
        }
        guard let pixels = gdk_pixbuf_read_pixels(pixbuf) else { throw .unsupportedPixels }
        var config = WebPConfig()
        var picture = WebPPicture()
        guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
            throw .writeFailed(detail: "libwebp is not the version Iro was built with")
        }
        config.lossless = 1
        config.exact = 1
        picture.use_argb = 1
        picture.width = width
        picture.height = height
        defer { WebPPictureFree(&picture) }
        let stride = gdk_pixbuf_get_rowstride(pixbuf)
        let imported =
            layout.alphaIndex == nil
            ? WebPPictureImportRGB(&picture, pixels, stride) : WebPPictureImportRGBA(&picture, pixels, stride)
        guard imported != 0 else { throw .writeFailed(detail: "not enough memory to encode the image") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw .writeFailed(detail: "libwebp could not encode the image (error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: writer.size))
    }
}
