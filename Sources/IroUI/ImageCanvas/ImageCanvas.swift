import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// The widget that shows one image: a GtkScrollable custom widget, so the
/// GtkScrolledWindow around it drives its adjustments and it draws only the
/// visible part at the ZoomModel's scale (no GtkViewport, no widget the size of
/// the zoomed image).
///
/// The view it shows (zoom, scroll, rotation, hue) is its `viewOwner`'s: for a tab, the
/// document model's. This file is the only place that changes it, and every change ends in
/// `viewChanged()`, which asks for what the new view needs: more decoded detail, an exact
/// rendering. The canvas's own state is how it draws: the levels, the scale drawn while
/// animating or pinching, the renderings. Drawing
/// (`+Snapshot`) only reads. The rest is split by concern: `CanvasRenderer` makes the
/// exact renderings, `ZoomAnimator` plays zoom animations, `+Zoom` turns commands into
/// scales, `+Rotation` turns the view, `+Gestures` turns input into zoom and pan.
final class ImageCanvas: CustomWidgetDelegate {
    static let type = CustomWidget.register(
        typeName: "IroImageCanvas", cssName: "imagecanvas", scrollable: true,
        accessibleRole: GTK_ACCESSIBLE_ROLE_IMG)
    /// How far past the viewport, as a fraction of it, a rendering reaches on each side.
    nonisolated static let renderMargin = 0.25

    private(set) var widget: UnsafeMutablePointer<GtkWidget>!
    /// The image at several sizes; nil until a document has loaded.
    private(set) var pyramid: ImagePyramid?
    var image: DecodedImage? { pyramid?.image }
    /// It draws an image (its document has levels).
    var hasImage: Bool { pyramid != nil }
    /// Who holds the view shown: the tab's document model, or the canvas's own (`OwnView`).
    var viewOwner: any ViewOwner = OwnView()
    /// View rotation in quarter turns clockwise (BEHAVIOUR C7).
    private(set) var quarterTurns: Int {
        get { viewOwner.view.quarterTurns }
        set { viewOwner.view.quarterTurns = newValue }
    }
    /// nil until both the image and an allocation are known.
    private(set) var zoom: ZoomModel? {
        get { viewOwner.view.zoom }
        set { viewOwner.view.zoom = newValue }
    }
    /// The scale being drawn (view points per image pixel): the model's, or an in-between
    /// one while animating or pinching.
    private(set) var displayScale: Double = 1
    /// Device pixels per view point (the surface's scale factor): renderings, levels and
    /// decodes are made in device pixels, so every one of them carries image detail.
    var pixelsPerPoint: Double { Double(max(1, gtk_widget_get_scale_factor(widget))) }
    let renderer = CanvasRenderer()
    private(set) var animator: ZoomAnimator!
    /// The input controllers (owned by the widget), kept for tests that emit their signals.
    private(set) var pinchGesture: OpaquePointer?
    private(set) var keyController: OpaquePointer?

    /// Hue slider value 0…1 (BEHAVIOUR D3); 0.5 shows the image unchanged. Applied at draw
    /// time from the decoded pixels, never by decoding again.
    var hue: Double { viewOwner.hue }

    /// The owner's hue changed: recolours the rendering, or asks for a new one.
    func hueChanged() {
        if !renderer.recolour() { viewChanged() } else { onViewChanged?() }
        gtk_widget_queue_draw(widget)
    }

    /// Hides the pointer over the image (fullscreen, after the pointer rested; BEHAVIOUR F2).
    var hidesPointer = false {
        didSet {
            if hidesPointer != oldValue { gtk_widget_set_cursor_from_name(widget, hidesPointer ? "none" : "grab") }
        }
    }

    /// Told when the view shows more detail than the pyramid holds (the scale it needs),
    /// so the document decodes the image again with that detail.
    var onNeedsDetail: (@MainActor (Double) -> Void)?
    /// Told whenever the zoom (scale, limits or mode) changes, for the toolbar.
    var onZoomChanged: (@MainActor () -> Void)?
    /// Told when the user moved the view (zoom, scroll, pan, pinch, rotation), for linked views.
    var onMovedByUser: (@MainActor () -> Void)?
    /// Told on every change of what the view shows (scale, scroll, turn, levels, hue, every
    /// frame of a zoom animation): a presentation follows it.
    var onViewChanged: (@MainActor () -> Void)?
    /// A linked view to take once the view has a size (`follow`).
    var pendingLink: LinkedView?

    private var horizontal: UnsafeMutablePointer<GtkAdjustment>?
    private var vertical: UnsafeMutablePointer<GtkAdjustment>?
    /// Tells `onZoomChanged` once the main loop is idle (never mid-layout).
    private lazy var zoomChangedLater = IdleOnce { [weak self] in self?.onZoomChanged?() }
    /// Set while both adjustments are being configured: each emits value-changed, and the
    /// view is whole again only after the second.
    private var configuring = false
    /// The view needs an exact rendering, to be started once the next frame is painted.
    private var renderingWanted = false
    /// The colour around the image; nil for the stylesheet's `iro_backdrop`.
    var backdrop: GdkRGBA?
    /// What the last frame drew the image from (tests and benchmarks look).
    enum Drawing { case exact, stretched, level }
    var lastDrawing: Drawing?
    /// The frame clock's after-paint handler, while mapped.
    private var afterPaint: (clock: UnsafeMutableRawPointer, handler: SignalHandlerID)?
    /// Work waiting for the next frame to be painted (`afterNextFrame`).
    private var afterNextPaint: [@MainActor () -> Void] = []
    /// The document whose levels it draws (`+Document`), and how it follows it.
    var source: (model: DocumentModel, observers: [SignalHandlerID])?
    /// Asked where a drag starts: true when it selects (a page's text) instead of panning.
    var dragSelects: (@MainActor (Point) -> Bool)?
    /// The picture is drawn mirrored left to right about the middle of the view (an edit's
    /// flip, `+Crop`).
    var mirrored = false {
        didSet { if mirrored != oldValue { gtk_widget_queue_draw(widget) } }
    }
    /// A presentation's canvas (`+Markup`: the presenter may hide the markup there).
    var isPresentation = false
    /// The markup drawn once for many frames (`+Markup`).
    let markupCache = MarkupCache()
    /// The markup drag under way: where it began, and the sticky note it moves (`+Markup`).
    var markupDrag: MarkupDrag?
    struct MarkupDrag {
        let start: Point
        var note: (id: Int, origin: Point)?
        /// Where the pointer was last, in image pixels (the eraser sweeps from there).
        var last: Point?
    }
    /// A sticky note pressed twice at a view point (`+Markup`): it opens for typing. (The
    /// markup drag claims the presses, so the tab's double-click never sees them.)
    var onNoteOpened: (@MainActor (Point) -> Void)?
    /// The last press on a sticky note: which, and when (monotonic seconds).
    var lastNotePress: (id: Int, time: Double)?
    /// Markup's text or sticky-note tool pressed at a point of the image (`+Markup`).
    var onMarkupPlace: (@MainActor (MarkupTool, Point) -> Void)?
    /// The crop handle being dragged, and the crop when the drag began (`+Crop`).
    var cropDrag: (handle: CropHandle, start: PixelRect)?
    /// Told when another image than the one drawn is shown (not more detail of it).
    var onImageShown: (@MainActor () -> Void)?

    init() {
        widget = CustomWidget.make(Self.type, delegate: self)
        animator = ZoomAnimator(widget: widget)
        iro_accessible_set_label(widget, tr("Image")) // the file name once one is shown
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        (pinchGesture, keyController) = installGestures()
        installCropDrag()
        installMarkupInput()
        renderer.currentHue = { [weak self] in self?.hue ?? HueControl.neutral }
        renderer.onReady = { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
        markupCache.onReady = { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
        // A tab in the background is not mapped: it asks for nothing until it is shown.
        onSignal(raw(widget), "map") { [weak self] in
            self?.followFrames()
            self?.viewChanged()
        }
        onSignal(raw(widget), "unmap") { [weak self] in self?.stopFollowingFrames() }
        onNotify(raw(widget), "scale-factor") { [weak self] in self?.scaleFactorChanged() }
        // The background preference (BEHAVIOUR H4) applies at once.
        Preferences.shared.observe(self) { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
    }

    /// The window moved to a monitor with another scale factor: the zoom keeps its
    /// percentage (or refits), and every rendering is made again in the new device pixels.
    private func scaleFactorChanged() {
        guard zoom?.pixelsPerPoint != pixelsPerPoint else { return }
        renderer.discard()
        updateModel { $0.setPixelsPerPoint(pixelsPerPoint) }
        if let zoom { displayScale = zoom.scale }
        configureAdjustments(offset: offset)
        notifyZoomChangedLater()
    }

    /// Swaps in other levels of the same image (more detail, or a trimmed pyramid for a
    /// background tab) without moving the view.
    private func replacePyramid(_ replacement: ImagePyramid) {
        guard let current = pyramid, current.width == replacement.width, current.height == replacement.height else { return }
        pyramid = replacement
        renderer.levelsReplaced()
        viewChanged()
        gtk_widget_queue_draw(widget)
    }

    /// Shows the image, at the view its owner holds (`keepsView`: a tab's remembered view) or
    /// from a fresh one: best fit (BEHAVIOUR C5), not turned, scrolled to the start.
    private func show(_ pyramid: ImagePyramid, named name: String, keepsView: Bool) {
        self.pyramid = pyramid
        renderer.discard()
        markupCache.discard()
        iro_accessible_set_label(widget, name)
        pendingLink = nil
        if keepsView, var restored = zoom {
            restored.setImageSize(shownSize(of: pyramid))
            restored.setPixelsPerPoint(pixelsPerPoint)
            zoom = restored
            displayScale = restored.scale
        } else {
            viewOwner.view = ViewState()
        }
        ensureModel()
        // The scrollbars show this view now: the allocation that follows may not come when the
        // size is the same.
        configureAdjustments(offset: offset)
        gtk_widget_queue_allocate(widget)
        gtk_widget_queue_draw(widget)
    }

    var viewportSize: Size {
        Size(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget)))
    }

    /// The scroll position (what the adjustments show).
    var offset: Point { viewOwner.view.scrollOffset }

    /// The image's size as shown, after the view rotation.
    func shownSize(of pyramid: ImagePyramid) -> Size {
        ViewGeometry.rotatedSize(pyramid.size, quarterTurns: quarterTurns)
    }

    /// Creates the zoom model once the image and a real allocation exist.
    private func ensureModel() {
        guard zoom == nil, let pyramid else { return }
        let viewport = viewportSize
        guard viewport.width > 0, viewport.height > 0 else { return }
        zoom = ZoomModel(imageSize: shownSize(of: pyramid), viewportSize: viewport, pixelsPerPoint: pixelsPerPoint)
        displayScale = zoom?.scale ?? 1
        notifyZoomChangedLater()
        if let link = pendingLink { follow(link) }
    }

    /// Shows the view at `model`'s scale scrolled to `offset`, at once (a linked view).
    func place(_ model: ZoomModel, offset: Point) {
        zoom = model
        displayScale = model.scale
        configureAdjustments(offset: offset)
        notifyZoomChangedLater()
    }

    func updateModel(_ change: (inout ZoomModel) -> Void) {
        guard var model = zoom else { return }
        change(&model)
        zoom = model
    }

    /// Draws at `scale`, moving the scroll position so the anchor stays put.
    func apply(scale: Double, from: Double, anchor: Point) {
        guard let zoom else { return }
        let newOffset = zoom.offsetKeeping(anchor: anchor, offset: offset, fromScale: from, toScale: scale)
        displayScale = scale
        configureAdjustments(offset: newOffset)
    }

    /// Turns the view by `turns` quarter turns clockwise, keeping the zoom mode.
    func turn(by turns: Int) {
        guard let pyramid else { return }
        quarterTurns = ViewGeometry.normalized(quarterTurns + turns)
        renderer.discard()
        updateModel { $0.setImageSize(shownSize(of: pyramid)) }
        if let zoom { displayScale = zoom.scale }
        configureAdjustments(offset: offset)
    }

    /// The view changed (scale, scroll, size, rotation, levels, hue, or it was shown): asks
    /// for more decoded detail if the view needs it, and for an exact rendering once the
    /// scale is at rest (not during an animation or a pinch: those frames scale a level).
    /// Only a mapped canvas asks, so a tab in the background decodes nothing.
    func viewChanged() {
        onViewChanged?()
        guard let pyramid, let zoom, gtk_widget_get_mapped(widget) != 0 else { return }
        // The target scale, so a decode starts with a zoom animation, not after it.
        let needed = zoom.deviceScale(max(zoom.scale, displayScale))
        if pyramid.needsMoreDetail(at: needed) { onNeedsDetail?(needed) }
        guard !animator.isRunning, !zoom.isPinching else { return }
        if let rendering = renderer.rendering, renderer.isMade(from: pyramid), covers(rendering, origin: wholePixelOrigin) { return }
        renderingWanted = true
        gtk_widget_queue_draw(widget)
    }

    /// Starts the exact rendering the view wants. Called after a frame is painted, so the
    /// frame that first shows a change (the levels, scaled) has the cores to itself: started
    /// at once, the rendering's threads made that frame 2–3 times slower.
    private func startWantedRendering() {
        guard renderingWanted else { return }
        renderingWanted = false
        guard !showsExactRendering else { return } // made for the frame just painted
        guard let pyramid, let zoom, !animator.isRunning, !zoom.isPinching,
            let request = Self.renderingRequest(zoom: zoom, offset: offset, scale: displayScale, quarterTurns: quarterTurns)
        else { return }
        renderer.request(request, from: pyramid)
    }

    /// The exact rendering a view needs: its visible content, on whole device pixels, plus
    /// the margin, at `scale`. Nil when nothing is visible.
    nonisolated static func renderingRequest(zoom: ZoomModel, offset: Point, scale: Double, quarterTurns: Int) -> ViewRendering.Request? {
        let origin = wholePixelOrigin(zoom: zoom, offset: offset, scale: scale)
        let content = visibleDeviceContent(zoom: zoom, origin: origin, scale: scale, margin: renderMargin)
        return content.isEmpty
            ? nil : ViewRendering.Request(scale: zoom.deviceScale(scale), content: content, quarterTurns: quarterTurns)
    }

    /// Where the content's top-left corner goes at `scale`, in view points, moved onto
    /// the device pixel grid so a 1:1 rendering lands exactly on the screen's pixels.
    nonisolated static func wholePixelOrigin(zoom: ZoomModel, offset: Point, scale: Double) -> Point {
        let exact = zoom.contentOrigin(offset: offset, scale: scale), perPoint = zoom.pixelsPerPoint
        return Point(x: (exact.x * perPoint).rounded() / perPoint, y: (exact.y * perPoint).rounded() / perPoint)
    }

    /// The content visible with its corner at `origin` (view points, on the device grid),
    /// in device pixels of the content at `scale`, widened by `margin` of the viewport.
    nonisolated static func visibleDeviceContent(zoom: ZoomModel, origin: Point, scale: Double, margin: Double = 0) -> PixelRect {
        let perPoint = zoom.pixelsPerPoint
        return ViewGeometry.visibleContent(
            viewport: Size(width: zoom.viewportSize.width * perPoint, height: zoom.viewportSize.height * perPoint),
            origin: Point(x: (origin.x * perPoint).rounded(), y: (origin.y * perPoint).rounded()),
            contentSize: zoom.contentSize(at: zoom.deviceScale(scale)), margin: margin)
    }

    /// The rendering a fresh view of `pyramid` starts with in a viewport of `viewport`
    /// (best fit or 100 %, scrolled to the start, not turned, hue unchanged): what the
    /// folder's next image will need, made ahead with its decode.
    nonisolated static func freshRendering(of pyramid: ImagePyramid, viewport: Size, pixelsPerPoint: Double) -> ViewRendering? {
        guard viewport.width > 0, viewport.height > 0 else { return nil }
        let zoom = ZoomModel(imageSize: pyramid.size, viewportSize: viewport, pixelsPerPoint: pixelsPerPoint)
        guard let request = renderingRequest(zoom: zoom, offset: .zero, scale: zoom.scale, quarterTurns: 0) else { return nil }
        return ViewRendering.render(request, hue: HueControl.neutral, from: pyramid)
    }

    /// Shows the levels that `arrival` brings: more detail (or the next frame) of the image
    /// drawn keeps the view; another image takes the view its owner holds, or starts at best
    /// fit, with `renderedAhead` (made for its fresh view with a decode done ahead) drawn at
    /// once if it still fits the view.
    func show(_ pyramid: ImagePyramid, named name: String, arrival: DocumentModel.LevelsArrival) {
        if case .moreDetail = arrival, let shown = self.pyramid, shown.width == pyramid.width, shown.height == pyramid.height {
            return replacePyramid(pyramid)
        }
        guard self.pyramid !== pyramid else { return }
        // Only the view the document holds is remembered; a view of the canvas's own starts afresh.
        // The rendering made ahead is for the tab's fresh view.
        let keepsView = viewOwner === source?.model, takesAhead = keepsView && zoom == nil
        show(pyramid, named: name, keepsView: keepsView)
        if takesAhead, case .newImage(let rendering?) = arrival { renderer.adopt(rendering, madeFrom: pyramid) }
        onImageShown?()
    }

    private func followFrames() {
        guard afterPaint == nil, let clock = gtk_widget_get_frame_clock(widget) else { return }
        let handler = onSignal(raw(clock), "after-paint") { [weak self] in
            guard let self else { return }
            self.startWantedRendering()
            let waiting = self.afterNextPaint
            self.afterNextPaint = []
            for work in waiting { work() }
        }
        afterPaint = (raw(clock), handler)
    }

    /// Runs `work` once the next frame is painted (at once when the canvas is not shown),
    /// so that the frame showing a change comes before what can wait.
    func afterNextFrame(_ work: @escaping @MainActor () -> Void) {
        guard afterPaint != nil else { return work() }
        afterNextPaint.append(work)
        gtk_widget_queue_draw(widget)
    }

    private func stopFollowingFrames() {
        if let afterPaint { disconnect(afterPaint.clock, afterPaint.handler) }
        afterPaint = nil
        afterNextPaint = []
    }

    /// Whether the view is at rest and frames draw its exact rendering (tests and
    /// benchmarks wait for this).
    var showsExactRendering: Bool {
        guard let pyramid, let rendering = renderer.rendering, zoom?.isPinching == false, !animator.isRunning else { return false }
        return renderer.isMade(from: pyramid) && covers(rendering, origin: wholePixelOrigin)
    }

    /// Where the content's top-left corner is drawn, on whole device pixels.
    var wholePixelOrigin: Point {
        guard let zoom else { return .zero }
        return Self.wholePixelOrigin(zoom: zoom, offset: offset, scale: displayScale)
    }

    /// Whether `rendering` shows the current view exactly.
    func covers(_ rendering: ViewRendering, origin: Point) -> Bool {
        guard let zoom else { return false }
        let request = rendering.request
        guard request.scale == zoom.deviceScale(displayScale), request.quarterTurns == quarterTurns, rendering.hue == hue else {
            return false
        }
        return request.content.contains(Self.visibleDeviceContent(zoom: zoom, origin: origin, scale: displayScale))
    }

    // MARK: CustomWidgetDelegate

    func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        guard let pyramid else { return (1, 300) }
        // Natural size: the image, capped so a huge photo does not ask for a huge window.
        let natural = orientation == GTK_ORIENTATION_HORIZONTAL ? pyramid.width : pyramid.height
        return (1, Int32(min(natural, 1200)))
    }

    func sizeAllocated(width: Int32, height: Int32) {
        ensureModel()
        let before = zoom
        updateModel { $0.viewportSize = Size(width: Double(width), height: Double(height)) }
        if !animator.isRunning, let zoom { displayScale = zoom.scale }
        configureAdjustments(offset: offset)
        // Not during allocation: listeners change header-bar widgets, which must not happen mid-layout.
        if before != zoom { notifyZoomChangedLater() }
    }

    private func notifyZoomChangedLater() { zoomChangedLater.ask() }

    func adjustmentsChanged(horizontal: UnsafeMutablePointer<GtkAdjustment>, vertical: UnsafeMutablePointer<GtkAdjustment>) {
        self.horizontal = horizontal
        self.vertical = vertical
        if widget != nil { configureAdjustments(offset: offset) } // nil while CustomWidget.make runs
    }

    func scrollValueChanged() {
        guard !configuring, let horizontal, let vertical else { return }
        viewOwner.view.scrollOffset = Point(x: gtk_adjustment_get_value(horizontal), y: gtk_adjustment_get_value(vertical))
        viewChanged()
        gtk_widget_queue_draw(widget)
        onMovedByUser?()
    }

    /// Sets the adjustments' ranges for the displayed scale and scrolls to `offset` (clamped).
    func configureAdjustments(offset proposed: Point) {
        guard let horizontal, let vertical else { return }
        let viewport = viewportSize
        guard let zoom else {
            gtk_adjustment_configure(horizontal, 0, 0, viewport.width, 1, 1, viewport.width)
            gtk_adjustment_configure(vertical, 0, 0, viewport.height, 1, 1, viewport.height)
            return
        }
        let content = zoom.contentSize(at: displayScale)
        let clamped = zoom.clampedOffset(proposed, scale: displayScale)
        viewOwner.view.scrollOffset = clamped
        configuring = true
        defer { configuring = false }
        gtk_adjustment_configure(
            horizontal, clamped.x, 0, max(content.width, viewport.width),
            viewport.width * 0.1, viewport.width * 0.9, viewport.width)
        gtk_adjustment_configure(
            vertical, clamped.y, 0, max(content.height, viewport.height),
            viewport.height * 0.1, viewport.height * 0.9, viewport.height)
        viewChanged()
        gtk_widget_queue_draw(widget)
    }
}
