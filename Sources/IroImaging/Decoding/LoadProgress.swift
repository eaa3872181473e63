import Synchronization

/// How far a decode has come, written by the decoding thread and read by the
/// UI's progress bar timer. A fraction 0…1 of the file's bytes consumed.
public final class LoadProgress: Sendable {
    private let value = Mutex(0.0)
    public init() {}
    public var fraction: Double { value.withLock { $0 } }
    func set(_ fraction: Double) { value.withLock { $0 = fraction } }
}
