/// Where each page of a document sits when its pages are stacked in one column (BEHAVIOUR
/// G11): all at one scale, centred, `gap` view points apart and around them. A page's size
/// (its image pixels at 100 %) is known once it has been drawn; until then it is taken to be
/// `assumed`, the page shown first (a document's pages are mostly alike). Measures in view
/// points; for 100 000 pages everything but a size change is a lookup or a binary search.
public struct ContinuousLayout: Equatable, Sendable {
    public let pageCount: Int
    public let assumed: Size
    /// The sizes known, by page.
    public private(set) var known: [Int: Size] = [:]
    /// The heights at 100 % of the pages before each page (`pageCount` + 1 of them).
    private var heightsBefore: [Double] = []
    /// The widest page's width at 100 %, as shown.
    public private(set) var widest: Double
    /// Every page turned by this many quarter turns clockwise (sizes are as shown).
    public var quarterTurns = 0 {
        didSet { if quarterTurns != oldValue { measure() } }
    }

    /// Space between pages and around them, in view points (not scaled).
    public static let gap = 12.0

    public init(pageCount: Int, assumed: Size) {
        self.pageCount = max(1, pageCount)
        self.assumed = Size(width: max(1, assumed.width), height: max(1, assumed.height))
        widest = 0
        measure()
    }

    /// Page `page`'s size became known; whether that moved anything.
    @discardableResult
    public mutating func setSize(_ size: Size, ofPage page: Int) -> Bool {
        guard (0..<pageCount).contains(page), size.width >= 1, size.height >= 1, known[page] != size else { return false }
        let was = pageSize(of: page)
        known[page] = size
        if was != size { measure() }
        return was != size
    }

    /// Page `page`'s size as shown (turned), at 100 %.
    public func size(of page: Int) -> Size {
        let size = pageSize(of: page)
        return ViewGeometry.rotatedSize(size, quarterTurns: quarterTurns)
    }

    /// Page `page`'s own size (unturned), at 100 %: known, or assumed.
    public func pageSize(of page: Int) -> Size { known[page] ?? assumed }

    /// The pages' frame in the content at `scale`: its top left and size, centred across
    /// `width` (the content's, at least the viewport's).
    public func frame(of page: Int, scale: Double, width: Double) -> (origin: Point, size: Size) {
        let size = self.size(of: page)
        let shown = Size(width: size.width * scale, height: size.height * scale)
        return (Point(x: ((width - shown.width) / 2).rounded(), y: top(of: page, scale: scale)), shown)
    }

    public func top(of page: Int, scale: Double) -> Double {
        let page = min(max(0, page), pageCount)
        return (heightsBefore[page] * scale + Self.gap * Double(page + 1)).rounded()
    }

    /// The size of all the pages stacked at `scale`, with the gaps.
    public func contentSize(scale: Double) -> Size {
        Size(width: widest * scale + 2 * Self.gap, height: top(of: pageCount, scale: scale))
    }

    /// The page at height `y` of the content: the one whose frame (and the gap above it)
    /// holds it.
    public func page(at y: Double, scale: Double) -> Int {
        var low = 0, high = pageCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if top(of: middle, scale: scale) - Self.gap <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The pages any part of which lies between `top` and `bottom` of the content.
    public func pages(from top: Double, to bottom: Double, scale: Double) -> ClosedRange<Int> {
        let first = page(at: top, scale: scale), last = page(at: max(top, bottom), scale: scale)
        return first...max(first, last)
    }

    private mutating func measure() {
        var before = [Double](repeating: 0, count: pageCount + 1)
        var sum = 0.0
        let turned = ViewGeometry.normalized(quarterTurns) % 2 == 1
        var wide = 0.0
        for page in 0..<pageCount {
            before[page] = sum
            let size = known[page] ?? assumed
            sum += turned ? size.width : size.height
            wide = max(wide, turned ? size.height : size.width)
        }
        before[pageCount] = sum
        heightsBefore = before
        widest = wide
    }
}
