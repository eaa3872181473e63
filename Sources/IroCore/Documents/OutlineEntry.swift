/// An entry of a document's outline, its table of contents (BEHAVIOUR G3): a title, how
/// deep it sits (0 at the top), and the page it goes to (from 0), if any.
public struct OutlineEntry: Equatable, Sendable {
    public var title: String
    public var depth: Int
    public var page: Int?

    public init(title: String, depth: Int, page: Int?) {
        (self.title, self.depth, self.page) = (title, depth, page)
    }

    /// The most entries read, and the deepest level kept.
    public static let maxCount = 10_000
    public static let maxDepth = 31
}
