import CGLib
import Glibc
import IroCore

/// Iro's side of the decoder protocol as one call, for the protocol fuzzer
/// (Fuzz/iro-protocol-fuzz): the messages a helper sent for one request, each with the
/// descriptor that came with it, read and adopted by the very functions `DecoderHelper.ask`
/// and `DecoderPool` use. Whatever a hostile helper sends must end here as an image that
/// is what it says, or as `.decoderStopped`, a decoder's error or nothing.
@_spi(Fuzzing) public enum DecoderReplies {
    public enum Taken {
        /// An image, or an animation's first frame.
        case image(DecodedImage)
        case region(DetailRegion)
        /// Cancelled, or nothing to give (a region of a format without regions).
        case none
    }

    /// Takes `messages` as the answer to request `id` (a region request when `region`).
    /// Every descriptor is consumed: adopted as pixels or closed.
    public static func take(_ messages: [(bytes: [UInt8], descriptor: Int32)], id: UInt32, region: Bool) throws(LoadError) -> Taken {
        var rest = messages[...]
        defer { for left in rest where left.descriptor >= 0 { close(left.descriptor) } }
        while let (bytes, descriptor) = rest.popFirst() {
            guard case .answer(let reply, let pixels) = try DecoderHelper.read(bytes, descriptor: descriptor, answering: id) else {
                continue
            }
            defer { if pixels >= 0 { close(pixels) } }
            if region { return try DecoderPool.region(reply, pixels: pixels).map(Taken.region) ?? .none }
            return try DecoderPool.image(reply, pixels: pixels, helper: nil).map(Taken.image) ?? .none
        }
        throw .decoderStopped(detail: "it ended")
    }
}
