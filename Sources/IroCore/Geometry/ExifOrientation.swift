/// The eight EXIF orientations: how the image a file stores is turned and flipped to stand
/// upright. Maps rectangles between the two, so that a part of the upright image can be
/// decoded from the stored one (`JPEGRegion`).
public enum ExifOrientation {
    /// The rectangle of the stored image (`rawWidth` × `rawHeight`) that becomes `upright`.
    public static func rawRect(of upright: PixelRect, orientation: Int, rawWidth: Int, rawHeight: Int) -> PixelRect {
        let (w, h) = (rawWidth, rawHeight), r = upright
        switch orientation {
        case 2: return PixelRect(x: w - r.maxX, y: r.y, width: r.width, height: r.height)
        case 3: return PixelRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case 4: return PixelRect(x: r.x, y: h - r.maxY, width: r.width, height: r.height)
        case 5: return PixelRect(x: r.y, y: r.x, width: r.height, height: r.width)
        case 6: return PixelRect(x: r.y, y: h - r.maxX, width: r.height, height: r.width)
        case 7: return PixelRect(x: w - r.maxY, y: h - r.maxX, width: r.height, height: r.width)
        case 8: return PixelRect(x: w - r.maxY, y: r.x, width: r.height, height: r.width)
        default: return r
        }
    }

    /// The rectangle of the upright image that stored rectangle `raw` becomes.
    public static func uprightRect(of raw: PixelRect, orientation: Int, rawWidth: Int, rawHeight: Int) -> PixelRect {
        let (w, h) = (rawWidth, rawHeight), r = raw
        switch orientation {
        case 2: return PixelRect(x: w - r.maxX, y: r.y, width: r.width, height: r.height)
        case 3: return PixelRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case 4: return PixelRect(x: r.x, y: h - r.maxY, width: r.width, height: r.height)
        case 5: return PixelRect(x: r.y, y: r.x, width: r.height, height: r.width)
        case 6: return PixelRect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case 7: return PixelRect(x: h - r.maxY, y: w - r.maxX, width: r.height, height: r.width)
        case 8: return PixelRect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        default: return r
        }
    }

    /// Whether the orientation turns the image a quarter (its width and height swap).
    public static func swapsSides(_ orientation: Int) -> Bool { (5...8).contains(orientation) }
}
