/// What linked tabs share (BEHAVIOUR F6), in terms that hold for images of any size: the
/// zoom as a multiple of each image's natural size (or best fit, each image fitted), the
/// point at the view's centre as a fraction of the shown image, the view's rotation and the
/// hue. Two exports of one photo at different sizes thus show the same part, turned alike.
public struct LinkedView: Equatable, Sendable {
    public enum Zoom: Equatable, Sendable {
        /// Each image whole in its view, never enlarged (BEHAVIOUR C5).
        case bestFit
        /// Device pixels per image pixel: 1 is 100 %.
        case natural(Double)
    }

    public var zoom: Zoom
    /// The point of the shown (turned) image at the viewport's centre: 0…1 on each axis.
    public var centre: Point
    /// View rotation in quarter turns clockwise.
    public var quarterTurns: Int
    /// Hue slider value, 0…1.
    public var hue: Double

    public init(zoom: Zoom, centre: Point, quarterTurns: Int, hue: Double) {
        self.zoom = zoom
        self.centre = centre
        self.quarterTurns = quarterTurns
        self.hue = hue
    }

    /// The linked view of a view at `model`'s scale, scrolled to `offset`.
    public init(model: ZoomModel, offset: Point, quarterTurns: Int, hue: Double) {
        zoom = model.mode == .bestFit ? .bestFit : .natural(model.deviceScale(model.scale))
        centre = Self.centre(of: model, offset: offset)
        self.quarterTurns = quarterTurns
        self.hue = hue
    }

    /// The fraction of the image at the viewport's centre (the middle of an empty view).
    static func centre(of model: ZoomModel, offset: Point) -> Point {
        let content = model.contentSize
        guard !content.isDegenerate else { return Point(x: 0.5, y: 0.5) }
        let origin = model.contentOrigin(offset: offset, scale: model.scale)
        let middle = model.viewportCentre
        return Point(
            x: min(max((middle.x - origin.x) / content.width, 0), 1), y: min(max((middle.y - origin.y) / content.height, 0), 1))
    }

    /// `model` (another image's, sized for `quarterTurns` already) at this zoom, and the
    /// offset that puts `centre` in the viewport's middle, as near as scrolling allows.
    public func applied(to model: ZoomModel) -> (model: ZoomModel, offset: Point) {
        var applied = model
        switch zoom {
        case .bestFit: applied.applyBestFit()
        case .natural(let factor): applied.setScale(factor * applied.naturalScale)
        }
        let content = applied.contentSize, middle = applied.viewportCentre
        let wanted = Point(x: centre.x * content.width - middle.x, y: centre.y * content.height - middle.y)
        return (applied, applied.clampedOffset(wanted, scale: applied.scale))
    }
}
