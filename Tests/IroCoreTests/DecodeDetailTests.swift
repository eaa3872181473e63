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
        #expect(DecodeDetail.screen(side: screen).reduction(imageSide: imageSide) == reduction)
    }

    @Test(arguments: [(0.1, 8), (0.125, 8), (0.13, 4), (0.25, 4), (0.3, 2), (0.5, 2), (0.51, 1), (1.0, 1), (4.0, 1)])
    func scaleDetail(scale: Double, reduction: Int) {
        #expect(DecodeDetail.scale(scale).reduction(imageSide: 6400) == reduction)
    }

    @Test func nonsenseAsksForEverything() {
        #expect(DecodeDetail.full.reduction(imageSide: 50_000) == 1)
        #expect(DecodeDetail.screen(side: 0).reduction(imageSide: 6400) == 1)
        #expect(DecodeDetail.scale(0).reduction(imageSide: 6400) == 1)
        #expect(DecodeDetail.scale(.nan).reduction(imageSide: 6400) == 1)
    }
}
