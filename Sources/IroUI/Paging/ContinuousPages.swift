import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// A document's pages stacked in one column (BEHAVIOUR G11), scrolled across page
/// boundaries: a GtkScrollable custom widget in its own scrolled window that draws only the
/// pages in view, each from a rendering made in the decoder helper for the scale shown (a
/// PDF's at that scale exactly, so text stays sharp), with the hue applied to its pixels.
/// The scale is a `ZoomModel`'s over the widest page, so the header's zoom commands work
/// as on a single page; it starts at fit width, no larger than 100 %. The page filling most
/// of the view is the document's page: scrolling shows it through the model (the header's
/// indicator and the sidebar follow), and a page shown from elsewhere (a key, the sidebar, a
/// search, a link) is scrolled to.
final class ContinuousPages: CustomWidgetDelegate {
    static let type = CustomWidget.register(
        typeName: "IroContinuousPages", cssName: "continuouspages", scrollable: true, accessibleRole: GTK_ACCESSIBLE_ROLE_DOCUMENT)
    /// Pages kept drawn at most (the ones in view, and those nearest them).
    static let kept = 8
    /// The most pixels one page is drawn with (past that a poster page is drawn coarser).
    static let maxPagePixels = 16_000_000.0

    private(set) var widget: UnsafeMutablePointer<GtkWidget>!
    let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
    unowned let model: DocumentModel
    private(set) var layout: ContinuousLayout?
    /// The scale shown, its limits and steps.
    private(set) var zoom: ZoomModel?
    /// The document the layout is of: its file and password.
    private var shownFile: (path: RawPath, password: String?)?
    var offset = Point.zero
    private var adjustments: (horizontal: UnsafeMutablePointer<GtkAdjustment>, vertical: UnsafeMutablePointer<GtkAdjustment>)?
    private var configuring = false
    /// Each page's rendering, at the scale it was made for.
    private(set) var renderings: [Int: ViewRendering] = [:]
    private var drawing: (page: Int, task: Task<Void, Never>)?
    /// Recolouring the renderings for a new hue.
    private var recolouring: Task<Void, Never>?
    /// Pages that could not be drawn (not asked again until the document changes).
    private var failed: Set<Int> = []
    /// The page filling most of the view.
    private(set) var currentPage = 0
    /// The links on the pages in view (a PDF's).
    let links = ContinuousPageLinks()
    /// The pinch that scales the pages (the input installs it; tests emit its signals).
    var pinchGesture: OpaquePointer?
    /// Selecting the pages' text (made once the widget is).
    private(set) var textDrag: TextSelectionDrag!
    /// Asked where a drag starts: true when it selects text instead of panning.
    var dragSelects: (@MainActor (Point) -> Bool)?
    /// Told when the scale (or its limits) changed, for the header.
    var onZoomChanged: (() -> Void)?
    /// Tells `onZoomChanged` once the main loop is idle: never during layout, when the
    /// header's widgets must not change (the canvas does the same).
    private lazy var zoomChangedLater = IdleOnce { [weak self] in self?.onZoomChanged?() }

    init(model: DocumentModel) {
        self.model = model
        widget = CustomWidget.make(Self.type, delegate: self)
        gtk_widget_set_focusable(widget, 1)
        iro_accessible_set_label(widget, tr("Continuous Pages")) // the document's name once one is shown
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_scrolled_window_set_child(scroller, widget)
        gtk_scrolled_window_set_kinetic_scrolling(scroller, 1)
        installInput()
        textDrag = TextSelectionDrag(surface: self, model: model)
    }

    var viewportSize: Size { Size(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget))) }
    var pixelsPerPoint: Double { Double(max(1, gtk_widget_get_scale_factor(widget))) }

    // MARK: The document

    /// Shows the model's document (its pages stacked), scrolled to its page; the same
    /// document keeps its layout, scale and renderings.
    func show() {
        guard let path = model.imagePath, let levels = model.levels, model.hasPages else { return }
        let file = (path, model.document.password)
        if shownFile?.path != file.0 || shownFile?.password != file.1 || layout?.pageCount != model.document.pageCount {
            drawing?.task.cancel()
            drawing = nil
            shownFile = file
            renderings = [:]
            failed = []
            links.forget()
            // The page shown is drawn already: its size stands for the pages not drawn yet.
            var made = ContinuousLayout(
                pageCount: model.document.pageCount, assumed: Size(width: Double(levels.width), height: Double(levels.height)))
            made.setSize(Size(width: Double(levels.width), height: Double(levels.height)), ofPage: model.document.page)
            layout = made
            zoom = nil
            currentPage = model.document.page
            iro_accessible_set_label(widget, model.document.displayName)
            ensureZoom()
            scroll(toPage: currentPage)
        } else {
            pageChanged()
        }
    }

    /// The model shows another page than the one in view (a key, the sidebar, a search): it
    /// is scrolled to. The page scrolled to is the model's already.
    func pageChanged() {
        guard layout != nil, model.document.page != currentPage else { return }
        scroll(toPage: model.document.page)
    }

    /// The hue changed: the renderings take it, recoloured off the main thread (only the
    /// colour lookup runs again), so the slider moves freely; the last hue asked wins.
    func hueChanged() {
        let hue = model.hue, current = renderings
        recolouring?.cancel()
        recolouring = Task { [weak self] in
            let recoloured = await Self.recolour(current, hue: hue)
            guard !Task.isCancelled, let self, self.model.hue == hue else { return }
            for (page, rendering) in recoloured where self.renderings[page] === current[page] { self.renderings[page] = rendering }
            gtk_widget_queue_draw(self.widget)
        }
    }

    @concurrent
    nonisolated private static func recolour(_ renderings: [Int: ViewRendering], hue: Double) async -> [Int: ViewRendering] {
        renderings.compactMapValues { $0.hue == hue ? $0 : $0.withHue(hue) }
    }

    /// Scrolls an area of `page` (its image pixels at 100 %: a search's current match) into the
    /// middle of the view, unless all of it shows already.
    func reveal(_ area: TextMatches.Area, onPage page: Int) {
        guard let layout, let zoom else { return }
        let scale = zoom.scale, frame = layout.frame(of: page, scale: scale, width: contentWidth(at: scale))
        let area = turned(area, onPage: page)
        let left = frame.origin.x + area.x * scale, top = frame.origin.y + area.y * scale
        let right = left + area.width * scale, bottom = top + area.height * scale, viewport = viewportSize
        guard left < offset.x || top < offset.y || right > offset.x + viewport.width || bottom > offset.y + viewport.height else { return }
        configureAdjustments(offset: Point(x: (left + right - viewport.width) / 2, y: (top + bottom - viewport.height) / 2))
    }

    /// Scrolls so that `page`'s top is at the view's top (less the gap).
    func scroll(toPage page: Int) {
        guard let layout, let zoom else { return }
        currentPage = min(max(0, page), layout.pageCount - 1)
        let top = layout.top(of: currentPage, scale: zoom.scale) - ContinuousLayout.gap
        configureAdjustments(offset: Point(x: offset.x, y: top))
    }

    private func ensureZoom() {
        guard zoom == nil, let layout else { return }
        let viewport = viewportSize
        guard viewport.width > 0, viewport.height > 0 else { return }
        var made = ZoomModel(
            imageSize: Size(width: layout.widest, height: layout.assumed.height), viewportSize: Self.zoomViewport(viewport),
            pixelsPerPoint: pixelsPerPoint)
        made.setScale(min(made.fitWidthTarget(), made.naturalScale))
        zoom = made
        zoomChangedLater.ask()
    }

    /// The view less the gaps around the pages: a page fitted to it fits with its gaps.
    private static func zoomViewport(_ viewport: Size) -> Size {
        Size(width: max(1, viewport.width - 2 * ContinuousLayout.gap), height: max(1, viewport.height - 2 * ContinuousLayout.gap))
    }

    // MARK: Zoom (the window's zoom actions call these, as on the canvas)

    func zoomIn() { if let zoom { setScale(zoom.zoomInTarget()) } }
    func zoomOut() { if let zoom { setScale(zoom.zoomOutTarget()) } }
    func resetZoom() { if let zoom { setScale(zoom.resetTarget()) } }
    func zoomToDoubleSize() { if let zoom { setScale(zoom.doubleSizeTarget()) } }
    func zoomToFit() { if let zoom { setScale(zoom.bestFitTarget()) } }
    func zoomToFitPage() { if let zoom { setScale(zoom.fitPageTarget()) } }
    func zoomToFitWidth() { if let zoom { setScale(zoom.fitWidthTarget()) } }
    func toggleBestFit() { if let zoom { setScale(zoom.mode == .bestFit ? zoom.resetTarget() : zoom.bestFitTarget()) } }

    /// Shows the pages at `scale`, the point of the page under `anchor` (the view's middle
    /// by default) staying under it.
    func setScale(_ scale: Double, anchor: Point? = nil) {
        guard var zoom, let layout else { return }
        let anchor = anchor ?? Point(x: viewportSize.width / 2, y: viewportSize.height / 2)
        let from = zoom.scale
        zoom.setScale(scale)
        self.zoom = zoom
        let to = zoom.scale
        guard abs(to - from) > 1e-9 else {
            zoomChangedLater.ask()
            return
        }
        // Where the anchor is on its page, as a fraction of the page: the same there after.
        let y = offset.y + anchor.y, page = layout.page(at: y, scale: from)
        let fraction = (y - layout.top(of: page, scale: from)) / max(1, layout.size(of: page).height * from)
        let newY = layout.top(of: page, scale: to) + fraction * layout.size(of: page).height * to - anchor.y
        let contentX = (offset.x + anchor.x) / max(1, contentWidth(at: from)) * contentWidth(at: to)
        configureAdjustments(offset: Point(x: contentX - anchor.x, y: newY))
        zoomChangedLater.ask()
    }

    func contentWidth(at scale: Double) -> Double {
        max(viewportSize.width, layout?.contentSize(scale: scale).width ?? 0)
    }

    // MARK: Scrolling

    func adjustmentsChanged(horizontal: UnsafeMutablePointer<GtkAdjustment>, vertical: UnsafeMutablePointer<GtkAdjustment>) {
        adjustments = (horizontal, vertical)
        if widget != nil { configureAdjustments(offset: offset) } // nil while CustomWidget.make runs
    }

    func scrollValueChanged() {
        guard !configuring, let adjustments else { return }
        offset = Point(x: gtk_adjustment_get_value(adjustments.horizontal), y: gtk_adjustment_get_value(adjustments.vertical))
        viewChanged()
    }

    /// Sets the adjustments' ranges for the scale shown and scrolls to `proposed` (clamped).
    func configureAdjustments(offset proposed: Point) {
        guard let adjustments else { return }
        let viewport = viewportSize
        guard let layout, let zoom else {
            gtk_adjustment_configure(adjustments.horizontal, 0, 0, viewport.width, 1, 1, viewport.width)
            gtk_adjustment_configure(adjustments.vertical, 0, 0, viewport.height, 1, 1, viewport.height)
            return
        }
        let content = layout.contentSize(scale: zoom.scale)
        let width = max(content.width, viewport.width), height = max(content.height, viewport.height)
        offset = Point(
            x: min(max(0, proposed.x), width - viewport.width).rounded(), y: min(max(0, proposed.y), height - viewport.height).rounded())
        configuring = true
        gtk_adjustment_configure(adjustments.horizontal, offset.x, 0, width, viewport.width * 0.1, viewport.width * 0.9, viewport.width)
        gtk_adjustment_configure(adjustments.vertical, offset.y, 0, height, viewport.height * 0.1, viewport.height * 0.9, viewport.height)
        configuring = false
        viewChanged()
    }

    /// What is in view changed: the page filling most of it is the document's, and the
    /// pages in view are drawn.
    private func viewChanged() {
        gtk_widget_queue_draw(widget)
        guard let layout, let zoom, gtk_widget_get_mapped(widget) != 0 else { return }
        let inView = pagesInView
        let mostShown = inView.max { shown(of: $0, layout, zoom) < shown(of: $1, layout, zoom) } ?? currentPage
        if mostShown != currentPage {
            currentPage = mostShown
            if model.document.page != mostShown { model.showPage(mostShown) }
        }
        drawNext()
        if let shownFile, model.formatName == ImageFormats.pdf { links.want(inView, of: shownFile.path, password: shownFile.password) }
    }

    /// The page under `point` of the view and the point of it there (its image pixels at
    /// 100 %), when the point is on a page (`PageSurface`).
    func pageUnder(_ point: Point) -> (page: Int, point: Point)? {
        guard let layout, let zoom else { return nil }
        let page = layout.page(at: offset.y + point.y, scale: zoom.scale)
        guard let inPage = self.point(point, onPage: page) else { return nil }
        let size = layout.pageSize(of: page)
        guard inPage.x >= 0, inPage.y >= 0, inPage.x < size.width, inPage.y < size.height else { return nil }
        return (page, inPage)
    }

    func point(_ point: Point, onPage page: Int) -> Point? {
        guard let layout, let zoom, (0..<layout.pageCount).contains(page) else { return nil }
        let frame = layout.frame(of: page, scale: zoom.scale, width: contentWidth(at: zoom.scale))
        let shown = Point(x: (offset.x + point.x - frame.origin.x) / zoom.scale, y: (offset.y + point.y - frame.origin.y) / zoom.scale)
        let size = layout.pageSize(of: page)
        return ViewGeometry.unturn(shown, quarterTurns: layout.quarterTurns, width: size.width, height: size.height)
    }

    /// An area of `page` (its image pixels at 100 %, unturned) where the page shows it.
    private func turned(_ area: TextMatches.Area, onPage page: Int) -> TextMatches.Area {
        guard let layout else { return area }
        let size = layout.pageSize(of: page)
        return area.turned(layout.quarterTurns, pageWidth: size.width, pageHeight: size.height)
    }

    /// Turns the pages a quarter turn (BEHAVIOUR C7, G11): each is drawn again turned, and the
    /// page in view stays at the top.
    func rotate(clockwise: Bool) {
        guard var layout, var zoom else { return }
        layout.quarterTurns = ViewGeometry.normalized(layout.quarterTurns + (clockwise ? 1 : -1))
        self.layout = layout
        zoom.setImageSize(Size(width: layout.widest, height: layout.size(of: currentPage).height))
        self.zoom = zoom
        scroll(toPage: currentPage)
        zoomChangedLater.ask()
        gtk_widget_queue_draw(widget)
    }

    var quarterTurns: Int { layout?.quarterTurns ?? 0 }

    /// The link under `point` of the view, if a page in view has one there.
    func link(at point: Point) -> PageLink? {
        pageUnder(point).flatMap { links.link(onPage: $0.page, at: $0.point) }
    }

    /// How much of the view's height `page` fills.
    private func shown(of page: Int, _ layout: ContinuousLayout, _ zoom: ZoomModel) -> Double {
        let top = layout.top(of: page, scale: zoom.scale), bottom = top + layout.size(of: page).height * zoom.scale
        return min(bottom, offset.y + viewportSize.height) - max(top, offset.y)
    }

    /// The pages any part of which is in view.
    var pagesInView: [Int] {
        guard let layout, let zoom else { return [] }
        return Array(layout.pages(from: offset.y, to: offset.y + viewportSize.height, scale: zoom.scale))
    }

    // MARK: Drawing the pages

    /// The scale `page` is drawn at: the view's in device pixels; a PDF's past 100 % too
    /// (drawn at that scale), within `maxPagePixels`; another document's at most 100 %.
    private func drawingScale(of page: Int) -> Double? {
        guard let layout, let zoom else { return nil }
        let size = layout.size(of: page), wanted = zoom.deviceScale(zoom.scale)
        let budget = (Self.maxPagePixels / (size.width * size.height)).squareRoot()
        return min(wanted, budget, model.formatName == ImageFormats.pdf ? .infinity : 1)
    }

    /// Draws the next page that needs it, in view, the current page and those nearest it first.
    private func drawNext() {
        guard drawing == nil, let shownFile, let layout else { return }
        let inView = pagesInView
        let around = [(inView.first ?? 0) - 1, (inView.last ?? 0) + 1].filter { (0..<layout.pageCount).contains($0) }
        let wanted = (inView.sorted { abs($0 - currentPage) < abs($1 - currentPage) } + around).first { page in
            guard !failed.contains(page), let scale = drawingScale(of: page) else { return false }
            return renderings[page].map { abs($0.request.scale - scale) > 1e-6 || $0.request.quarterTurns != layout.quarterTurns } ?? true
        }
        guard let page = wanted, let scale = drawingScale(of: page) else { return }
        let known = layout.known[page], assumed = layout.assumed, hue = model.hue, isPDF = model.formatName == ImageFormats.pdf
        let target = DocumentPage(page, password: shownFile.password)
        let task = Task { [weak self] in
            let made = await Self.draw(
                target, of: shownFile.path, isPDF: isPDF, size: known ?? assumed, sizeKnown: known != nil, scale: scale,
                quarterTurns: layout.quarterTurns, hue: hue)
            guard !Task.isCancelled, let self else { return }
            self.drawing = nil
            if let made {
                self.drawn(made.rendering, size: made.size, of: page)
            } else {
                self.failed.insert(page)
            }
            self.drawNext()
        }
        drawing = (page, task)
    }

    /// A page drawn: its size is known now (the pages after it move if it is not the one
    /// assumed, the page in view staying put), and the pages farthest from the view are let go.
    private func drawn(_ rendering: ViewRendering, size: Size, of page: Int) {
        guard var layout, let zoom else { return }
        let anchor = layout.page(at: offset.y, scale: zoom.scale)
        let within = offset.y - layout.top(of: anchor, scale: zoom.scale)
        if layout.setSize(size, ofPage: page) {
            self.layout = layout
            if var zoom = self.zoom, zoom.imageSize.width != layout.widest {
                zoom.setImageSize(Size(width: layout.widest, height: layout.assumed.height))
                self.zoom = zoom
                zoomChangedLater.ask()
            }
            if page < anchor {
                configureAdjustments(offset: Point(x: offset.x, y: layout.top(of: anchor, scale: zoom.scale) + within))
            } else {
                configureAdjustments(offset: offset)
            }
        }
        renderings[page] = rendering
        if renderings.count > Self.kept {
            let far = renderings.keys.sorted { abs($0 - currentPage) > abs($1 - currentPage) }
            for drop in far.prefix(renderings.count - Self.kept) { renderings[drop] = nil }
        }
        gtk_widget_queue_draw(widget)
    }

    /// Page `page` drawn in the helper at `scale` (device pixels per page pixel) with `hue`,
    /// and its size: a PDF's page drawn at that scale exactly (its size first found by a
    /// drawing at most 100 %, when not known yet), another document's decoded to fit.
    @concurrent
    nonisolated private static func draw(
        _ page: DocumentPage, of path: RawPath, isPDF: Bool, size: Size, sizeKnown: Bool, scale: Double, quarterTurns: Int,
        hue: Double
    ) async -> (rendering: ViewRendering, size: Size)? {
        do throws(LoadError) {
            var size = size
            if !isPDF || !sizeKnown || scale <= 1 {
                let box = DecodeDetail.screen(width: Int(size.width * scale), height: Int(size.height * scale))
                guard var image = try await ImageDecoder.decode(path: path, page: page, detail: box) else { return nil }
                size = Size(width: Double(image.imageWidth), height: Double(image.imageHeight))
                // Another size than assumed: drawn again at the scale for the size it has.
                let needed = Int(min(scale, 1) * size.width)
                if image.width < needed - 1,
                    let again = try await ImageDecoder.decode(
                        path: path, page: page, detail: .screen(width: needed, height: Int(min(scale, 1) * size.height) + 1))
                {
                    image = again
                }
                if !isPDF || scale <= 1 {
                    let drawn = Double(image.width) / Double(max(1, image.imageWidth))
                    return ViewRendering.whole(image.pixbuf, scale: drawn, quarterTurns: quarterTurns, hue: hue).map { ($0, size) }
                }
            }
            let whole = PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height))
            guard let region = try await ImageDecoder.decodeRegion(path: path, page: page, covering: whole, detail: scale) else {
                return nil
            }
            return ViewRendering.whole(region.pixbuf, scale: region.scale, quarterTurns: quarterTurns, hue: hue).map { ($0, size) }
        } catch {
            Log.debug("page \(page.index + 1) not drawn: \(error.reason)")
            return nil
        }
    }

    // MARK: CustomWidgetDelegate

    func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) { (1, 300) }

    func sizeAllocated(width: Int32, height: Int32) {
        let viewport = Size(width: Double(width), height: Double(height))
        if var zoom {
            let wasFitWidth = abs(zoom.scale - zoom.fitWidthTarget()) < 1e-6
            zoom.viewportSize = Self.zoomViewport(viewport)
            if wasFitWidth { zoom.setScale(zoom.fitWidthTarget()) }
            self.zoom = zoom
        } else {
            ensureZoom()
            if layout != nil { scroll(toPage: currentPage) }
        }
        configureAdjustments(offset: offset)
    }

    func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        var backdrop = GdkRGBA(red: 0.92, green: 0.92, blue: 0.92, alpha: 1)
        if let style = gtk_widget_get_style_context(widget) { _ = gtk_style_context_lookup_color(style, "iro_backdrop", &backdrop) }
        var whole = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        gtk_snapshot_append_color(snapshot, &backdrop, &whole)
        guard let layout, let zoom else { return }
        gtk_snapshot_push_clip(snapshot, &whole)
        defer { gtk_snapshot_pop(snapshot) }
        let contentWidth = max(width, layout.contentSize(scale: zoom.scale).width), perPoint = zoom.pixelsPerPoint
        for page in pagesInView {
            let frame = layout.frame(of: page, scale: zoom.scale, width: contentWidth)
            let x = frame.origin.x - offset.x, y = frame.origin.y - offset.y
            var bounds = graphene_rect_t(
                origin: graphene_point_t(x: Float(x), y: Float(y)),
                size: graphene_size_t(width: Float(frame.size.width), height: Float(frame.size.height)))
            if let rendering = renderings[page], let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
                // Device pixels drawn in view points; scaled while a drawing for this scale is made.
                let factor = zoom.deviceScale(zoom.scale) / rendering.request.scale
                cairo_translate(cr, x, y)
                cairo_scale(cr, factor / perPoint, factor / perPoint)
                cairo_set_source_surface(cr, rendering.surface, 0, 0)
                cairo_paint(cr)
                cairo_destroy(cr)
            } else {
                var paper = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
                gtk_snapshot_append_color(snapshot, &paper, &bounds)
            }
            drawMatches(onPage: page, at: Point(x: x, y: y), scale: zoom.scale, on: snapshot)
            if model.selection.page == page, model.selection.path == model.imagePath {
                draw(
                    model.selection.areas.map { turned($0, onPage: page) }, in: PageHighlights.selection,
                    at: Point(x: x, y: y), scale: zoom.scale, on: snapshot)
            }
        }
    }

    /// A search's matches on `page` (BEHAVIOUR G7), as on a single page.
    private func drawMatches(onPage page: Int, at origin: Point, scale: Double, on snapshot: OpaquePointer) {
        guard let found = model.search.areas(onPage: page) else { return }
        for (index, area) in found.areas.enumerated() {
            let colour =
                index == found.current ? PageHighlights.currentMatch : PageHighlights.match
            draw([turned(area, onPage: page)], in: colour, at: origin, scale: scale, on: snapshot)
        }
    }

    /// Areas of a page drawn at `origin` (the page's top left in the view) in `colour`.
    private func draw(_ areas: [TextMatches.Area], in colour: GdkRGBA, at origin: Point, scale: Double, on snapshot: OpaquePointer) {
        var colour = colour
        for area in areas {
            var bounds = graphene_rect_t(
                origin: graphene_point_t(x: Float(origin.x + area.x * scale), y: Float(origin.y + area.y * scale)),
                size: graphene_size_t(width: Float(area.width * scale), height: Float(area.height * scale)))
            gtk_snapshot_append_color(snapshot, &colour, &bounds)
        }
    }
}
