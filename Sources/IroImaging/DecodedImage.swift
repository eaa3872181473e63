import CGtk
import IroCore

/// A decoded image: the GdkPixbuf that holds its pixels. Textures for drawing are
/// made by the ImagePyramid's levels (level 0 shares these pixels, no copy).
///
/// Immutable after creation, and GObject reference counting is atomic, so it
/// may cross threads.
public final class DecodedImage: @unchecked Sendable {
    /// `GdkPixbuf *` (+1), the pixel owner.
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// gdk-pixbuf's name for the format ("png", "jpeg", …).
    public let formatName: String

    /// Adopts a +1 pixbuf.
    init(adopting pixbuf: OpaquePointer, formatName: String) {
        self.pixbuf = pixbuf
        self.width = Int(gdk_pixbuf_get_width(pixbuf))
        self.height = Int(gdk_pixbuf_get_height(pixbuf))
        self.formatName = formatName
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    public var size: Size { Size(width: Double(width), height: Double(height)) }
}
