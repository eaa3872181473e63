import IroCore
import Testing

@Suite struct LinkedViewTests {
    let viewport = Size(width: 800, height: 600)

    /// A 4000 × 3000 image at 50 %, scrolled so that image pixel (3000, 1000) is in the middle.
    func zoomedView() -> (ZoomModel, Point) {
        var model = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: viewport)
        model.setScale(0.5)
        return (model, Point(x: 3000 * 0.5 - 400, y: 1000 * 0.5 - 300))
    }

    @Test func aViewIsDescribedByItsZoomAndCentreFraction() {
        let (model, offset) = zoomedView()
        let linked = LinkedView(model: model, offset: offset, quarterTurns: 1, hue: 0.3)
        #expect(linked.zoom == .natural(0.5))
        #expect(abs(linked.centre.x - 0.75) < 1e-12)
        #expect(abs(linked.centre.y - 1.0 / 3) < 1e-12)
        #expect(linked.quarterTurns == 1)
        #expect(linked.hue == 0.3)
    }

    @Test func anotherSizeShowsTheSameFractionAtTheSameZoom() {
        let (model, offset) = zoomedView()
        let linked = LinkedView(model: model, offset: offset, quarterTurns: 0, hue: 0.5)
        // Another size: the same 50 % of its own pixels, the same point of the picture.
        let other = ZoomModel(imageSize: Size(width: 3200, height: 2400), viewportSize: viewport)
        let (applied, appliedOffset) = linked.applied(to: other)
        #expect(applied.mode == .manual)
        #expect(applied.scale == 0.5)
        let middle = applied.imagePoint(at: applied.viewportCentre, offset: appliedOffset, scale: applied.scale)
        #expect(abs(middle.x - 2400) < 1e-9)
        #expect(abs(middle.y - 800) < 1e-9)
    }

    @Test func theZoomIsPerDevicePixel() {
        // 100 % on a scale-2 display is half a view point per image pixel.
        var model = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: viewport, pixelsPerPoint: 2)
        model.setScale(0.5)
        let linked = LinkedView(model: model, offset: .zero, quarterTurns: 0, hue: 0.5)
        #expect(linked.zoom == .natural(1))
        let other = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: viewport, pixelsPerPoint: 1)
        #expect(linked.applied(to: other).model.scale == 1)
    }

    @Test func bestFitFitsEachImage() {
        let fitted = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: viewport)
        let linked = LinkedView(model: fitted, offset: .zero, quarterTurns: 0, hue: 0.5)
        #expect(linked.zoom == .bestFit)
        #expect(linked.centre == Point(x: 0.5, y: 0.5))
        var other = ZoomModel(imageSize: Size(width: 1000, height: 2000), viewportSize: viewport)
        other.setScale(2)
        let (applied, offset) = linked.applied(to: other)
        #expect(applied.mode == .bestFit)
        #expect(applied.scale == 0.3)
        #expect(offset == .zero)
    }

    @Test func aCentreScrollingCannotReachIsAsNearAsItGoes() {
        // The centre near the right edge of a wide view: a smaller image scrolls to its end.
        let linked = LinkedView(zoom: .natural(1), centre: Point(x: 0.99, y: 0.5), quarterTurns: 0, hue: 0.5)
        let other = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: viewport)
        let (applied, offset) = linked.applied(to: other)
        #expect(offset.x == 1000 - 800)
        #expect(offset.y == 200)
        #expect(applied.scale == 1)
    }

    @Test func theZoomLimitsOfTheOtherImageApply() {
        let linked = LinkedView(zoom: .natural(50), centre: Point(x: 0.5, y: 0.5), quarterTurns: 0, hue: 0.5)
        let other = ZoomModel(imageSize: Size(width: 100, height: 100), viewportSize: viewport)
        #expect(linked.applied(to: other).model.scale == ZoomModel.maximumScale)
    }

    @Test func aViewSmallerThanItsViewportIsCentred() {
        var model = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: viewport)
        model.setScale(1)
        let linked = LinkedView(model: model, offset: Point(x: 50, y: 70), quarterTurns: 0, hue: 0.5)
        #expect(linked.centre == Point(x: 0.5, y: 0.5), "nothing scrolls: the image sits in the middle")
    }
}
