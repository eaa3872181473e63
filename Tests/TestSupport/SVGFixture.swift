import Foundation

/// SVG documents that carry images in themselves, as `data:` URLs.
public enum SVGFixture {
    /// A `side`-pixel square SVG drawing `image` (a file's bytes) over the whole of it, from a
    /// base64 `data:` URL of media type `type`.
    public static func embedding(_ image: [UInt8], type: String = "image/png", side: Int = 40) -> [UInt8] {
        let url = "data:\(type);base64,\(Data(image).base64EncodedString())"
        return Array(
            """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(side)" height="\(side)">\
            <image width="\(side)" height="\(side)" xlink:href="\(url)"/></svg>
            """.utf8)
    }

    /// A PNG of `width` × `height` (8-bit RGB) whose data holds its first row only, grey: a
    /// hundred bytes or so that a decoder takes for the whole picture's size.
    public static func pngDeclaring(width: Int, height: Int) -> [UInt8] {
        let row = [0] + [UInt8](repeating: 0x80, count: min(width, 64) * 3)
        return PNGBytes.signature + PNGBytes.header(width: UInt32(width), height: UInt32(height))
            + PNGBytes.chunk("IDAT", PNGBytes.storedZlib(row)) + PNGBytes.chunk("IEND", [])
    }
}
