import IroCore
import Testing

@Suite struct ZoomModelTests {
    static let viewport = Size(width: 800, height: 600)

    // MARK: Best fit and limits (BEHAVIOUR C5)

    struct FitCase: CustomTestStringConvertible, Sendable {
        let image: Size
        let viewport: Size
        let scale: Double
        let minScale: Double
        var testDescription: String { "\(image) in \(viewport)" }
    }

    @Test(arguments: [
        // Larger than the view: the whole image, min follows 0.2.
        FitCase(image: Size(width: 4000, height: 3000), viewport: viewport, scale: 0.2, minScale: 0.2),
        FitCase(image: Size(width: 1600, height: 600), viewport: viewport, scale: 0.5, minScale: 0.2),
        // Very large: best fit is below 0.2, so the minimum drops to it.
        FitCase(image: Size(width: 8000, height: 1000), viewport: viewport, scale: 0.1, minScale: 0.1),
        // Smaller than the view: 100 %, never upscaled.
        FitCase(image: Size(width: 200, height: 100), viewport: viewport, scale: 1, minScale: 0.2),
        // Exactly the view: 100 %.
        FitCase(image: viewport, viewport: viewport, scale: 1, minScale: 0.2),
        // Tall image limited by height.
        FitCase(image: Size(width: 300, height: 1200), viewport: viewport, scale: 0.5, minScale: 0.2),
        // Degenerate sizes count as a fit of 1 rather than dividing by zero.
        FitCase(image: .zero, viewport: viewport, scale: 1, minScale: 0.2),
        FitCase(image: Size(width: 4000, height: 3000), viewport: .zero, scale: 1, minScale: 0.2),
    ])
    func initialBestFit(_ fit: FitCase) {
        let zoom = ZoomModel(imageSize: fit.image, viewportSize: fit.viewport)
        #expect(zoom.mode == .bestFit)
        #expect(abs(zoom.scale - fit.scale) < 1e-12)
        #expect(abs(zoom.minScale - fit.minScale) < 1e-12)
        #expect(zoom.maxScale == 5)
    }

    @Test func contentSizeKeepsAspect() {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        zoom.setScale(1.5)
        #expect(zoom.contentSize == Size(width: 600, height: 450))
        #expect(zoom.contentSize(at: 2) == Size(width: 800, height: 600))
    }

    @Test func viewportChangeRefitsInBestFit() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport)
        zoom.viewportSize = Size(width: 2000, height: 1500)
        #expect(zoom.scale == 0.5)
        #expect(zoom.mode == .bestFit)
        zoom.viewportSize = Size(width: 8000, height: 6000)
        #expect(zoom.scale == 1)
    }

    @Test func viewportChangeKeepsManualScale() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport)
        zoom.setScale(1.3)
        zoom.viewportSize = Size(width: 2000, height: 1500)
        #expect(zoom.scale == 1.3)
        #expect(zoom.mode == .manual)
    }

    @Test func viewportGrowthReclampsManualScaleBelowTheNewMinimum() {
        var zoom = ZoomModel(imageSize: Size(width: 8000, height: 1000), viewportSize: Self.viewport)
        zoom.setScale(0.1)
        #expect(zoom.scale == 0.1)
        zoom.viewportSize = Size(width: 1600, height: 1200) // fit 0.2, so min 0.2
        #expect(abs(zoom.scale - 0.2) < 1e-12)
        // A viewport that is not laid out says nothing about limits: the scale survives.
        zoom.setScale(0.2)
        zoom.viewportSize = .zero
        #expect(zoom.scale == 0.2)
    }

    @Test func setImageSizeKeepsMode() {
        var zoom = ZoomModel(imageSize: Size(width: 1600, height: 800), viewportSize: Self.viewport)
        #expect(zoom.scale == 0.5)
        zoom.setImageSize(Size(width: 800, height: 1600)) // rotated a quarter turn
        #expect(zoom.mode == .bestFit)
        #expect(zoom.scale == 0.375)
        zoom.setScale(2)
        zoom.setImageSize(Size(width: 1600, height: 800))
        #expect(zoom.mode == .manual)
        #expect(zoom.scale == 2)
    }

    // MARK: Steps and targets (BEHAVIOUR C3)

    struct StepCase: Sendable, CustomTestStringConvertible {
        let scale: Double
        let zoomIn: Double
        let zoomOut: Double
        var testDescription: String { "from \(scale)" }
    }

    @Test(arguments: [
        StepCase(scale: 1, zoomIn: 2, zoomOut: 0.5),
        StepCase(scale: 2, zoomIn: 4, zoomOut: 1),
        StepCase(scale: 4, zoomIn: 5, zoomOut: 2), // clamped at 5
        StepCase(scale: 5, zoomIn: 5, zoomOut: 2.5),
        StepCase(scale: 0.3, zoomIn: 0.6, zoomOut: 0.2), // clamped at 0.2
        StepCase(scale: 0.2, zoomIn: 0.4, zoomOut: 0.2),
    ])
    func stepTargets(_ step: StepCase) {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        zoom.setScale(step.scale)
        #expect(abs(zoom.zoomInTarget() - step.zoomIn) < 1e-12)
        #expect(abs(zoom.zoomOutTarget() - step.zoomOut) < 1e-12)
        #expect(zoom.resetTarget() == 1)
        // Targets are pure: asking does not zoom.
        #expect(zoom.scale == step.scale)
    }

    @Test func targetsFollowBestFit() {
        var zoom = ZoomModel(imageSize: Size(width: 8000, height: 6000), viewportSize: Self.viewport)
        #expect(zoom.bestFitTarget() == 0.1)
        #expect(zoom.zoomOutTarget() == 0.1) // already at the minimum
        zoom.setScale(3)
        #expect(zoom.bestFitTarget() == 0.1)
        #expect(zoom.toggleBestFitTarget() == 0.1)
        zoom.applyBestFit()
        #expect(zoom.toggleBestFitTarget() == 1)
    }

    @Test(arguments: [
        (7.0, 5.0), (-1.0, 0.2), (0.0, 0.2), (Double.infinity, 5.0), (0.75, 0.75),
    ])
    func setScaleClamps(proposed: Double, expected: Double) {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        zoom.setScale(proposed)
        #expect(zoom.scale == expected)
        #expect(zoom.mode == .manual)
    }

    @Test func setScaleIgnoresNaN() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport)
        zoom.setScale(.nan)
        #expect(zoom.scale == 0.2)
        #expect(zoom.mode == .bestFit)
    }

    @Test func sensitivityAtTheLimits() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport)
        #expect(!zoom.canZoomOut) // best fit is the minimum here
        #expect(zoom.canZoomIn)
        zoom.setScale(5)
        #expect(!zoom.canZoomIn)
        #expect(zoom.canZoomOut)
        // Noise from repeated ×2 / ×0.5 must not leave a useless button sensitive.
        zoom.setScale(5 - 1e-12)
        #expect(!zoom.canZoomIn)
        zoom.setScale(1)
        #expect(zoom.isNatural)
        #expect(zoom.percent == 100)
        zoom.setScale(0.333)
        #expect(!zoom.isNatural)
        #expect(zoom.percent == 33)
    }

    @Test func toggleBestFit() {
        var zoom = ZoomModel(imageSize: Size(width: 4000, height: 3000), viewportSize: Self.viewport)
        zoom.toggleBestFit()
        #expect(zoom.mode == .manual)
        #expect(zoom.scale == 1)
        zoom.toggleBestFit()
        #expect(zoom.mode == .bestFit)
        #expect(zoom.scale == 0.2)
        zoom.setScale(3)
        zoom.toggleBestFit()
        #expect(zoom.mode == .bestFit)
        #expect(zoom.scale == 0.2)
    }

    // MARK: Pinch (BEHAVIOUR C2)

    struct PinchCase: Sendable, CustomTestStringConvertible {
        let start: Double
        let factor: Double
        let live: Double
        let end: Double
        var testDescription: String { "\(start) × \(factor)" }
    }

    @Test(arguments: [
        PinchCase(start: 1, factor: 1.5, live: 1.5, end: 1.5),
        PinchCase(start: 1, factor: 10, live: 5, end: 5), // factor clamped to 5
        PinchCase(start: 2, factor: 4, live: 8, end: 5), // live beyond max; end clamped
        PinchCase(start: 1, factor: 0.01, live: 0.1, end: 0.2), // factor clamped to 0.1; end to min
        PinchCase(start: 0.5, factor: 0.5, live: 0.25, end: 0.25),
        PinchCase(start: 0.5, factor: 0.3, live: 0.15, end: 0.2), // live below min, not clamped
        PinchCase(start: 1, factor: .nan, live: 1, end: 1),
    ])
    func pinch(_ pinch: PinchCase) {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        zoom.setScale(pinch.start)
        zoom.beginPinch()
        #expect(zoom.isPinching)
        #expect(abs(zoom.livePinchScale(factor: pinch.factor) - pinch.live) < 1e-12)
        #expect(zoom.scale == pinch.start) // live scale does not commit
        zoom.endPinch(factor: pinch.factor)
        #expect(!zoom.isPinching)
        #expect(abs(zoom.scale - pinch.end) < 1e-12)
        #expect(zoom.mode == .manual)
    }

    @Test func pinchFactorsAreRelativeToTheStart() {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        zoom.beginPinch()
        // Updates report the total factor since the start, not increments.
        #expect(zoom.livePinchScale(factor: 2) == 2)
        #expect(zoom.livePinchScale(factor: 3) == 3)
        zoom.endPinch(factor: 3)
        zoom.beginPinch()
        #expect(zoom.livePinchScale(factor: 0.5) == 1.5)
    }

    @Test func cancelledPinchKeepsTheScale() {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        zoom.beginPinch()
        zoom.cancelPinch()
        #expect(!zoom.isPinching)
        #expect(zoom.scale == 1)
        // Without a begin, the current scale is the start.
        #expect(zoom.livePinchScale(factor: 2) == 2)
    }

    // MARK: Layout

    @Test func contentOriginCentresSmallContent() {
        let zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        #expect(zoom.contentOrigin(offset: Point(x: 50, y: 50), scale: 1) == Point(x: 200, y: 150))
    }

    @Test func contentOriginScrollsLargeContent() {
        let zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        #expect(zoom.contentOrigin(offset: Point(x: 50, y: 70), scale: 4) == Point(x: -50, y: -70))
        // Exactly the viewport size counts as filling it.
        #expect(zoom.contentOrigin(offset: Point(x: 0, y: 0), scale: 2) == Point(x: 0, y: 0))
    }

    @Test func contentOriginPerAxis() {
        // Wide panorama: scrolls horizontally, centred vertically.
        let zoom = ZoomModel(imageSize: Size(width: 2000, height: 200), viewportSize: Self.viewport)
        #expect(zoom.contentOrigin(offset: Point(x: 300, y: 40), scale: 1) == Point(x: -300, y: 200))
    }

    @Test(arguments: [
        (Point(x: -10, y: -10), Point(x: 0, y: 0)),
        (Point(x: 100, y: 100), Point(x: 100, y: 100)),
        (Point(x: 5000, y: 5000), Point(x: 800, y: 600)),
        (Point(x: .nan, y: 3), Point(x: 0, y: 3)),
    ])
    func clampedOffset(offset: Point, expected: Point) {
        let zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        #expect(zoom.clampedOffset(offset, scale: 4) == expected) // content 1600×1200
    }

    @Test func clampedOffsetIsZeroWhenNothingScrolls() {
        let zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Self.viewport)
        #expect(zoom.clampedOffset(Point(x: 30, y: 30), scale: 1) == .zero)
    }

    // MARK: Anchors (BEHAVIOUR C2/C4)

    @Test func zoomInAroundTheCentre() {
        let zoom = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: Size(width: 500, height: 500))
        // At 100 % showing 250…750; the centre is image point 500.
        let offset = zoom.offsetKeeping(
            anchor: Point(x: 250, y: 250), offset: Point(x: 250, y: 250),
            fromScale: 1, toScale: 2)
        #expect(offset == Point(x: 750, y: 750))
    }

    @Test func zoomAroundTheCornerPointer() {
        let zoom = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: Size(width: 500, height: 500))
        let offset = zoom.offsetKeeping(anchor: .zero, offset: Point(x: 100, y: 200), fromScale: 1, toScale: 2)
        #expect(offset == Point(x: 200, y: 400))
    }

    @Test func zoomOutToSmallerThanTheViewportCentres() {
        let zoom = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: Size(width: 500, height: 500))
        let offset = zoom.offsetKeeping(
            anchor: Point(x: 10, y: 480), offset: Point(x: 300, y: 100),
            fromScale: 1, toScale: 0.25)
        #expect(offset == .zero)
        #expect(zoom.contentOrigin(offset: offset, scale: 0.25) == Point(x: 125, y: 125))
    }

    @Test func zoomFromCentredContentKeepsThePointerPoint() {
        // Starting smaller than the viewport (centred), zooming past it around the pointer.
        let zoom = ZoomModel(imageSize: Size(width: 400, height: 400), viewportSize: Size(width: 800, height: 800))
        let anchor = Point(x: 300, y: 500) // image point (100, 300) at 100 %
        let offset = zoom.offsetKeeping(anchor: anchor, offset: .zero, fromScale: 1, toScale: 4)
        #expect(offset == Point(x: 100, y: 700))
        let image = zoom.imagePoint(at: anchor, offset: offset, scale: 4)
        #expect(image == Point(x: 100, y: 300))
    }

    @Test func badScalesDoNotProduceNaN() {
        let zoom = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: Size(width: 500, height: 500))
        let offset = zoom.offsetKeeping(anchor: .zero, offset: Point(x: 100, y: 100), fromScale: 0, toScale: 2)
        #expect(offset == Point(x: 100, y: 100))
        let nan = zoom.offsetKeeping(anchor: .zero, offset: Point(x: 100, y: 100), fromScale: 1, toScale: .nan)
        #expect(!nan.x.isNaN && !nan.y.isNaN)
    }

    /// Property: for random geometry, the anchor's image point stays under the anchor
    /// (within a pixel) on every axis where the content fills the viewport and the wanted
    /// offset needed no clamping; on axes where it does not fill, the content is centred.
    @Test(arguments: 0..<20)
    func anchorInvariant(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 1)
        for _ in 0..<200 {
            let image = Size(width: .random(in: 50...6000, using: &random), height: .random(in: 50...6000, using: &random))
            let viewport = Size(width: .random(in: 200...2000, using: &random), height: .random(in: 200...1200, using: &random))
            let zoom = ZoomModel(imageSize: image, viewportSize: viewport)
            let from = Double.random(in: zoom.minScale...zoom.maxScale, using: &random)
            let to = Double.random(in: zoom.minScale...zoom.maxScale, using: &random)
            let content = zoom.contentSize(at: from)
            let offset = zoom.clampedOffset(
                Point(
                    x: .random(in: 0...max(1, content.width), using: &random),
                    y: .random(in: 0...max(1, content.height), using: &random)),
                scale: from)
            let anchor = Point(
                x: .random(in: 0...viewport.width, using: &random),
                y: .random(in: 0...viewport.height, using: &random))

            let before = zoom.imagePoint(at: anchor, offset: offset, scale: from)
            let newOffset = zoom.offsetKeeping(anchor: anchor, offset: offset, fromScale: from, toScale: to)
            let after = zoom.imagePoint(at: anchor, offset: newOffset, scale: to)
            let newContent = zoom.contentSize(at: to)
            let origin = zoom.contentOrigin(offset: newOffset, scale: to)

            // Always inside the scrollable range.
            #expect(newOffset == zoom.clampedOffset(newOffset, scale: to))

            for axis in [Axis.x, .y] {
                let contentLength = axis.value(of: newContent)
                let viewportLength = axis.value(of: viewport)
                if contentLength >= viewportLength {
                    let wanted = axis.value(of: before) * to - axis.value(of: anchor)
                    if wanted >= 0, wanted <= contentLength - viewportLength {
                        // Distance on screen between where the point is and where it was.
                        let drift = abs(axis.value(of: after) - axis.value(of: before)) * to
                        #expect(drift < 1, "axis \(axis) drifted \(drift) px")
                    }
                } else {
                    #expect(abs(axis.value(of: origin) - (viewportLength - contentLength) / 2) < 1e-9)
                    #expect(axis.value(of: newOffset) == 0)
                }
            }
        }
    }

    enum Axis: CustomStringConvertible {
        case x, y
        func value(of point: Point) -> Double { self == .x ? point.x : point.y }
        func value(of size: Size) -> Double { self == .x ? size.width : size.height }
        var description: String { self == .x ? "x" : "y" }
    }
}
