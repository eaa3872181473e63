/// WebP files made in the test (animated, or a still lossless one), one solid colour a frame, so animation tests need
/// no encoder. Each frame is a lossless (VP8L) bitstream whose five prefix codes each hold
/// a single symbol: the frame's green, red, blue and alpha, and distance 0. A one-symbol
/// code takes no bits, so every pixel is that colour and the image data is empty.
public enum WebPFixture {
    public struct Frame {
        public let colour: RGBA
        public let milliseconds: Int
        public init(_ colour: RGBA, milliseconds: Int) {
            self.colour = colour
            self.milliseconds = milliseconds
        }
    }

    /// `loops`: 0 plays forever, n plays n times. `frameSize`: each frame's, at the canvas's
    /// top left corner (nil: the canvas's own).
    public static func make(width: Int, height: Int, frames: [Frame], loops: Int = 0, frameSize: (width: Int, height: Int)? = nil)
        -> [UInt8]
    {
        let (frameWidth, frameHeight) = frameSize ?? (width, height)
        let animationFlag: UInt8 = 0x02
        var body = Array("WEBP".utf8)
        body += chunk("VP8X", [animationFlag, 0, 0, 0] + le24(width - 1) + le24(height - 1))
        body += chunk("ANIM", [0, 0, 0, 0] + [UInt8(loops & 0xFF), UInt8(loops >> 8)]) // background, loops
        for frame in frames {
            let noBlendKeep: UInt8 = 0x02 // do not blend with the canvas; no disposal
            let header = le24(0) + le24(0) + le24(frameWidth - 1) + le24(frameHeight - 1) + le24(frame.milliseconds) + [noBlendKeep]
            body += chunk("ANMF", header + chunk("VP8L", lossless(width: frameWidth, height: frameHeight, colour: frame.colour)))
        }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// A still lossless WebP of one colour (the simple format: RIFF, then one VP8L chunk).
    public static func still(width: Int, height: Int, colour: RGBA) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunk("VP8L", lossless(width: width, height: height, colour: colour))
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// A VP8L image of one colour.
    static func lossless(width: Int, height: Int, colour: RGBA) -> [UInt8] {
        var bits = BitWriter()
        bits.write(width - 1, bits: 14)
        bits.write(height - 1, bits: 14)
        bits.write(colour.a == 255 ? 0 : 1, bits: 1) // alpha is used
        bits.write(0, bits: 3) // version
        bits.write(0, bits: 1) // no transform
        bits.write(0, bits: 1) // no colour cache
        bits.write(0, bits: 1) // one prefix code group for the whole image
        for symbol in [Int(colour.g), Int(colour.r), Int(colour.b), Int(colour.a), 0] {
            bits.write(1, bits: 1) // a simple code
            bits.write(0, bits: 1) // of one symbol
            bits.write(1, bits: 1) // given in 8 bits
            bits.write(symbol, bits: 8)
        }
        return [0x2F] + bits.finished
    }

    static func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
        Array(tag.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func le24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le24(value) + [UInt8((value >> 24) & 0xFF)] }
}
