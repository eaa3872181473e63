/// How markup keeps its numbers: finite, within bounds, and at the precision the markup file
/// stores (coordinates and widths to 1/100 px, pressure to 1/1000). An item is normalised
/// when it is made, so the same item read back from its file is equal to the one written, and
/// nothing that reaches cairo or the file is NaN or astronomically large.
enum MarkupNumber {
    /// Markup may start off the image, but not further than this from it: images stop at
    /// 32 767 px a side (ImageLimits.maxSide).
    static let coordinateLimit = 100_000.0
    /// The widest line and the largest text, in image pixels.
    static let sizeLimit = 5_000.0

    /// `value` within ±`coordinateLimit`, to 1/100; 0 when it is not a number.
    static func coordinate(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (min(max(value, -coordinateLimit), coordinateLimit) * 100).rounded() / 100
    }

    /// `value` within `minimum`…`sizeLimit`, to 1/100; `minimum` when it is not a number.
    static func size(_ value: Double, minimum: Double) -> Double {
        guard value.isFinite else { return minimum }
        return (min(max(value, minimum), sizeLimit) * 100).rounded() / 100
    }

    /// A stylus's pressure within 0…1, to 1/1000; nil stays nil, NaN is none.
    static func pressure(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return (min(max(value, 0), 1) * 1000).rounded() / 1000
    }

    static func point(_ point: Point) -> Point { Point(x: coordinate(point.x), y: coordinate(point.y)) }

    /// `value` (already normalised) as the file writes it: "12.5", "-3", "0.25".
    static func format(_ value: Double, decimals: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt(scale)
        var fraction = String(magnitude % UInt(scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (scaled < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
