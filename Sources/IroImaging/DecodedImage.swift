import CGtk
import IroCore

/// A decoded image: the GdkPixbuf that holds the pixels and a GdkTexture that
/// shares them (no copy) for drawing.
///
/// Immutable after creation, and GObject reference counting is atomic, so it
/// may cross threads; GTK draws the texture on the main thread.
public final class DecodedImage: @unchecked Sendable {
    /// `GdkPixbuf *` (+1), the pixel owner.
    public let pixbuf: OpaquePointer
    /// `GdkTexture *` (+1) over the pixbuf's pixels.
    public let texture: OpaquePointer
    public let width: Int
    public let height: Int
    /// gdk-pixbuf's name for the format ("png", "jpeg", …).
    public let formatName: String

    /// Adopts a +1 pixbuf; makes the texture.
    init(adopting pixbuf: OpaquePointer, formatName: String) {
        self.pixbuf = pixbuf
        self.texture = gdk_texture_new_for_pixbuf(pixbuf)
        self.width = Int(gdk_pixbuf_get_width(pixbuf))
        self.height = Int(gdk_pixbuf_get_height(pixbuf))
        self.formatName = formatName
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(texture))
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }
}
