/// A colour markup is drawn in: red, green, blue and alpha from 0 to 1.
///
/// Each component is kept to a step of 1/255, what the markup file stores ("#RRGGBB" and an
/// opacity), so that a colour read back from the file is equal to the one written.
public struct MarkupColour: Equatable, Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    /// Components outside 0…1 are clamped; one that is not a number is 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.step(red)
        self.green = Self.step(green)
        self.blue = Self.step(blue)
        self.alpha = Self.step(alpha)
    }

    /// The colour `0xRRGGBB`, at `alpha` of 255.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(
            red: Double(rgb >> 16 & 255) / 255, green: Double(rgb >> 8 & 255) / 255, blue: Double(rgb & 255) / 255,
            alpha: Double(alpha) / 255)
    }

    /// The nearest 1/255 step within 0…1.
    static func step(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (min(max(value, 0), 1) * 255).rounded() / 255
    }

    /// The component as a byte.
    static func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }

    /// The same colour at `alpha`.
    public func withAlpha(_ alpha: Double) -> MarkupColour { MarkupColour(red: red, green: green, blue: blue, alpha: alpha) }

    /// Whether dark text reads better on it than light (relative luminance, as WCAG weighs it).
    public var isLight: Bool { 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5 }

    // The swatches: saturated enough to stand out on a photo and dark enough to read on a white
    // board (GNOME's palette, which the rest of the desktop uses too); yellow is for notes and
    // the highlighter rather than for thin lines on white.
    public static let red = MarkupColour(rgb: 0xE01B24)
    public static let orange = MarkupColour(rgb: 0xFF7800)
    public static let yellow = MarkupColour(rgb: 0xF6D32D)
    public static let green = MarkupColour(rgb: 0x2EC27E)
    public static let blue = MarkupColour(rgb: 0x3584E4)
    public static let black = MarkupColour(rgb: 0x000000)

    /// The six swatches offered, in the order shown.
    public static let swatches: [MarkupColour] = [.red, .orange, .yellow, .green, .blue, .black]

    /// What a screen reader says for it: a swatch's name, or "Custom colour".
    public var name: String {
        switch self {
        case .red: trc("Markup colour", "Red")
        case .orange: trc("Markup colour", "Orange")
        case .yellow: trc("Markup colour", "Yellow")
        case .green: trc("Markup colour", "Green")
        case .blue: trc("Markup colour", "Blue")
        case .black: trc("Markup colour", "Black")
        default: tr("Custom colour")
        }
    }

    /// "#rrggbb", or "#rrggbbaa" when not opaque.
    public var hex: String {
        let bytes = [red, green, blue] + (alpha < 1 ? [alpha] : [])
        return "#" + bytes.map { Self.hexByte(Self.byte($0)) }.joined()
    }

    /// "#rrggbb" alone: SVG 1.1 has no alpha in a colour, and takes an opacity beside it.
    public var rgbHex: String { "#" + [red, green, blue].map { Self.hexByte(Self.byte($0)) }.joined() }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// "#RGB", "#RRGGBB" or "#RRGGBBAA" (either case, spaces around allowed); nil otherwise.
    public init?(hex text: String) {
        let trimmed = text.utf8.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()
        guard trimmed.first == UInt8(ascii: "#") else { return nil }
        var nibbles: [UInt8] = []
        for byte in trimmed.dropFirst() {
            guard let value = Self.nibble(byte), nibbles.count < 8 else { return nil }
            nibbles.append(value)
        }
        switch nibbles.count {
        case 3:
            self.init(rgb: nibbles.reduce(0) { $0 << 8 | UInt32($1) * 17 })
        case 6, 8:
            let bytes = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            self.init(rgb: bytes[..<3].reduce(0) { $0 << 8 | UInt32($1) }, alpha: bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
