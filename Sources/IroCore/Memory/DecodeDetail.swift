/// How much of an image's detail to decode (BEHAVIOUR A6: open fast, in little memory).
///
/// A 24-megapixel photo shown whole on a 1920 × 1080 screen shows about a twelfth of
/// its pixels. JPEG can be decoded at ½, ¼ or ⅛ of its size directly (libjpeg's DCT
/// scaling), faster and in a quarter, sixteenth or sixty-fourth of the memory; so Iro
/// decodes what the view needs, and decodes again with more detail only when the
/// view zooms past it.
public enum DecodeDetail: Equatable, Sendable {
    /// Every pixel.
    case full
    /// Enough to show the whole image at best fit on a screen of `width` × `height` pixels.
    case screen(width: Int, height: Int)
    /// At least `scale` decoded pixels per image pixel (a view's zoom; 1 or more is full).
    case scale(Double)

    /// Enough for a screen of `side` × `side`: the image's longer side decoded to at least
    /// `side` pixels, whatever the screen's orientation.
    public static func screen(side: Int) -> DecodeDetail { .screen(width: side, height: side) }

    /// The reductions libjpeg decodes at directly.
    public static let reductions = [8, 4, 2, 1]

    /// The largest reduction (8, 4, 2 or 1) that still gives this detail for an image of
    /// `imageWidth` × `imageHeight` (libjpeg rounds a reduced side up).
    public func reduction(imageWidth: Int, imageHeight: Int) -> Int {
        if case .scale(let scale) = self {
            guard scale.isFinite, scale > 0 else { return 1 }
            return Self.reductions.first { 1 / Double($0) >= scale - 1e-9 } ?? 1
        }
        let scale = drawingScale(imageWidth: imageWidth, imageHeight: imageHeight)
        guard scale < 1 else { return 1 }
        // The size shown at best fit, in whole pixels (less a hair of floating point).
        let neededWidth = (Double(imageWidth) * scale - 1e-6).rounded(.up), neededHeight = (Double(imageHeight) * scale - 1e-6).rounded(.up)
        return Self.reductions.first {
            Double((imageWidth + $0 - 1) / $0) >= neededWidth && Double((imageHeight + $0 - 1) / $0) >= neededHeight
        } ?? 1
    }

    /// The scale (at most 1) that gives this detail for an image of `imageWidth` ×
    /// `imageHeight`, for a format drawn or scaled to any size (SVG, WebP): no rounding to
    /// a reduction.
    public func drawingScale(imageWidth: Int, imageHeight: Int) -> Double {
        switch self {
        case .full:
            return 1
        case .screen(let width, let height):
            guard width > 0, height > 0, imageWidth > 0, imageHeight > 0 else { return 1 }
            return min(1, Double(width) / Double(imageWidth), Double(height) / Double(imageHeight))
        case .scale(let scale):
            guard scale.isFinite, scale > 0 else { return 1 }
            return min(1, scale)
        }
    }
}
