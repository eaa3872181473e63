/// Animated GIFs made in the test, one solid colour a frame, so animation tests need no
/// tool to make them. The image data is LZW that never lets the code table grow past
/// 3-bit codes (a clear code every two pixels): large, but any decoder reads it.
public enum GIFFixture {
    public struct Frame {
        public let colour: RGBA
        /// Hundredths of a second, as the file stores it.
        public let delay: Int
        public init(_ colour: RGBA, delay: Int) {
            self.colour = colour
            self.delay = delay
        }
    }

    /// `loops`: nil plays once (no NETSCAPE extension), 0 forever, n repeats n times.
    public static func make(width: Int, height: Int, frames: [Frame], loops: Int? = 0) -> [UInt8] {
        var palette: [RGBA] = []
        for frame in frames where !palette.contains(frame.colour) { palette.append(frame.colour) }
        precondition(palette.count <= 4, "a 4-colour palette")
        while palette.count < 4 { palette.append(RGBA(0, 0, 0)) }

        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF1, 0, 0] // global table, 4 entries
        for colour in palette { bytes += [colour.r, colour.g, colour.b] }
        if let loops {
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loops) + [0]
        }
        for frame in frames {
            bytes += [0x21, 0xF9, 4, 0x04] + le16(frame.delay) + [0, 0] // disposal: leave in place
            bytes += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0]
            let index = palette.firstIndex(of: frame.colour) ?? 0
            bytes += [2] + subBlocks(lzw(index: index, count: width * height)) + [0]
        }
        return bytes + [0x3B]
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }

    /// `count` pixels of palette `index`, minimum code size 2: clear is 4, end is 5.
    static func lzw(index: Int, count: Int) -> [UInt8] {
        var codes: [Int] = []
        var left = count
        while left > 0 {
            codes.append(4)
            for _ in 0..<min(2, left) { codes.append(index) }
            left -= 2
        }
        codes.append(5)
        var writer = BitWriter()
        for code in codes { writer.write(code, bits: 3) }
        return writer.finished
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        while start < data.count {
            let chunk = data[start..<min(data.count, start + 255)]
            out += [UInt8(chunk.count)] + chunk
            start += 255
        }
        return out
    }
}
