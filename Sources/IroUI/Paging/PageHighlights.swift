import CGtk

/// The colours drawn over a page's text, the same on a single page and on stacked pages: a
/// search's matches in translucent yellow, its current match in orange (BEHAVIOUR G7), the
/// text selected in the selection's translucent blue (G10).
enum PageHighlights {
    static let match = GdkRGBA(red: 1, green: 0.84, blue: 0, alpha: 0.4)
    static let currentMatch = GdkRGBA(red: 1, green: 0.47, blue: 0, alpha: 0.45)
    static let selection = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.35)
}
