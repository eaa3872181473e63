import CGLib
import GObjectSupport
import Glibc
import IroCore

/// An animation played from the decoder helper that opened it (BEHAVIOUR A10, F5): the
/// helper keeps the animation and composes each frame when asked; the frame comes back in
/// a sealed memfd, as an image does. The helper is this animation's alone, and ends with
/// it. A helper that stops or sends something else ends the animation on the frame shown.
final class HelperAnimationSource: AnimationSource {
    private let helper: DecoderHelper
    let width: Int
    let height: Int
    let frameCount: Int?
    private(set) var delay: Int?
    /// The current frame (+1 pixbuf over its memfd).
    private var current: OpaquePointer

    /// Adopts `first` (+1), the frame the helper answered the decode with.
    init(helper: DecoderHelper, first: OpaquePointer, width: Int, height: Int, frameCount: Int?, delay: Int?) {
        self.helper = helper
        self.current = first
        (self.width, self.height, self.frameCount, self.delay) = (width, height, frameCount, delay)
    }

    deinit { g_object_unref(raw(current)) } // and the helper, dropped, ends

    /// The helper's process (tests find it).
    var helperPID: pid_t { helper.pid }

    /// The frame's pixels are mapped copy-on-write from a memfd nobody writes to: shared, not copied.
    func copyCurrentFrame() -> OpaquePointer? {
        g_object_ref(raw(current))
        return current
    }

    func advance() -> Bool {
        do throws(LoadError) {
            let (reply, pixels) = try helper.ask({ .nextFrame(id: $0) }, file: -1, progress: nil, isCancelled: { false })
            defer { if pixels >= 0 { close(pixels) } }
            switch reply {
            case .frame(_, let description, _, let delay):
                guard description.width == width, description.height == height else {
                    throw helper.broken("it sent a frame of another size")
                }
                let next = try DecoderPool.pixbuf(description, memfd: pixels)
                g_object_unref(raw(current))
                current = next
                self.delay = delay
                return true
            case .nothing:
                return false
            case .failure(_, let error):
                Log.warning("the animation stopped: \(error.reason)")
                return false
            case .image, .progress, .metadata, .links, .found, .outline, .text, .encoded:
                throw helper.broken("it sent something else than a frame")
            }
        } catch {
            Log.warning("the animation stopped: \(error.reason)")
            return false
        }
    }
}
