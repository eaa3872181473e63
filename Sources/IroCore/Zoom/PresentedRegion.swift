/// What a presentation on another monitor shows (BEHAVIOUR F3): the part of the image the
/// main window's view shows, scaled as a whole onto the presentation's viewport, centred
/// and letterboxed where the aspect ratios differ.
public enum PresentedRegion {
    /// The part of the (turned) image, in its pixels, that a view at `model`'s viewport
    /// shows at `scale` scrolled to `offset`; nil for an empty view.
    public static func shown(by model: ZoomModel, scale: Double, offset: Point) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard scale > 0, scale.isFinite, !model.imageSize.isDegenerate, !model.viewportSize.isDegenerate else { return nil }
        let origin = model.contentOrigin(offset: offset, scale: scale)
        let x0 = max(0, -origin.x / scale), y0 = max(0, -origin.y / scale)
        let x1 = min(model.imageSize.width, (model.viewportSize.width - origin.x) / scale)
        let y1 = min(model.imageSize.height, (model.viewportSize.height - origin.y) / scale)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// The presentation's zoom model for `viewport` and its scroll offset, showing what the
    /// main view (`main` at `scale`, scrolled to `offset`) shows. `current`: the scale the
    /// presentation has now, kept when the new one differs from it by rounding only (a pan
    /// computes the region's size anew, a last bit off), so its rendering goes on serving.
    public static func view(
        showing main: ZoomModel, scale: Double, offset: Point, in viewport: Size, pixelsPerPoint: Double, current: Double? = nil
    ) -> (model: ZoomModel, offset: Point)? {
        guard let region = shown(by: main, scale: scale, offset: offset), !viewport.isDegenerate else { return nil }
        var model = ZoomModel(imageSize: main.imageSize, viewportSize: viewport, pixelsPerPoint: pixelsPerPoint)
        let fitting = min(viewport.width / region.width, viewport.height / region.height)
        model.setScale(current.map { abs(fitting - $0) <= $0 * 1e-9 ? $0 : fitting } ?? fitting)
        let centre = Point(x: region.x + region.width / 2, y: region.y + region.height / 2)
        let wanted = Point(x: centre.x * model.scale - viewport.width / 2, y: centre.y * model.scale - viewport.height / 2)
        return (model, model.clampedOffset(wanted, scale: model.scale))
    }
}
