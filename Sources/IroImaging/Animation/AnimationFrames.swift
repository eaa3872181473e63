import CGtk
import CGtkShims
import GObjectSupport
import IroCore

/// The frames of an animated image (BEHAVIOUR A10), composed one at a time by
/// gdk-pixbuf's animation iterator, never all decoded up front: the GIF loader keeps each
/// frame's compressed data and decodes the one asked for.
///
/// Not for concurrent use: one caller at a time (the player runs one step after another,
/// off the main thread).
public final class AnimationFrames: @unchecked Sendable {
    /// `GdkPixbufAnimation *` (+1).
    private let animation: OpaquePointer
    /// `GdkPixbufAnimationIter *` (+1).
    private let iterator: OpaquePointer
    /// The iterator's clock, in milliseconds from the start: it picks the frame for a time,
    /// so a step moves it by exactly the current frame's delay as gdk-pixbuf counts it.
    private var elapsed = 0
    /// The file's own delays, when it has them to give (GIF), in hundredths.
    private let fileDelays: [Int]?
    private var index = 0
    public let width: Int
    public let height: Int
    public let formatName: String

    /// Adopts a +1 animation that is not a still image.
    init(adopting animation: OpaquePointer, formatName: String, fileDelays: [Int]?) {
        self.animation = animation
        self.formatName = formatName
        self.fileDelays = fileDelays?.isEmpty == false ? fileDelays : nil
        width = Int(gdk_pixbuf_animation_get_width(animation))
        height = Int(gdk_pixbuf_animation_get_height(animation))
        iterator = iro_animation_get_iter(animation)
    }

    deinit {
        g_object_unref(raw(iterator))
        g_object_unref(raw(animation))
    }

    /// How long the current frame stays, in milliseconds; nil once the animation has
    /// played as many times as the file says (the last frame then stays).
    public var delay: Int? {
        let own = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        guard own >= 0 else { return nil }
        guard let fileDelays else { return max(own, 20) }
        return GIFFrameDelays.milliseconds(forHundredths: fileDelays[index % fileDelays.count])
    }

    /// A copy of the current frame, composed (+1 pixbuf inside); nil without memory for it.
    public func currentFrame() -> DecodedImage? {
        guard let frame = gdk_pixbuf_animation_iter_get_pixbuf(iterator), let copy = gdk_pixbuf_copy(frame) else { return nil }
        return DecodedImage(adopting: copy, formatName: formatName)
    }

    /// Moves to the next frame; false when there is none (the loops are over: the
    /// iterator stays on the last frame).
    public func advance() -> Bool {
        let own = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        guard own >= 0 else { return false }
        elapsed += own
        // GIF's iterator moves on once the delay has passed; WebP's only once more than
        // the delay has passed since its first frame: a millisecond more settles both.
        for _ in 0..<2 {
            if iro_animation_iter_advance(iterator, elapsed) != 0 {
                index += 1
                return true
            }
            elapsed += 1
        }
        return false
    }
}
