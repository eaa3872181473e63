/// The order of a folder's images (BEHAVIOUR H1): the file manager's (by name), or by when
/// each was taken (its EXIF date; those without one after them), last modified, or by
/// size, oldest or smallest first. Each is a sort key of bytes, compared as `FolderList`
/// compares them: the date, time or size, then the name's collation key, so that equal
/// ones still sort by name and the order is total.
public enum FolderSort: String, CaseIterable, Sendable {
    case name, taken, modified, size

    /// The sort key of a file whose name collates as `collation`; `taken`: its EXIF date
    /// ("2024:05:01 12:30:00"), when it has one.
    public func key(collation: [UInt8], modified: Int64, bytes: Int64, taken: String? = nil) -> [UInt8] {
        switch self {
        case .name: collation
        case .taken:
            // The date's digits compare as the dates do; a file without one sorts after.
            if let digits = taken.map(Self.digits), digits.count >= 8 { [1] + digits + [0] + collation } else { [2] + collation }
        case .modified: Self.bigEndian(modified) + collation
        case .size: Self.bigEndian(bytes) + collation
        }
    }

    /// Whether the key depends on more than the name (a rewrite can move the file).
    public var readsTheFile: Bool { self != .name }

    /// Whether the key needs the photo's metadata (read in the decoder helper).
    public var readsTheMetadata: Bool { self == .taken }

    /// The ASCII digits of `text`, in order: "2024:05:01 12:30:00" → "20240501123000".
    static func digits(_ text: String) -> [UInt8] { Array(text.utf8.filter { (0x30...0x39).contains($0) }) }

    /// `value`'s bytes in an order that compares as the numbers do, negatives first.
    static func bigEndian(_ value: Int64) -> [UInt8] {
        let flipped = UInt64(bitPattern: value) ^ (1 << 63)
        return (0..<8).reversed().map { UInt8(truncatingIfNeeded: flipped >> (8 * UInt64($0))) }
    }
}
