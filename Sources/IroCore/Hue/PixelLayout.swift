/// Where the colour channels of one pixel sit in memory, for the CPU hue path.
public struct PixelLayout: Equatable, Hashable, Sendable {
    public let bytesPerPixel: Int
    public let redIndex: Int
    public let greenIndex: Int
    public let blueIndex: Int
    /// nil when the format has no alpha channel.
    public let alphaIndex: Int?
    /// Premultiplied colour channels must stay ≤ alpha.
    public let isPremultiplied: Bool

    /// Internal so that every public layout is known to be in bounds and distinct.
    init(bytesPerPixel: Int, red: Int, green: Int, blue: Int, alpha: Int?, premultiplied: Bool) {
        self.bytesPerPixel = bytesPerPixel
        redIndex = red
        greenIndex = green
        blueIndex = blue
        alphaIndex = alpha
        isPremultiplied = premultiplied
    }

    /// Cairo ARGB32 on little-endian machines, `GDK_MEMORY_B8G8R8A8_PREMULTIPLIED`.
    public static let bgraPremultiplied = PixelLayout(bytesPerPixel: 4, red: 2, green: 1, blue: 0, alpha: 3, premultiplied: true)
    /// `GDK_MEMORY_R8G8B8A8_PREMULTIPLIED`.
    public static let rgbaPremultiplied = PixelLayout(bytesPerPixel: 4, red: 0, green: 1, blue: 2, alpha: 3, premultiplied: true)
    /// Straight alpha, as a GdkPixbuf with alpha holds it (`GDK_MEMORY_R8G8B8A8`).
    public static let rgba = PixelLayout(bytesPerPixel: 4, red: 0, green: 1, blue: 2, alpha: 3, premultiplied: false)
    /// No alpha, as a GdkPixbuf without alpha holds it (`GDK_MEMORY_R8G8B8`).
    public static let rgb = PixelLayout(bytesPerPixel: 3, red: 0, green: 1, blue: 2, alpha: nil, premultiplied: false)
}
