import IroCore
import Testing

@Suite struct PresentedRegionTests {
    let main = Size(width: 1000, height: 500)
    let monitor = Size(width: 1920, height: 1080)

    @Test func aWholeImageFillsThePresentationLetterboxed() throws {
        let model = ZoomModel(imageSize: Size(width: 4000, height: 2000), viewportSize: main)
        let (presented, offset) = try #require(
            PresentedRegion.view(showing: model, scale: model.scale, offset: .zero, in: monitor, pixelsPerPoint: 1))
        #expect(presented.scale == 1920.0 / 4000, "the width decides: bars above and below")
        #expect(offset == .zero)
        let origin = presented.contentOrigin(offset: offset, scale: presented.scale)
        #expect(origin.x == 0)
        #expect(origin.y == (1080 - 960) / 2)
    }

    @Test func aZoomedViewShowsTheSameRegionScaledToTheMonitor() throws {
        var model = ZoomModel(imageSize: Size(width: 4000, height: 2000), viewportSize: main)
        model.setScale(1)
        // The main view shows image pixels 1500…2500 × 700…1200.
        let offset = Point(x: 1500, y: 700)
        let region = try #require(PresentedRegion.shown(by: model, scale: 1, offset: offset))
        #expect(region.x == 1500 && region.y == 700 && region.width == 1000 && region.height == 500)
        let (presented, presentedOffset) = try #require(
            PresentedRegion.view(showing: model, scale: 1, offset: offset, in: monitor, pixelsPerPoint: 1))
        #expect(presented.scale == 1.92, "1000 image pixels across 1920")
        let middle = presented.imagePoint(at: presented.viewportCentre, offset: presentedOffset, scale: presented.scale)
        #expect(abs(middle.x - 2000) < 1e-9)
        #expect(abs(middle.y - 950) < 1e-9)
    }

    @Test func anImageSmallerThanTheViewIsShownWhole() throws {
        var model = ZoomModel(imageSize: Size(width: 200, height: 100), viewportSize: main)
        model.setScale(1)
        let region = try #require(PresentedRegion.shown(by: model, scale: 1, offset: Point(x: 30, y: 40)))
        #expect(region.x == 0 && region.y == 0 && region.width == 200 && region.height == 100)
    }

    @Test func anEmptyViewPresentsNothing() {
        let model = ZoomModel(imageSize: Size(width: 200, height: 100), viewportSize: Size(width: 0, height: 0))
        #expect(PresentedRegion.view(showing: model, scale: 1, offset: .zero, in: monitor, pixelsPerPoint: 1) == nil)
    }

    @Test func panningKeepsTheScaleThatRoundingWouldMove() throws {
        var model = ZoomModel(imageSize: Size(width: 6000, height: 4000), viewportSize: Size(width: 1910, height: 1070))
        model.setScale(1)
        // Pans whose region, computed from a fractional origin, comes out a last bit off
        // (1.005235602094241 against 1.0052356020942408 without `current`).
        let first = try #require(
            PresentedRegion.view(showing: model, scale: 1, offset: Point(x: 1234.5, y: 700.25), in: monitor, pixelsPerPoint: 1))
        for step in 1...50 {
            let offset = Point(x: 1234.5 + Double(step) * 50.1, y: 700.25 + Double(step) * 30.3)
            let next = try #require(
                PresentedRegion.view(
                    showing: model, scale: 1, offset: offset, in: monitor, pixelsPerPoint: 1, current: first.model.scale))
            #expect(next.model.scale == first.model.scale, "step \(step): the presentation's rendering stays usable")
        }
        // A real change of zoom is followed.
        model.setScale(2)
        let zoomed = try #require(
            PresentedRegion.view(
                showing: model, scale: 2, offset: Point(x: 3000, y: 2000), in: monitor, pixelsPerPoint: 1, current: first.model.scale))
        #expect(abs(zoomed.model.scale - 2 * first.model.scale) < 1e-9)
    }
}
