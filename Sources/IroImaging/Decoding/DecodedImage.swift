import CGLib
import IroCore

/// A decoded image: the GdkPixbuf that holds its pixels, at full size or reduced
/// (a JPEG decoded at ½, ¼ or ⅛; see `DecodeDetail`). Textures for drawing are made
/// by the ImagePyramid's levels (level 0 shares these pixels, no copy).
///
/// Immutable after creation, and GObject reference counting is atomic, so it
/// may cross threads.
public final class DecodedImage: @unchecked Sendable {
    /// `GdkPixbuf *` (+1), the pixel owner.
    public let pixbuf: OpaquePointer
    /// The pixels held.
    public let width: Int
    public let height: Int
    /// The image's own size, upright: `width` × `height` unless reduced.
    public let imageWidth: Int
    public let imageHeight: Int
    /// gdk-pixbuf's name for the format ("png", "jpeg", …).
    public let formatName: String
    /// The frames to play, when the image is animated (this pixbuf is the first).
    public let animation: AnimationFrames?
    /// Why the file is damaged, for an animation that plays what could be read of it.
    public let damage: String?
    /// How many pages the file holds: 1 but for a document (PDF, multi-page TIFF), whose
    /// page this is.
    public let pageCount: Int

    /// Adopts a +1 pixbuf of an image of `imageWidth` × `imageHeight` (the pixbuf's own size if nil).
    public init(
        adopting pixbuf: OpaquePointer, formatName: String, imageWidth: Int? = nil, imageHeight: Int? = nil,
        animation: AnimationFrames? = nil, damage: String? = nil, pageCount: Int = 1
    ) {
        self.pixbuf = pixbuf
        self.width = Int(gdk_pixbuf_get_width(pixbuf))
        self.height = Int(gdk_pixbuf_get_height(pixbuf))
        self.imageWidth = imageWidth ?? width
        self.imageHeight = imageHeight ?? height
        self.formatName = formatName
        self.animation = animation
        self.damage = damage
        self.pageCount = pageCount
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    /// The image's size (not the reduced pixels').
    public var size: Size { Size(width: Double(imageWidth), height: Double(imageHeight)) }
    /// Decoded pixels per image pixel, from the longer side: 1, or about ½, ¼, ⅛.
    public var scale: Double {
        imageWidth >= imageHeight ? Double(width) / Double(max(1, imageWidth)) : Double(height) / Double(max(1, imageHeight))
    }
    public var isFullResolution: Bool { width == imageWidth && height == imageHeight }
}
