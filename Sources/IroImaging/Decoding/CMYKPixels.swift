import CLcms2
import IroCore

/// A CMYK JPEG's ink values becoming sRGB (BEHAVIOUR A12): through the file's CMYK profile
/// with Little CMS when it embeds one, else by the plain formula viewers use without one
/// (each colour is its ink's complement, darkened by the black). `inverted`: the values are
/// stored as Adobe writes them, 255 meaning no ink.
final class CMYKPixels {
    let width: Int
    let stride: Int
    private let inverted: Bool
    private let transform: ColourProfile.Transform?
    private var buffer: [UInt8]

    init(width: Int, rows: Int, profile: [UInt8]?, inverted: Bool) {
        self.width = width
        self.inverted = inverted
        stride = width * 4
        buffer = [UInt8](repeating: 0, count: stride * rows)
        transform = profile.flatMap { ColourProfile.cmykTransform(from: $0, inverted: inverted) }
    }

    /// `body` gets the buffer the next rows of ink values are read into.
    func withBuffer<R>(_ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
        buffer.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped) }
    }

    /// The first `rows` rows of the buffer, as RGB rows at `output`.
    func convert(rows: Int, into output: UnsafeMutablePointer<UInt8>, stride outputStride: Int) {
        buffer.withUnsafeBufferPointer { ink in
            let input = ink.baseAddress.unsafelyUnwrapped
            if let transform {
                transform.apply(from: input, to: output, width: width, rows: rows, strides: (stride, outputStride))
                return
            }
            for row in 0..<rows {
                let from = input + row * stride, to = output + row * outputStride
                for x in 0..<width {
                    // Stored inverted, a value is already the light left: 255 − ink.
                    func light(_ channel: Int) -> Int { inverted ? Int(from[x * 4 + channel]) : 255 - Int(from[x * 4 + channel]) }
                    let black = light(3)
                    for channel in 0..<3 { to[x * 3 + channel] = UInt8((light(channel) * black + 127) / 255) }
                }
            }
        }
    }
}
