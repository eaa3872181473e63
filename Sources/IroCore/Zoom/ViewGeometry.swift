/// Where the visible part of an image lies, for drawing only what is seen.
///
/// Three spaces: *image* pixels of the decoded file; *view* pixels of the image as
/// shown after the view rotation (quarter turns clockwise, BEHAVIOUR C7), which is what
/// the ZoomModel's `imageSize` describes; and *content* pixels, view pixels × scale,
/// which are screen pixels.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    public var description: String { "\(width)×\(height)+\(x)+\(y)" }
}

public enum ViewGeometry {
    /// The size of the image as shown after `quarterTurns` clockwise turns.
    public static func rotatedSize(_ size: Size, quarterTurns: Int) -> Size {
        normalized(quarterTurns) % 2 == 0 ? size : size.transposed
    }

    public static func normalized(_ quarterTurns: Int) -> Int { ((quarterTurns % 4) + 4) % 4 }

    /// The point of the unturned image under `point` of the image shown turned by
    /// `quarterTurns` clockwise (`width` × `height`: the unturned image's size).
    public static func unturn(_ point: Point, quarterTurns: Int, width: Double, height: Double) -> Point {
        switch normalized(quarterTurns) {
        case 1: Point(x: point.y, y: height - point.x)
        case 2: Point(x: width - point.x, y: height - point.y)
        case 3: Point(x: width - point.y, y: point.x)
        default: point
        }
    }

    /// The content pixels (screen pixels of the scaled image) that are visible, widened
    /// by `margin` × the viewport on each side so small pans need no new rendering,
    /// clamped to the content. `origin` is where the content's top-left lies in the view.
    public static func visibleContent(viewport: Size, origin: Point, contentSize: Size, margin: Double = 0) -> PixelRect {
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard origin.x.isFinite, origin.y.isFinite, viewport.width.isFinite, viewport.height.isFinite,
            contentSize.width.isFinite, contentSize.height.isFinite, margin.isFinite
        else { return empty }
        let mx = viewport.width * margin, my = viewport.height * margin
        let x0 = max(0, (-origin.x - mx).rounded(.down)), y0 = max(0, (-origin.y - my).rounded(.down))
        let x1 = min(contentSize.width.rounded(.up), (-origin.x + viewport.width + mx).rounded(.up))
        let y1 = min(contentSize.height.rounded(.up), (-origin.y + viewport.height + my).rounded(.up))
        guard x1 > x0, y1 > y0 else { return empty }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// The parts of the viewport that content of `contentSize` with its top-left at
    /// `origin` leaves uncovered (all in view points): none when it covers the viewport,
    /// else up to four bands (above, below, left, right), or the whole viewport.
    public static func uncovered(viewport: Size, origin: Point, contentSize: Size) -> [(origin: Point, size: Size)] {
        let left = max(0, origin.x), top = max(0, origin.y)
        let right = min(viewport.width, origin.x + contentSize.width), bottom = min(viewport.height, origin.y + contentSize.height)
        guard right > left, bottom > top else {
            return viewport.width > 0 && viewport.height > 0 ? [(.zero, viewport)] : []
        }
        var bands: [(origin: Point, size: Size)] = []
        if top > 0 { bands.append((.zero, Size(width: viewport.width, height: top))) }
        if bottom < viewport.height {
            bands.append((Point(x: 0, y: bottom), Size(width: viewport.width, height: viewport.height - bottom)))
        }
        if left > 0 { bands.append((Point(x: 0, y: top), Size(width: left, height: bottom - top))) }
        if right < viewport.width {
            bands.append((Point(x: right, y: top), Size(width: viewport.width - right, height: bottom - top)))
        }
        return bands
    }

    /// The rectangle of the unrotated image that shows up as `rect` of the rotated view.
    /// `imageSize` is the unrotated size; works in any unit (image or content pixels, if
    /// `imageSize` is given in the same unit).
    public static func unrotate(_ rect: PixelRect, quarterTurns: Int, imageWidth: Int, imageHeight: Int) -> PixelRect {
        switch normalized(quarterTurns) {
        case 1: // shown (xr, yr) ← image (yr, H − xr)
            return PixelRect(x: rect.y, y: imageHeight - rect.maxX, width: rect.height, height: rect.width)
        case 2: // shown (xr, yr) ← image (W − xr, H − yr)
            return PixelRect(x: imageWidth - rect.maxX, y: imageHeight - rect.maxY, width: rect.width, height: rect.height)
        case 3: // shown (xr, yr) ← image (W − yr, xr)
            return PixelRect(x: imageWidth - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        default:
            return rect
        }
    }
}
