/// A link on a document's page (BEHAVIOUR G6): the area it covers, in the page's image
/// pixels at 100 % from its top left, and where it goes.
public struct PageLink: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// Another page of the document, from 0.
        case page(Int)
        /// A web address (or mail): opened in the desktop's browser after a click.
        case uri(String)
    }

    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var target: Target

    public init(x: Double, y: Double, width: Double, height: Double, target: Target) {
        (self.x, self.y, self.width, self.height, self.target) = (x, y, width, height, target)
    }

    /// The most links a page may say it has.
    public static let maxCount = 10_000

    public func contains(_ point: Point) -> Bool { point.x >= x && point.x < x + width && point.y >= y && point.y < y + height }

    /// The link under `point` of the page as shown turned by `quarterTurns` clockwise (the
    /// point in the turned image's pixels; the page is `width` × `height` unturned).
    public static func link(
        in links: [PageLink], at point: Point, quarterTurns: Int, pageWidth: Double, pageHeight: Double
    ) -> PageLink? {
        let unturned = ViewGeometry.unturn(point, quarterTurns: quarterTurns, width: pageWidth, height: pageHeight)
        return links.last { $0.contains(unturned) } // the one drawn last is on top
    }

    /// Whether Iro opens `uri` when its link is clicked: web and mail addresses only, never a
    /// file, a program or a script a document names.
    public static func opens(_ uri: String) -> Bool {
        let scheme = uri.prefix { $0 != ":" }.lowercased()
        return ["http", "https", "mailto"].contains(scheme) && uri.count > scheme.count + 1
    }
}
