import IroCore
import Testing

@Suite struct ViewGeometryTests {
    @Test func rotatedSizeSwapsOnOddTurns() {
        let size = Size(width: 40, height: 20)
        #expect(ViewGeometry.rotatedSize(size, quarterTurns: 0) == size)
        #expect(ViewGeometry.rotatedSize(size, quarterTurns: 1) == Size(width: 20, height: 40))
        #expect(ViewGeometry.rotatedSize(size, quarterTurns: 2) == size)
        #expect(ViewGeometry.rotatedSize(size, quarterTurns: -1) == Size(width: 20, height: 40))
        #expect(ViewGeometry.normalized(-1) == 3)
        #expect(ViewGeometry.normalized(5) == 1)
    }

    @Test func visibleContentWhenScrolled() {
        // Content 4000×3000 scrolled to (1000, 500) in a 800×600 view.
        let r = ViewGeometry.visibleContent(
            viewport: Size(width: 800, height: 600), origin: Point(x: -1000, y: -500),
            contentSize: Size(width: 4000, height: 3000))
        #expect(r == PixelRect(x: 1000, y: 500, width: 800, height: 600))
    }

    @Test func visibleContentWithMarginIsClampedToTheContent() {
        let r = ViewGeometry.visibleContent(
            viewport: Size(width: 800, height: 600), origin: Point(x: 0, y: -100),
            contentSize: Size(width: 1000, height: 3000), margin: 0.25)
        #expect(r == PixelRect(x: 0, y: 0, width: 1000, height: 850))
    }

    @Test func visibleContentWhenCentredIsTheWholeContent() {
        let r = ViewGeometry.visibleContent(
            viewport: Size(width: 800, height: 600), origin: Point(x: 200, y: 150),
            contentSize: Size(width: 400, height: 300), margin: 0.25)
        #expect(r == PixelRect(x: 0, y: 0, width: 400, height: 300))
    }

    @Test func visibleContentOfNothingIsEmpty() {
        #expect(
            ViewGeometry.visibleContent(viewport: Size(width: 0, height: 0), origin: .zero, contentSize: Size(width: 10, height: 10))
                .isEmpty)
        #expect(
            ViewGeometry.visibleContent(
                viewport: Size(width: 10, height: 10), origin: Point(x: .nan, y: 0), contentSize: Size(width: 10, height: 10)
            ).isEmpty)
    }

    /// A 4×2 image; the top-left 1×1 pixel must map to the right place for every rotation.
    @Test(arguments: [
        (0, PixelRect(x: 0, y: 0, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 1)),
        // 90° clockwise: the image's top-left pixel shows at the view's top-right (view is 2×4).
        (1, PixelRect(x: 1, y: 0, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 1)),
        (2, PixelRect(x: 3, y: 1, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 1)),
        // 270°: the image's top-left shows at the view's bottom-left.
        (3, PixelRect(x: 0, y: 3, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 1)),
        // A 2×1 strip at the view's top under 90°: the image's left column, rows 0…1 → x 0, y 0…2? (2 tall view-x → image rows)
        (1, PixelRect(x: 0, y: 0, width: 2, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 2)),
    ])
    func unrotateMapsViewRectsBackToTheImage(turns: Int, shown: PixelRect, image: PixelRect) {
        #expect(ViewGeometry.unrotate(shown, quarterTurns: turns, imageWidth: 4, imageHeight: 2) == image)
    }

    @Test func rectOperations() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(PixelRect(x: 2, y: 2, width: 8, height: 8)))
        #expect(!a.contains(PixelRect(x: 2, y: 2, width: 9, height: 8)))
        #expect(a.intersection(PixelRect(x: 5, y: -5, width: 10, height: 10)) == PixelRect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(PixelRect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }
}

@Suite struct UncoveredBandsTests {
    typealias Band = (origin: Point, size: Size)
    static func same(_ bands: [Band], _ expected: [Band]) -> Bool {
        bands.count == expected.count && zip(bands, expected).allSatisfy { $0.origin == $1.origin && $0.size == $1.size }
    }

    @Test func anImageLargerThanTheViewLeavesNothing() {
        let bands = ViewGeometry.uncovered(
            viewport: Size(width: 800, height: 600), origin: Point(x: -100, y: -50), contentSize: Size(width: 4000, height: 3000))
        #expect(bands.isEmpty)
    }

    @Test func aCentredImageLeavesFourBands() {
        // 400×300 centred in 800×600: above and below across the view, left and right beside it.
        let bands = ViewGeometry.uncovered(
            viewport: Size(width: 800, height: 600), origin: Point(x: 200, y: 150), contentSize: Size(width: 400, height: 300))
        #expect(
            Self.same(
                bands,
                [
                    (Point(x: 0, y: 0), Size(width: 800, height: 150)), (Point(x: 0, y: 450), Size(width: 800, height: 150)),
                    (Point(x: 0, y: 150), Size(width: 200, height: 300)), (Point(x: 600, y: 150), Size(width: 200, height: 300)),
                ]))
        let area = bands.reduce(0) { $0 + $1.size.width * $1.size.height }
        #expect(area == 800 * 600 - 400 * 300, "the bands cover exactly what the image does not")
    }

    @Test func aLetterboxedImageLeavesTwoBars() {
        let bands = ViewGeometry.uncovered(
            viewport: Size(width: 1920, height: 1080), origin: Point(x: 150, y: 0), contentSize: Size(width: 1620, height: 1080))
        #expect(
            Self.same(bands, [(Point(x: 0, y: 0), Size(width: 150, height: 1080)), (Point(x: 1770, y: 0), Size(width: 150, height: 1080))]))
    }

    @Test func anImageOutOfSightOrNoViewLeaveTheWholeViewOrNothing() {
        let viewport = Size(width: 800, height: 600)
        let away = ViewGeometry.uncovered(viewport: viewport, origin: Point(x: 900, y: 0), contentSize: Size(width: 100, height: 100))
        #expect(Self.same(away, [(Point.zero, viewport)]))
        #expect(Self.same(ViewGeometry.uncovered(viewport: viewport, origin: .zero, contentSize: .zero), [(Point.zero, viewport)]))
        #expect(ViewGeometry.uncovered(viewport: .zero, origin: .zero, contentSize: .zero).isEmpty)
    }
}
