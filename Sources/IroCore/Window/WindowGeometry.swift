/// The size a window opens at, and whether its properties panel is shown, remembered from
/// the last one (BEHAVIOUR E4, F4). Values read back from storage are checked: a size too
/// small to use, or absurd, gives the default.
public struct WindowGeometry: Equatable, Sendable {
    public static let standard = WindowGeometry(width: 1000, height: 720, maximized: false)
    /// Below this a window shows nothing useful; above it, the value is not a real size.
    public static let smallest = 360
    public static let largest = 16_384

    public var width: Int
    public var height: Int
    public var maximized: Bool
    public var showsProperties: Bool

    public init(width: Int, height: Int, maximized: Bool, showsProperties: Bool = false) {
        self.width = width
        self.height = height
        self.maximized = maximized
        self.showsProperties = showsProperties
    }

    /// What was stored, or the standard size when it cannot be a window's.
    public static func restored(width: Int, height: Int, maximized: Bool, showsProperties: Bool = false) -> WindowGeometry {
        let usable = (smallest...largest).contains(width) && (smallest...largest).contains(height)
        return usable
            ? WindowGeometry(width: width, height: height, maximized: maximized, showsProperties: showsProperties)
            : WindowGeometry(width: standard.width, height: standard.height, maximized: maximized, showsProperties: showsProperties)
    }
}
