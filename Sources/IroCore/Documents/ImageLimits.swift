/// The largest image Iro will decode, checked against the dimensions a file
/// declares in its header before any pixel buffer exists, so a
/// "decompression bomb" is refused rather than obeyed.
public enum ImageLimits {
    /// GTK's cairo renderer draws through cairo image surfaces, which stop at 32767 px.
    public static let maxSide = 32_767
    /// 2²⁸ pixels = 1 GiB of RGBA: beyond this no desktop should try.
    public static let maxPixels = 268_435_456

    /// Whether an image of the declared size may be decoded.
    public static func allows(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else { return false }
        return width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
    }

    /// Throws `.tooLarge` for declared sizes beyond the limits, `.damaged` for sizes
    /// with no pixels (a header that declares 0 × N is broken, not big).
    public static func check(width: Int, height: Int) throws(LoadError) {
        if width <= 0 || height <= 0 { throw .damaged(detail: "the header declares \(width) × \(height) pixels") }
        if !allows(width: width, height: height) { throw .tooLarge(width: width, height: height) }
    }
}
