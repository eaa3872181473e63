import IroCore
import Testing

/// Rectangles between the stored and the upright image, for every EXIF orientation (the
/// pixels themselves are checked against gdk-pixbuf's turning in JPEGRegionTests).
@Suite struct ExifOrientationTests {
    static let raw = (width: 400, height: 300)
    static let part = PixelRect(x: 10, y: 20, width: 30, height: 40)

    @Test(arguments: 1...8)
    func theWayThereAndBackIsTheSameRectangle(_ orientation: Int) {
        let stored = ExifOrientation.rawRect(of: Self.part, orientation: orientation, rawWidth: Self.raw.width, rawHeight: Self.raw.height)
        let back = ExifOrientation.uprightRect(of: stored, orientation: orientation, rawWidth: Self.raw.width, rawHeight: Self.raw.height)
        #expect(back == Self.part)
        let swapped = ExifOrientation.swapsSides(orientation)
        #expect(stored.width == (swapped ? 40 : 30))
        #expect(stored.height == (swapped ? 30 : 40))
    }

    /// The stored image's top-left corner: where it ends up upright.
    @Test(arguments: [(1, 0, 0), (2, 399, 0), (3, 399, 299), (4, 0, 299), (5, 0, 0), (6, 299, 0), (7, 299, 399), (8, 0, 399)])
    func theStoredCornerLandsWhereTheTagSays(_ orientation: Int, _ x: Int, _ y: Int) {
        let corner = PixelRect(x: 0, y: 0, width: 1, height: 1)
        let upright = ExifOrientation.uprightRect(
            of: corner, orientation: orientation, rawWidth: Self.raw.width, rawHeight: Self.raw.height)
        #expect(upright == PixelRect(x: x, y: y, width: 1, height: 1))
    }

    @Test func anUnknownOrientationIsUpright() {
        #expect(ExifOrientation.rawRect(of: Self.part, orientation: 0, rawWidth: 400, rawHeight: 300) == Self.part)
        #expect(ExifOrientation.uprightRect(of: Self.part, orientation: 9, rawWidth: 400, rawHeight: 300) == Self.part)
    }
}
