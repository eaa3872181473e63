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

    /// The largest canvas played: 2²⁵ pixels (33.5 million, four 4K frames' worth). libwebp
    /// and libjxl cannot draw an animation smaller than its canvas: libwebp keeps the whole
    /// canvas twice (the frame being composed and the previous one, to dispose from), 4 bytes
    /// a pixel, and Iro copies each frame out of it, so 12 bytes a pixel, 400 MB here; libjxl
    /// keeps its frames in floats. A WebP canvas may declare up to 16383 × 16383 (within
    /// `ImageLimits`): 3 GB for frames that may be one pixel each.
    static let maxCanvasPixels = 1 << 25

    /// Throws `.tooLarge` for an animation whose canvas is beyond `maxCanvasPixels`.
    static func checkCanvas(width: Int, height: Int) throws(LoadError) {
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxCanvasPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }

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
