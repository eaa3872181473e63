/// The order of a folder's images (BEHAVIOUR H1): the file manager's (by name), or by when
/// each was last modified, or by size, oldest or smallest first. Each is a sort key of
/// bytes, compared as `FolderList` compares them: the time or size, big-endian, then the
/// name's collation key, so that equal times and sizes still sort by name and the order
/// is total.
public enum FolderSort: String, CaseIterable, Sendable {
    case name, modified, size

    /// The sort key of a file whose name collates as `collation`.
    public func key(collation: [UInt8], modified: Int64, bytes: Int64) -> [UInt8] {
        switch self {
        case .name: collation
        case .modified: Self.bigEndian(modified) + collation
        case .size: Self.bigEndian(bytes) + collation
        }
    }

    /// Whether the key depends on the file's time or size (a rewrite can move the file).
    public var readsTheFile: Bool { self != .name }

    /// `value`'s bytes in an order that compares as the numbers do, negatives first.
    static func bigEndian(_ value: Int64) -> [UInt8] {
        let flipped = UInt64(bitPattern: value) ^ (1 << 63)
        return (0..<8).reversed().map { UInt8(truncatingIfNeeded: flipped >> (8 * UInt64($0))) }
    }
}
