import Glibc

/// A source of "now" in seconds, injectable so visibility logic is tested without waiting.
public protocol OverlayClock: Sendable {
    var now: Double { get }
}

/// Seconds since boot from the system's monotonic clock (unaffected by wall-clock changes).
public struct MonotonicClock: OverlayClock {
    public init() {}
    public var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A clock that only moves when told to, for tests.
public struct ManualClock: OverlayClock {
    public var now: Double

    public init(now: Double = 0) { self.now = now }

    public mutating func advance(by seconds: Double) { now += seconds }
}
