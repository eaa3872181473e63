import CGLib
import CGLibShims
import CPixels
import Dispatch
import IroCore
import Synchronization

/// Pixels in the layout GTK draws without converting: B8G8R8A8 premultiplied
/// (cairo's ARGB32 on little-endian machines). A texture made from it is drawn by
/// the cairo renderer with a plain copy and uploaded by GL as is; from RGB pixbuf
/// data every frame would first pay for a format conversion.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public var stride: Int { width * 4 }
    /// g_malloc'd; handed to GBytes (and so to textures) without copying.
    let bytes: OpaquePointer // GBytes *
    var data: UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(mutating: g_bytes_get_data(bytes, nil)!).assumingMemoryBound(to: UInt8.self)
    }

    init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767, let memory = g_try_malloc(gsize(width * height * 4)) else {
            return nil
        }
        self.width = width
        self.height = height
        bytes = g_bytes_new_take(memory, gsize(width * height * 4))
    }

    deinit { g_bytes_unref(bytes) }

    /// A texture sharing these pixels (the buffer must not change afterwards).
    public func makeTexture() -> OpaquePointer {
        guard let texture = iro_texture_new_bgra_premultiplied(Int32(width), Int32(height), bytes, gsize(stride)) else {
            preconditionFailure("textures are made where GTK is loaded")
        }
        return texture
    }

    /// A cairo image surface sharing these pixels (the buffer must not change afterwards,
    /// and must outlive the surface).
    public func makeSurface() -> OpaquePointer {
        cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
    }

    /// Converts a GdkPixbuf (RGB, or RGBA with straight alpha) to this layout.
    static func from(pixbuf: OpaquePointer) -> PixelBuffer? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        guard let buffer = PixelBuffer(width: width, height: height), let source = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard channels == 3 || channels == 4 else { return nil }
        nonisolated(unsafe) let input = source, output = buffer.data
        parallelRows(height) { rows in
            for y in rows {
                var s = input + y * sourceStride
                var d = output + y * width * 4
                if channels == 3 {
                    for _ in 0..<width {
                        d[0] = s[2]
                        d[1] = s[1]
                        d[2] = s[0]
                        d[3] = 255
                        s += 3
                        d += 4
                    }
                } else {
                    for _ in 0..<width {
                        let a = UInt32(s[3])
                        d[0] = UInt8((UInt32(s[2]) * a + 127) / 255)
                        d[1] = UInt8((UInt32(s[1]) * a + 127) / 255)
                        d[2] = UInt8((UInt32(s[0]) * a + 127) / 255)
                        d[3] = s[3]
                        s += 4
                        d += 4
                    }
                }
            }
        }
        return buffer
    }

    /// The pixels of `pixbuf` (RGB, or RGBA with straight alpha) reduced by `factor` (below
    /// 1) into a buffer `width` × `height` whose pixel (x, y) averages the source area from
    /// ((x + offset.x) / factor, (y + offset.y) / factor), one band of rows per core.
    static func reduced(_ pixbuf: OpaquePointer, by factor: Double, offset: (x: Double, y: Double), width: Int, height: Int)
        -> PixelBuffer?
    {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard factor > 0, factor < 1, channels == 3 || channels == 4, let buffer = PixelBuffer(width: width, height: height),
            let source = gdk_pixbuf_read_pixels(pixbuf)
        else { return nil }
        let sourceWidth = Int32(gdk_pixbuf_get_width(pixbuf)), sourceHeight = Int32(gdk_pixbuf_get_height(pixbuf))
        let sourceStride = gdk_pixbuf_get_rowstride(pixbuf), stride = buffer.stride
        nonisolated(unsafe) let input = source, output = buffer.data
        let failed = Atomic<Bool>(false)
        parallelRows(height) { rows in
            let made = iro_reduce_to_argb32(
                input, sourceStride, sourceWidth, sourceHeight, Int32(channels), offset.x, offset.y, factor,
                output + rows.lowerBound * stride, Int32(stride), Int32(width), Int32(rows.lowerBound), Int32(rows.count))
            if made == 0 { failed.store(true, ordering: .relaxed) }
        }
        return failed.load(ordering: .relaxed) ? nil : buffer
    }

    /// The same pixels turned by `quarterTurns` clockwise (1, 2 or 3).
    func turned(_ quarterTurns: Int) -> PixelBuffer? {
        let sideways = quarterTurns % 2 != 0
        guard let result = PixelBuffer(width: sideways ? height : width, height: sideways ? width : height) else { return nil }
        nonisolated(unsafe) let input = UnsafePointer(data), output = result.data
        let width = Int32(self.width), height = Int32(self.height)
        parallelRows(result.height) { rows in
            iro_turn_argb32(input, width, height, Int32(quarterTurns), output, Int32(rows.lowerBound), Int32(rows.count))
        }
        return result
    }

    /// A copy with the hue tables applied (linear, so premultiplied data is fine).
    func recoloured(with tables: HueTables) -> PixelBuffer? {
        guard let result = PixelBuffer(width: width, height: height) else { return nil }
        nonisolated(unsafe) let input = UnsafePointer(data), output = result.data
        let width = self.width, height = self.height, stride = self.stride
        parallelRows(height) { rows in
            tables.apply(layout: .bgraPremultiplied, from: input, to: output, stride: stride, width: width, height: height, rows: rows)
        }
        return result
    }
}

/// Splits `0..<height` into one band per core and runs `body` on each concurrently.
func parallelRows(_ height: Int, _ body: @Sendable (Range<Int>) -> Void) {
    let bands = min(height, max(1, Cores.active))
    DispatchQueue.concurrentPerform(iterations: bands) { band in
        body((height * band / bands)..<(height * (band + 1) / bands))
    }
}
