import CGLib
import CGLibShims
import GObjectSupport

/// gdk-pixbuf's animation iterator: the GIF loader keeps each frame's compressed data and
/// decodes the one asked for.
final class PixbufAnimationSource: AnimationSource {
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
    let width: Int
    let height: Int
    var frameCount: Int? { fileDelays?.count }

    init(adopting animation: OpaquePointer, fileDelays: [Int]?) {
        self.animation = animation
        self.fileDelays = fileDelays?.isEmpty == false ? fileDelays : nil
        width = Int(gdk_pixbuf_animation_get_width(animation))
        height = Int(gdk_pixbuf_animation_get_height(animation))
        iterator = iro_animation_get_iter(animation)
    }

    deinit {
        g_object_unref(raw(iterator))
        g_object_unref(raw(animation))
    }

    var delay: Int? {
        let own = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        guard own >= 0 else { return nil }
        guard let fileDelays else { return max(own, 20) }
        return GIFFrameDelays.milliseconds(forHundredths: fileDelays[index % fileDelays.count])
    }

    func copyCurrentFrame() -> OpaquePointer? {
        gdk_pixbuf_animation_iter_get_pixbuf(iterator).flatMap { gdk_pixbuf_copy($0) }
    }

    /// The iterator's own frame, which it keeps until it moves on.
    func lendCurrentFrame(_ body: (OpaquePointer) -> Void) -> Bool {
        guard let frame = gdk_pixbuf_animation_iter_get_pixbuf(iterator) else { return false }
        body(frame)
        return true
    }

    func advance() -> Bool {
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
