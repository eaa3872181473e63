/// A width and height in points (or pixels, depending on the caller), kept as `Double`
/// so zoom maths never rounds until the UI draws.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when either side is zero, negative or not finite: nothing sensible can be
    /// fitted into (or out of) such a size.
    public var isDegenerate: Bool {
        !(width.isFinite && height.isFinite && width > 0 && height > 0)
    }

    /// The size with width and height exchanged, as a 90° view rotation needs.
    public var transposed: Size { Size(width: height, height: width) }

    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }

    public var description: String { "\(width)×\(height)" }
}
