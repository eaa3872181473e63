import CGLib
import Dispatch
import Glibc
import IroCore

/// An edit (BEHAVIOUR D7) applied to decoded pixels, for saving: turned, flipped and cut in
/// one pass, each pixel of the result read from where the transform takes it from (no turned
/// copy of the whole picture is made only to be cut), then recoloured by the hue.
public enum EditedPixels {
    /// `pixbuf` (an 8-bit RGB or RGBA `GdkPixbuf *`, as every decode makes) with `edit`
    /// applied, as a new pixbuf (+1) of `edit.outputSize`; `pixbuf` is left as it was. A crop
    /// that is empty or reaches outside the transformed picture is refused, not cut down:
    /// the result would not be the size the edit promised.
    public static func apply(_ edit: ImageEdit, to pixbuf: OpaquePointer) throws(ExportError) -> OpaquePointer {
        let layout = try HueExport.layout(of: pixbuf)
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let turned = edit.transform.apply(to: (width, height))
        let crop = edit.cropRect(width: width, height: height)
        guard !crop.isEmpty, PixelRect(x: 0, y: 0, width: turned.width, height: turned.height).contains(crop) else {
            throw .writeFailed(detail: "the crop \(crop) is not inside the \(turned.width)×\(turned.height) picture")
        }
        guard let source = gdk_pixbuf_read_pixels(pixbuf),
            let result = gdk_pixbuf_new(
                GDK_COLORSPACE_RGB, layout.alphaIndex == nil ? 0 : 1, 8, Int32(crop.width), Int32(crop.height)),
            let target = gdk_pixbuf_get_pixels(result)
        else { throw .writeFailed(detail: "not enough memory for the edited image") }
        let walk = SourceWalk(
            edit.transform.inverse, crop: crop, turned: turned, stride: Int(gdk_pixbuf_get_rowstride(pixbuf)),
            bytesPerPixel: layout.bytesPerPixel)
        copy(
            walk, from: source, to: target, stride: Int(gdk_pixbuf_get_rowstride(result)), width: crop.width,
            height: crop.height, bytesPerPixel: layout.bytesPerPixel)
        do {
            try HueExport.adjust(result, hue: edit.hue)
        } catch {
            g_object_unref(UnsafeMutableRawPointer(result))
            throw error
        }
        return result
    }

    /// Where in the source's bytes each pixel of the result comes from: the transform is
    /// affine in pixel coordinates, so one offset and two steps describe it.
    struct SourceWalk {
        /// The bytes of the result's pixel (0, 0).
        let origin: Int
        /// From one pixel of the result to the next on its row, and to the next row.
        let across: Int, down: Int

        /// `inverse` takes a pixel of the `turned` picture back to the source; `crop` is the
        /// part of the turned picture the result is.
        init(_ inverse: ImageTransform, crop: PixelRect, turned: (width: Int, height: Int), stride: Int, bytesPerPixel: Int) {
            func offset(_ x: Int, _ y: Int) -> Int {
                let source = inverse.apply(x: crop.x + x, y: crop.y + y, width: turned.width, height: turned.height)
                return source.y * stride + source.x * bytesPerPixel
            }
            origin = offset(0, 0)
            across = offset(1, 0) - origin
            down = offset(0, 1) - origin
        }
    }

    /// Fills the result row by row, in bands across the cores.
    private static func copy(
        _ walk: SourceWalk, from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>,
        stride: Int, width: Int, height: Int, bytesPerPixel: Int
    ) {
        nonisolated(unsafe) let source = source
        nonisolated(unsafe) let target = target
        let bands = min(height, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) * 4)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for y in height * band / bands..<height * (band + 1) / bands {
                let from = source + walk.origin + y * walk.down, to = target + y * stride
                // A row that runs along a source row in order (no turn, no mirror) is one copy.
                if walk.across == bytesPerPixel {
                    to.update(from: from, count: width * bytesPerPixel)
                    continue
                }
                // Whole pixels at a time: a call per pixel would cost more than the copy.
                if bytesPerPixel == 4 {
                    for x in 0..<width {
                        let pixel = UnsafeRawPointer(from + x * walk.across).loadUnaligned(as: UInt32.self)
                        UnsafeMutableRawPointer(to + 4 * x).storeBytes(of: pixel, as: UInt32.self)
                    }
                } else {
                    for x in 0..<width {
                        let pixel = from + x * walk.across, into = to + 3 * x
                        (into[0], into[1], into[2]) = (pixel[0], pixel[1], pixel[2])
                    }
                }
            }
        }
    }
}
