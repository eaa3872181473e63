import IroCore

/// What the window's zoom commands act on (BEHAVIOUR C3, G11): a tab's canvas, a compare
/// pane's, or a document's stacked pages.
@MainActor
protocol ZoomCommands: AnyObject {
    var zoom: ZoomModel? { get }
    func zoomIn()
    func zoomOut()
    func resetZoom()
    func toggleBestFit()
    func zoomToDoubleSize()
    func zoomToFit()
    func zoomToFitWidth()
    func zoomToFitPage()
}

extension ImageCanvas: ZoomCommands {}
extension ContinuousPages: ZoomCommands {}
