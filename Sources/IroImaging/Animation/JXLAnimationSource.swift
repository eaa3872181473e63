import CGLib
import CJXL
import GObjectSupport
import IroCore

/// Animated JPEG XL played by libjxl: one frame at a time, composed by libjxl on a canvas of
/// the animation's size, with the file's durations and loop count; never all frames held.
final class JXLAnimationSource: AnimationSource {
    /// The file's bytes, which the decoder reads from until it is closed.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let jxl: OpaquePointer
    let width: Int
    let height: Int
    /// libjxl does not say how many frames there are without decoding them all.
    var frameCount: Int? { nil }
    /// How many times the file says to play; 0 is for ever.
    private let loopCount: Int
    private var loopsPlayed = 0
    /// The current frame, composed (RGBA, straight alpha).
    private let canvas: UnsafeMutableBufferPointer<UInt8>
    private var duration = 0
    private var isLast = false
    /// Whether the first loop ended after its first frame: a still picture after all.
    private(set) var isSingleFrame = false

    /// Opens the animation in `data` and decodes its first frame; nil when libjxl cannot.
    init?(data: [UInt8]) {
        bytes = .allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        var message = [CChar](repeating: 0, count: 256)
        guard let jxl = iro_jxl_open(bytes.baseAddress, data.count, 1, &message, message.count) else {
            bytes.deallocate()
            return nil
        }
        self.jxl = jxl
        var info = IroJxlInfo()
        iro_jxl_info(jxl, &info)
        (width, height, loopCount) = (Int(info.width), Int(info.height), Int(info.loop_count))
        canvas = .allocate(capacity: ImageLimits.allows(width: width, height: height) ? max(1, width * height * 4) : 1)
        guard ImageLimits.allows(width: width, height: height), nextFrame() else { return nil }
        isSingleFrame = isLast
    }

    deinit {
        iro_jxl_close(jxl)
        canvas.deallocate()
        bytes.deallocate()
    }

    private func nextFrame() -> Bool {
        var message = [CChar](repeating: 0, count: 256)
        var milliseconds: Int32 = 0, last: Int32 = 0
        let result = iro_jxl_next_frame(jxl, 4, canvas.baseAddress, width * 4, &milliseconds, &last, &message, message.count)
        guard result == IRO_JXL_FRAME else { return false }
        (duration, isLast) = (Int(milliseconds), last != 0)
        return true
    }

    private var isLastFrameOfLastLoop: Bool { isLast && loopCount > 0 && loopsPlayed + 1 >= loopCount }

    /// The file's duration; as browsers do, a frame of less than 20 ms stays 20 ms.
    var delay: Int? { isLastFrameOfLastLoop ? nil : max(duration, 20) }

    func copyCurrentFrame() -> OpaquePointer? {
        canvas.baseAddress.flatMap { PackedCanvas(pixels: $0, width: width, height: height).copy() }
    }

    /// The canvas itself, seen as a pixbuf for the call.
    func lendCurrentFrame(_ body: (OpaquePointer) -> Void) -> Bool {
        canvas.baseAddress.map { PackedCanvas(pixels: $0, width: width, height: height).lend(body) } ?? false
    }

    func advance() -> Bool {
        if isLast {
            guard !isLastFrameOfLastLoop else { return false }
            loopsPlayed += 1
            iro_jxl_rewind(jxl)
        }
        return nextFrame()
    }
}
