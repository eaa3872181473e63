/// The shapes a crop can be held to (BEHAVIOUR D7): free, the picture's own, or a fixed ratio,
/// each either way round.
public enum CropAspect: Equatable, Hashable, Sendable, CaseIterable {
    case free, original, square, fourThree, threeTwo, sixteenNine

    /// Width over height for a picture `width` × `height`: landscape for a fixed ratio, the
    /// picture's own for `original`; nil for free.
    public func ratio(width: Int, height: Int) -> Double? {
        switch self {
        case .free: nil
        case .original: Double(max(1, width)) / Double(max(1, height))
        case .square: 1
        case .fourThree: 4 / 3
        case .threeTwo: 3 / 2
        case .sixteenNine: 16 / 9
        }
    }

    /// Its name in the menu ("4:3"); `portrait` turns it ("3:4"; the original's other way round).
    public func name(portrait: Bool) -> String {
        switch self {
        case .free: tr("Free")
        case .original: portrait ? tr("Original, Turned") : tr("Original")
        case .square: tr("Square")
        case .fourThree: portrait ? "3:4" : "4:3"
        case .threeTwo: portrait ? "2:3" : "3:2"
        case .sixteenNine: portrait ? "9:16" : "16:9"
        }
    }

    /// A portrait form differs from the landscape one.
    public var turns: Bool { self != .free && self != .square }
}
