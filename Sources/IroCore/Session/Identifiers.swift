import Synchronization

/// Hands out process-unique, increasing numbers; a lock because ids are made on whatever
/// thread creates a document.
final class IdentifierCounter: Sendable {
    private let value = Mutex<UInt64>(0)

    func next() -> UInt64 {
        value.withLock { value in
            value &+= 1
            return value
        }
    }
}

/// The stable identity of one open document (BEHAVIOUR A4): survives moving its tab between
/// windows, never reused within a process.
public struct DocumentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    private static let counter = IdentifierCounter()

    public let rawValue: UInt64

    /// A fresh id, greater than every id made before it.
    public init() { rawValue = Self.counter.next() }

    public static func < (lhs: DocumentID, rhs: DocumentID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "document-\(rawValue)" }
}

/// The identity of one document window, independent of the GTK object that shows it.
public struct WindowID: Hashable, Comparable, Sendable, CustomStringConvertible {
    private static let counter = IdentifierCounter()

    public let rawValue: UInt64

    public init() { rawValue = Self.counter.next() }

    public static func < (lhs: WindowID, rhs: WindowID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "window-\(rawValue)" }
}
