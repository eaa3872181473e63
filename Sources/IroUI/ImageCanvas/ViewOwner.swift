import IroCore

/// Who holds the view a canvas shows: its zoom, scroll position (which places the centre),
/// rotation (`ViewState`) and the hue it is drawn with. A tab's canvas shows its document
/// model's view, so the view outlives the canvas: it stays while the tab is in the background
/// or moves to another window, and a reload keeps it. A compare pane and the presentation
/// each hold their own view. The canvas reads and changes the view there and keeps no copy;
/// whoever changes the hue tells the canvas (`hueChanged()`).
protocol ViewOwner: AnyObject {
    var view: ViewState { get set }
    var hue: Double { get }
}

/// A view that belongs to the one canvas showing it: a compare pane's, the presentation's.
final class OwnView: ViewOwner {
    var view = ViewState()
    /// Where the hue comes from: the comparison's shared slider, the presented tab's.
    var hueSource: (@MainActor () -> Double)?
    var hue: Double { hueSource?() ?? HueControl.neutral }
}
