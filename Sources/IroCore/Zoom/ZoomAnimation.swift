/// One animated zoom step (BEHAVIOUR C3: ~200 ms, ease-out). Times are in seconds on whatever
/// monotonic clock the caller uses (e.g. the GdkFrameClock frame time).
///
/// The scale is interpolated directly; the caller re-anchors the offset each frame with
/// `ZoomModel.offsetKeeping`, so the anchor stays still throughout.
public struct ZoomAnimation: Equatable, Sendable {
    public let from: Double
    public let to: Double
    public let startTime: Double
    public let duration: Double

    public init(from: Double, to: Double, startTime: Double, duration: Double = 0.2) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
    }

    /// Ease-out cubic: fast start, gentle landing. `t` is clamped to [0, 1].
    public static func easeOut(_ t: Double) -> Double {
        let clamped = t.isNaN ? 1 : min(max(t, 0), 1)
        let remaining = 1 - clamped
        return 1 - remaining * remaining * remaining
    }

    /// Progress in [0, 1]; a non-positive duration finishes at once.
    public func progress(at time: Double) -> Double {
        // Compared as times, not as a ratio: (10.2 − 10) / 0.2 is 0.99999… in floating point,
        // and the last frame must land on the target.
        guard duration > 0, time < startTime + duration else { return 1 }
        let t = (time - startTime) / duration
        return t.isNaN ? 1 : min(max(t, 0), 1)
    }

    public func scale(at time: Double) -> Double {
        let t = progress(at: time)
        // Land exactly on the target so the final frame does not differ by rounding.
        if t >= 1 { return to }
        return from + (to - from) * Self.easeOut(t)
    }

    public func isFinished(at time: Double) -> Bool { progress(at: time) >= 1 }
}
