/// How much of an image's detail to decode (BEHAVIOUR A6: open fast, in little memory).
///
/// A 24-megapixel photo shown whole on a 1920-pixel screen shows about a quarter of
/// its pixels. JPEG can be decoded at ½, ¼ or ⅛ of its size directly (libjpeg's DCT
/// scaling), faster and in a quarter, sixteenth or sixty-fourth of the memory; so Iro
/// decodes what the view needs, and decodes again with more detail only when the
/// view zooms past it.
public enum DecodeDetail: Equatable, Sendable {
    /// Every pixel.
    case full
    /// Enough to fill a screen whose longer side is `side` pixels with the whole image.
    case screen(side: Int)
    /// At least `scale` decoded pixels per image pixel (a view's zoom; 1 or more is full).
    case scale(Double)

    /// The reductions libjpeg decodes at directly.
    public static let reductions = [8, 4, 2, 1]

    /// The largest reduction (8, 4, 2 or 1) that still gives this detail for an image
    /// whose longer side is `imageSide`.
    public func reduction(imageSide: Int) -> Int {
        switch self {
        case .full:
            return 1
        case .screen(let side):
            guard side > 0 else { return 1 }
            return Self.reductions.first { (imageSide + $0 - 1) / $0 >= side } ?? 1
        case .scale(let scale):
            guard scale.isFinite, scale > 0 else { return 1 }
            return Self.reductions.first { 1 / Double($0) >= scale - 1e-9 } ?? 1
        }
    }

    /// The scale (at most 1) that gives this detail for an image whose longer side is
    /// `imageSide`, for a format drawn at any size (SVG): no rounding to a reduction.
    public func drawingScale(imageSide: Int) -> Double {
        switch self {
        case .full:
            return 1
        case .screen(let side):
            guard side > 0, imageSide > 0 else { return 1 }
            return min(1, Double(side) / Double(imageSide))
        case .scale(let scale):
            guard scale.isFinite, scale > 0 else { return 1 }
            return min(1, scale)
        }
    }
}
