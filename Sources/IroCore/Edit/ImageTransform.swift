/// One of the eight ways to turn and flip a picture in quarter turns (the dihedral group of
/// the square, as EXIF's orientations are): first mirrored left to right when `mirrored`,
/// then turned `quarterTurns` clockwise. Edits (BEHAVIOUR D7) compose them, and a lossless
/// JPEG save hands the result to libjpeg-turbo as one of its eight transforms.
public struct ImageTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// 0…3, clockwise.
    public private(set) var quarterTurns: Int
    public private(set) var mirrored: Bool

    public init(quarterTurns: Int = 0, mirrored: Bool = false) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    public static let identity = ImageTransform()

    public var isIdentity: Bool { self == .identity }
    /// Width and height trade places.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    public var description: String { "\(mirrored ? "mirror, then " : "")\(quarterTurns * 90)°" }

    /// `self`, then `next`.
    public func then(_ next: ImageTransform) -> ImageTransform {
        // Turning and then mirroring equals mirroring and then turning the other way.
        let turns = next.mirrored ? -quarterTurns : quarterTurns
        return ImageTransform(quarterTurns: turns + next.quarterTurns, mirrored: mirrored != next.mirrored)
    }

    /// What undoes `self`.
    public var inverse: ImageTransform {
        mirrored ? self : ImageTransform(quarterTurns: -quarterTurns)
    }

    public static let turnRight = ImageTransform(quarterTurns: 1)
    public static let turnLeft = ImageTransform(quarterTurns: 3)
    /// Left and right trade places.
    public static let flipHorizontal = ImageTransform(mirrored: true)
    /// Top and bottom trade places.
    public static let flipVertical = ImageTransform(quarterTurns: 2, mirrored: true)

    /// The transform that stands up a file stored with EXIF orientation `orientation` (1…8;
    /// anything else counts as 1).
    public init(exifOrientation orientation: Int) {
        switch orientation {
        case 2: self.init(mirrored: true)
        case 3: self.init(quarterTurns: 2)
        case 4: self.init(quarterTurns: 2, mirrored: true)
        case 5: self.init(quarterTurns: 3, mirrored: true)
        case 6: self.init(quarterTurns: 1)
        case 7: self.init(quarterTurns: 1, mirrored: true)
        case 8: self.init(quarterTurns: 3)
        default: self.init()
        }
    }

    /// The size of a `size` picture once transformed.
    public func apply(to size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        swapsSides ? (size.height, size.width) : size
    }

    /// Where pixel (`x`, `y`) of a `width` × `height` picture lands once transformed.
    public func apply(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        var (x, y, w, h) = (x, y, width, height)
        if mirrored { x = w - 1 - x }
        for _ in 0..<quarterTurns {
            // A clockwise quarter turn: the left column becomes the top row.
            (x, y) = (h - 1 - y, x)
            (w, h) = (h, w)
        }
        return (x, y)
    }

    /// The rectangle `rect` of a `width` × `height` picture becomes, once transformed.
    public func apply(to rect: PixelRect, width: Int, height: Int) -> PixelRect {
        guard !rect.isEmpty else { return rect }
        let a = apply(x: rect.x, y: rect.y, width: width, height: height)
        let b = apply(x: rect.maxX - 1, y: rect.maxY - 1, width: width, height: height)
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
    }
}
