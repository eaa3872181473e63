import CGLib
import CGLibShims
import GObjectSupport
import IroCore

/// Where an animation's frames come from: gdk-pixbuf's animation iterator (GIF, and WebP
/// that libwebp cannot demux) or libwebp's animation decoder (`WebPAnimationSource`), in
/// the decoder helper; in Iro, the helper that opened the animation (`HelperAnimationSource`).
protocol AnimationSource: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// How many frames the file holds, when the source knows.
    var frameCount: Int? { get }
    /// How long the current frame stays, in milliseconds; nil once the animation has
    /// played as many times as the file says.
    var delay: Int? { get }
    /// A copy of the current frame (+1 pixbuf), or nil without memory for it.
    func copyCurrentFrame() -> OpaquePointer?
    /// Lends the current frame to `body` (valid only during the call), without copying it
    /// where the source can; false when there is none.
    func lendCurrentFrame(_ body: (OpaquePointer) -> Void) -> Bool
    /// Moves to the next frame; false when there is none.
    func advance() -> Bool
}

extension AnimationSource {
    func lendCurrentFrame(_ body: (OpaquePointer) -> Void) -> Bool {
        guard let copy = copyCurrentFrame() else { return false }
        body(copy)
        g_object_unref(raw(copy))
        return true
    }
}

/// The frames of an animated image (BEHAVIOUR A10), composed one at a time, never all
/// decoded up front.
///
/// Not for concurrent use: one caller at a time (the player runs one step after another,
/// off the main thread).
public final class AnimationFrames: @unchecked Sendable {
    let source: any AnimationSource
    public let formatName: String
    public var width: Int { source.width }
    public var height: Int { source.height }
    /// How many frames the file holds, when known (GIFs read by gdk-pixbuf alone do not say).
    public var frameCount: Int? { source.frameCount }

    init(_ source: any AnimationSource, formatName: String) {
        self.source = source
        self.formatName = formatName
    }

    /// Adopts a +1 gdk-pixbuf animation that is not a still image.
    convenience init(adopting animation: OpaquePointer, formatName: String, fileDelays: [Int]?) {
        self.init(PixbufAnimationSource(adopting: animation, fileDelays: fileDelays), formatName: formatName)
    }

    /// How long the current frame stays, in milliseconds; nil once the animation has
    /// played as many times as the file says (the last frame then stays).
    public var delay: Int? { source.delay }

    /// A copy of the current frame, composed (+1 pixbuf inside); nil without memory for it.
    public func currentFrame() -> DecodedImage? {
        source.copyCurrentFrame().map { DecodedImage(adopting: $0, formatName: formatName) }
    }

    /// Lends the current frame to `body`, not copied (the decoder helper copies it into the
    /// memfd it sends, once); false when there is none.
    func withCurrentFrame(_ body: (OpaquePointer) -> Void) -> Bool { source.lendCurrentFrame(body) }

    /// Moves to the next frame; false when there is none (the loops are over: the
    /// animation stays on the last frame).
    public func advance() -> Bool { source.advance() }
}
