import IroCore
import Testing

struct WindowGeometryTests {
    @Test(arguments: [
        (800, 600, false, 800, 600), (1920, 1080, true, 1920, 1080),
        (0, 0, false, 1000, 720), (-5, 700, false, 1000, 720), (100, 100, true, 1000, 720), (900, 99_999, false, 1000, 720),
    ])
    func storedSizesAreUsedWhenAWindowCanHaveThem(width: Int, height: Int, maximized: Bool, expectedWidth: Int, expectedHeight: Int) {
        let geometry = WindowGeometry.restored(width: width, height: height, maximized: maximized)
        #expect(geometry.width == expectedWidth)
        #expect(geometry.height == expectedHeight)
        #expect(geometry.maximized == maximized, "maximized is kept either way")
    }
}
