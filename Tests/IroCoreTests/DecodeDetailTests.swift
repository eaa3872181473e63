import IroCore
import Testing

@Suite struct DecodeDetailTests {
    @Test(arguments: [
        // (image's longer side, screen's longer side, reduction)
        (6400, 1920, 2), // 3200 fills 1920; 1600 would not
        (10_000, 1920, 4), // 2500
        (20_000, 1920, 8), // 2500 at the deepest reduction libjpeg has
        (40_000, 1920, 8),
        (2560, 1920, 1), // less than twice the screen: every pixel
        (3840, 1920, 2), // exactly twice
        (3839, 1920, 2), // libjpeg rounds up: ⌈3839 / 2⌉ = 1920 still fills it
        (3838, 1920, 1),
        (800, 1920, 1),
    ])
    func screenDetail(imageSide: Int, screen: Int, reduction: Int) {
        #expect(DecodeDetail.screen(side: screen).reduction(imageWidth: imageSide, imageHeight: imageSide / 2) == reduction)
    }

    @Test(arguments: [(0.1, 8), (0.125, 8), (0.13, 4), (0.25, 4), (0.3, 2), (0.5, 2), (0.51, 1), (1.0, 1), (4.0, 1)])
    func scaleDetail(scale: Double, reduction: Int) {
        #expect(DecodeDetail.scale(scale).reduction(imageWidth: 6400, imageHeight: 4000) == reduction)
    }

    @Test func nonsenseAsksForEverything() {
        #expect(DecodeDetail.full.reduction(imageWidth: 50_000, imageHeight: 50_000) == 1)
        #expect(DecodeDetail.screen(side: 0).reduction(imageWidth: 6400, imageHeight: 4000) == 1)
        #expect(DecodeDetail.screen(width: 1920, height: 0).reduction(imageWidth: 6400, imageHeight: 4000) == 1)
        #expect(DecodeDetail.screen(width: 1920, height: 1080).reduction(imageWidth: 0, imageHeight: 4000) == 1)
        #expect(DecodeDetail.scale(0).reduction(imageWidth: 6400, imageHeight: 4000) == 1)
        #expect(DecodeDetail.scale(.nan).reduction(imageWidth: 6400, imageHeight: 4000) == 1)
    }

    /// Best fit on a wide screen: a square or upright image is bound by the screen's height,
    /// so it needs half the pixels a "longer side" rule would decode.
    @Test(arguments: [
        // (image width, height, reduction) on 1920 × 1080
        (6000, 4000, 2), // needs 1620 × 1080: 1500 × 1000 would not do
        (4000, 6000, 4), // upright: needs 720 × 1080, 1000 × 1500 does
        (4096, 4096, 2), // square: needs 1080, 2048 does (the longer-side rule said 1)
        (8192, 8192, 4), // 2048 ≥ 1080
        (12000, 2000, 4), // a panorama is bound by the width: needs 1920 × 320, 3000 × 500
        (1920, 1080, 1),
    ])
    func bestFitOnAWideScreen(width: Int, height: Int, reduction: Int) {
        #expect(DecodeDetail.screen(width: 1920, height: 1080).reduction(imageWidth: width, imageHeight: height) == reduction)
    }

    @Test func drawingScaleIsTheBestFitScale() {
        let screen = DecodeDetail.screen(width: 1920, height: 1080)
        #expect(screen.drawingScale(imageWidth: 4096, imageHeight: 4096) == 1080.0 / 4096)
        #expect(screen.drawingScale(imageWidth: 12000, imageHeight: 2000) == 1920.0 / 12000)
        #expect(screen.drawingScale(imageWidth: 800, imageHeight: 600) == 1, "never more than the image")
        #expect(DecodeDetail.scale(0.3).drawingScale(imageWidth: 10, imageHeight: 10) == 0.3)
    }
}
