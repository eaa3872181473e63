/// Where a search's text was found on one page of a document (BEHAVIOUR G7): the areas, in
/// the page's image pixels at 100 % from its top left, and whether the page has any text
/// (a scanned page has none, and says so). What a search asks is whether the document has
/// text, so once a page of one request has, the later pages of that request are not read a
/// second time to find out and say they have.
public struct TextMatches: Equatable, Sendable {
    public struct Area: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// The page, from 0.
    public var page: Int
    public var areas: [Area]
    public var hasText: Bool

    public init(page: Int, areas: [Area], hasText: Bool) {
        (self.page, self.areas, self.hasText) = (page, areas, hasText)
    }

    /// The most pages one search request covers, and the most matches a page may report
    /// (32 bytes each: a page's fit in one message to Iro, `DecoderReply.maxBytes`). Each
    /// request opens the document again and loses poppler's fonts, so long runs search a
    /// book about a tenth faster than runs of 16.
    public static let pagesPerRequest = 48
    public static let maxAreas = 3_000
}

extension TextMatches.Area {
    /// Where this area of a page (`pageWidth` × `pageHeight` unturned) is on the page shown
    /// turned by `quarterTurns` clockwise.
    public func turned(_ quarterTurns: Int, pageWidth width: Double, pageHeight height: Double) -> Self {
        switch ViewGeometry.normalized(quarterTurns) {
        case 1: return Self(x: height - y - self.height, y: x, width: self.height, height: self.width)
        case 2: return Self(x: width - x - self.width, y: height - y - self.height, width: self.width, height: self.height)
        case 3: return Self(x: y, y: width - x - self.width, width: self.height, height: self.width)
        default: return self
        }
    }
}
