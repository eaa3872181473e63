import CGtk
import Foundation
import GtkSupport

/// RGBA colour with 8-bit channels, for pixel assertions.
public struct RGBA: Equatable, CustomStringConvertible, Sendable {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }

    /// Whether every channel is within `tolerance` of `other`.
    public func isClose(to other: RGBA, tolerance: Int = 8) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }
}

/// A rendered frame of a widget, read back from GSK (what the user would see).
public struct RenderedPixels {
    public let width: Int
    public let height: Int
    /// BGRA, premultiplied, as `gdk_texture_download` writes it.
    public let bytes: [UInt8]

    public func pixel(_ x: Int, _ y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(bytes[i + 2], bytes[i + 1], bytes[i], bytes[i + 3])
    }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        (self.width, self.height, self.bytes) = (width, height, bytes)
    }

    /// The pixels of an 8-bit RGB(A) `GdkPixbuf *` (opaque ones taken as they are).
    public init(pixbuf: OpaquePointer) {
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = source + y * stride + x * channels, i = (y * width + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2]) = (p[2], p[1], p[0])
                if channels == 4 { bytes[i + 3] = p[3] }
            }
        }
        self.bytes = bytes
    }

    /// A PNG file's pixels; nil when it cannot be read.
    public init?(pngAt path: String) {
        guard let pixbuf = gdk_pixbuf_new_from_file(path, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        self.init(pixbuf: pixbuf)
    }
}

@MainActor
public enum WidgetRenderer {
    /// Renders `widget` with its window's renderer exactly as it is now, in device pixels
    /// (the widget's size times its scale factor), as the screen shows it.
    public static func render(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedPixels? {
        // Let pending layout and drawing happen first: a widget waiting for its
        // allocation snapshots as nothing.
        gtk_test_widget_wait_for_draw(widget)
        let scale = Int(max(1, gtk_widget_get_scale_factor(widget)))
        let width = Int(gtk_widget_get_width(widget)) * scale, height = Int(gtk_widget_get_height(widget)) * scale
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
            let renderer = gtk_native_get_renderer(native)
        else { return nil }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(raw(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gtk_snapshot_scale(snapshot, Float(scale), Float(scale))
        gdk_paintable_snapshot(paintable, snapshot, Double(width / scale), Double(height / scale))
        guard let node = gtk_snapshot_free_to_node(snapshot) else {
            print("WidgetRenderer: nothing drawn")
            return nil
        }
        defer { gsk_render_node_unref(node) }
        // The viewport is the widget's whole area, not just the bounds of what was drawn.
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else {
            print("WidgetRenderer: render failed")
            return nil
        }
        defer { g_object_unref(raw(texture)) }
        if let path = ProcessInfo.processInfo.environment["IRO_TEST_SAVE_RENDER"] {
            _ = gdk_texture_save_to_png(texture, path)
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return RenderedPixels(width: width, height: height, bytes: bytes)
    }
}

/// The largest difference of any channel of any pixel between two pixbufs (`Int.max`
/// when their sizes or channel counts differ): 0 means the same pixels.
public func largestChannelDifference(_ a: OpaquePointer, _ b: OpaquePointer) -> Int {
    guard gdk_pixbuf_get_width(a) == gdk_pixbuf_get_width(b), gdk_pixbuf_get_height(a) == gdk_pixbuf_get_height(b),
        gdk_pixbuf_get_n_channels(a) == gdk_pixbuf_get_n_channels(b)
    else { return .max }
    let rowBytes = Int(gdk_pixbuf_get_width(a) * gdk_pixbuf_get_n_channels(a))
    var largest = 0
    for y in 0..<Int(gdk_pixbuf_get_height(a)) {
        let rowA = gdk_pixbuf_read_pixels(a)! + y * Int(gdk_pixbuf_get_rowstride(a))
        let rowB = gdk_pixbuf_read_pixels(b)! + y * Int(gdk_pixbuf_get_rowstride(b))
        for x in 0..<rowBytes { largest = max(largest, abs(Int(rowA[x]) - Int(rowB[x]))) }
    }
    return largest
}
