import CGLib
import CWebP
import GObjectSupport
import IroCore

/// Animated WebP played by libwebp's animation decoder (its demux API): one frame at a
/// time, composed on a canvas of the animation's size, with the file's durations and loop
/// count. gdk-pixbuf's WebP loader decodes and keeps every frame of the file as it opens it.
final class WebPAnimationSource: AnimationSource {
    /// The file's bytes, which the decoder reads from until it is deleted.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// `WebPAnimDecoder *`.
    private let decoder: OpaquePointer
    let width: Int
    let height: Int
    let frameTotal: Int
    var frameCount: Int? { frameTotal }
    /// How many times the file says to play; 0 is for ever.
    private let loopCount: Int
    private var loopsPlayed = 0
    /// The current frame, composed: libwebp's canvas (RGBA), valid until the next frame.
    private var canvas: UnsafeMutablePointer<UInt8>?
    /// Its duration and when it ends, in milliseconds from the loop's start.
    private var duration = 0
    private var endsAt = 0

    /// Opens the animation in `data` and composes its first frame; nil when libwebp cannot
    /// (a file cut short: gdk-pixbuf then plays what it can read of it).
    init?(data: [UInt8]) {
        bytes = .allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        var options = WebPAnimDecoderOptions()
        var webp = WebPData(bytes: bytes.baseAddress, size: data.count)
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            return nil
        }
        options.color_mode = MODE_RGBA
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            bytes.deallocate()
            return nil
        }
        self.decoder = decoder
        var info = WebPAnimInfo()
        _ = WebPAnimDecoderGetInfo(decoder, &info)
        (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
        frameTotal = Int(info.frame_count)
        loopCount = Int(info.loop_count)
        guard ImageLimits.allows(width: width, height: height), frameTotal > 0, nextFrame() else { return nil }
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    private func nextFrame() -> Bool {
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else { return false }
        canvas = frame
        duration = max(0, Int(timestamp) - endsAt)
        endsAt = Int(timestamp)
        return true
    }

    private var isLastFrameOfLastLoop: Bool {
        WebPAnimDecoderHasMoreFrames(decoder) == 0 && loopCount > 0 && loopsPlayed + 1 >= loopCount
    }

    /// The file's duration; as browsers do, a frame of less than 20 ms stays 20 ms.
    var delay: Int? { isLastFrameOfLastLoop ? nil : max(duration, 20) }

    func copyCurrentFrame() -> OpaquePointer? { canvas.flatMap { PackedCanvas(pixels: $0, width: width, height: height).copy() } }

    /// libwebp's canvas itself, seen as a pixbuf for the call.
    func lendCurrentFrame(_ body: (OpaquePointer) -> Void) -> Bool {
        canvas.map { PackedCanvas(pixels: $0, width: width, height: height).lend(body) } ?? false
    }

    func advance() -> Bool {
        if WebPAnimDecoderHasMoreFrames(decoder) == 0 {
            guard !isLastFrameOfLastLoop else { return false }
            loopsPlayed += 1
            WebPAnimDecoderReset(decoder)
            endsAt = 0
        }
        return nextFrame()
    }
}
