import IroCore
import Testing

/// BEHAVIOUR C9: on a display with scale factor 2, 100 % is one image pixel per device
/// pixel, which is half a view point; every limit and target follows.
@Suite struct ZoomScaleFactorTests {
    static let viewport = Size(width: 800, height: 600)

    @Test func aSmallImageStartsAtOneHundredPercentOfDevicePixels() {
        let zoom = ZoomModel(imageSize: Size(width: 1000, height: 500), viewportSize: Self.viewport, pixelsPerPoint: 2)
        #expect(zoom.scale == 0.5)
        #expect(zoom.percent == 100)
        #expect(zoom.isNatural)
        #expect(zoom.contentSize == Size(width: 500, height: 250))
        #expect(zoom.deviceScale(zoom.scale) == 1)
    }

    @Test func aLargeImageFitsTheViewInPoints() {
        let zoom = ZoomModel(imageSize: Size(width: 3200, height: 1200), viewportSize: Self.viewport, pixelsPerPoint: 2)
        #expect(zoom.scale == 0.25) // 800 points across: 1600 device pixels
        #expect(zoom.percent == 50)
        #expect(!zoom.isNatural)
    }

    @Test func limitsAndTargetsAreInDevicePixels() {
        var zoom = ZoomModel(imageSize: Size(width: 1000, height: 500), viewportSize: Self.viewport, pixelsPerPoint: 2)
        #expect(zoom.maxScale == 2.5)
        #expect(zoom.minScale == 0.1)
        #expect(zoom.doubleSizeTarget() == 1)
        #expect(zoom.zoomInTarget() == 1)
        zoom.setScale(2)
        #expect(zoom.percent == 400)
        #expect(zoom.resetTarget() == 0.5)
        zoom.setScale(100)
        #expect(zoom.percent == 500, "the 5× limit is of device pixels")
    }

    @Test func theFToggleGoesToOneHundredPercent() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport, pixelsPerPoint: 2)
        zoom.toggleBestFit()
        #expect(zoom.percent == 100)
        #expect(zoom.scale == 0.5)
    }

    @Test func anotherScaleFactorKeepsAManualPercentage() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport)
        zoom.setScale(1.5)
        zoom.setPixelsPerPoint(2)
        #expect(zoom.percent == 150)
        #expect(zoom.scale == 0.75)
        #expect(zoom.mode == .manual)
    }

    @Test func anotherScaleFactorRefitsBestFit() {
        var zoom = ZoomModel(imageSize: Size(width: 600, height: 300), viewportSize: Self.viewport)
        #expect(zoom.scale == 1)
        zoom.setPixelsPerPoint(2)
        #expect(zoom.scale == 0.5, "still 100 %, now half a point per image pixel")
        #expect(zoom.mode == .bestFit)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func anInvalidScaleFactorCountsAsOne(_ value: Double) {
        var zoom = ZoomModel(imageSize: Size(width: 600, height: 300), viewportSize: Self.viewport, pixelsPerPoint: value)
        #expect(zoom.pixelsPerPoint == 1)
        zoom.setPixelsPerPoint(value)
        #expect(zoom.pixelsPerPoint == 1)
        #expect(zoom.scale == 1)
    }
}
