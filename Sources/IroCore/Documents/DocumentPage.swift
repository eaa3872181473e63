/// Which page of a file a decode is of (BEHAVIOUR G1): the index, from 0 (an image has only
/// page 0), and the password that opens a locked document (kept by its tab, in memory only,
/// never written anywhere).
public struct DocumentPage: Hashable, Sendable {
    public var index: Int
    public var password: String?

    public init(_ index: Int, password: String? = nil) {
        self.index = index
        self.password = password
    }

    /// An image, or a document's first page without a password.
    public static let first = DocumentPage(0)
}
