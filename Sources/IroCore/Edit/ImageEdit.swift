/// What an edit (BEHAVIOUR D7) does to a picture, in the order it is done: turned and flipped
/// (`transform`), then cut to `crop` (a rectangle of the transformed picture; nil keeps all of
/// it), then recoloured by the hue slider's value `hue` (0.5 leaves colours alone).
///
/// The picture it applies to is the image as Iro shows it: already stood up by its EXIF
/// orientation. A lossless JPEG save composes that orientation in (`ImageEdit.stored`).
public struct ImageEdit: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let neutralHue = 0.5

    public var transform: ImageTransform
    public var crop: PixelRect?
    public var hue: Double

    public init(transform: ImageTransform = .identity, crop: PixelRect? = nil, hue: Double = ImageEdit.neutralHue) {
        self.transform = transform
        self.crop = crop
        self.hue = hue
    }

    public static let none = ImageEdit()

    /// Changes no pixel of a `width` × `height` picture.
    public func isIdentity(width: Int, height: Int) -> Bool {
        transform.isIdentity && !changesColours && !crops(width: width, height: height)
    }

    public var changesColours: Bool { abs(hue - Self.neutralHue) > 1e-9 }

    /// The crop leaves out some of a `width` × `height` picture.
    public func crops(width: Int, height: Int) -> Bool {
        guard let crop else { return false }
        let turned = transform.apply(to: (width, height))
        return crop != PixelRect(x: 0, y: 0, width: turned.width, height: turned.height)
    }

    /// The size of the result for a `width` × `height` picture.
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        if let crop { return (crop.width, crop.height) }
        return transform.apply(to: (width, height))
    }

    /// The crop as a rectangle of the transformed picture: the whole of it when there is none.
    public func cropRect(width: Int, height: Int) -> PixelRect {
        let turned = transform.apply(to: (width, height))
        return crop ?? PixelRect(x: 0, y: 0, width: turned.width, height: turned.height)
    }

    /// `self`, then `next` (made on `self`'s result): one edit of the original picture.
    /// Hues add up: each turns the colours round the same axis.
    public func then(_ next: ImageEdit, width: Int, height: Int) -> ImageEdit {
        let first = cropRect(width: width, height: height)
        let turned = transform.apply(to: (width, height))
        // The first crop, carried through the second transform, in the second's picture.
        let carried = next.transform.apply(to: first, width: turned.width, height: turned.height)
        let inside = next.transform.apply(to: (first.width, first.height))
        let second = next.crop ?? PixelRect(x: 0, y: 0, width: inside.width, height: inside.height)
        // `next`'s transform turns only the cropped picture; where that sits in the whole
        // transformed picture is `carried`.
        let crop = PixelRect(x: carried.x + second.x, y: carried.y + second.y, width: second.width, height: second.height)
        let whole = transform.then(next.transform).apply(to: (width, height))
        let keepsAll = crop == PixelRect(x: 0, y: 0, width: whole.width, height: whole.height)
        return ImageEdit(
            transform: transform.then(next.transform), crop: keepsAll ? nil : crop,
            hue: HueMatrix(degrees: (hue - Self.neutralHue) * 360 + (next.hue - Self.neutralHue) * 360).sliderValue)
    }

    /// The edit of the picture as a file stores it, before its EXIF `orientation` stands it up
    /// (`storedWidth` × `storedHeight`): what a lossless JPEG transform is given.
    public func stored(orientation: Int) -> ImageEdit {
        ImageEdit(transform: ImageTransform(exifOrientation: orientation).then(transform), crop: crop, hue: hue)
    }

    public var description: String {
        "\(transform)" + (crop.map { ", crop \($0)" } ?? "") + (changesColours ? ", hue \(hue)" : "")
    }
}
