import CGtk
import GtkSupport
import IroCore
import IroImaging

extension ImageCanvas {
    /// Draws the visible part of the image at `displayScale`, clipped to the widget:
    /// the exact rendering 1:1 when one covers the view; while zooming in, the last one
    /// stretched; otherwise a pyramid level scaled by GSK. Then the backdrop, around the
    /// image only. Only draws: what the view needs is asked for where it changes
    /// (`viewChanged`).
    func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        let viewport = Size(width: width, height: height)
        guard let pyramid, let zoom else {
            appendBackdrop(around: .zero, size: .zero, in: viewport, on: snapshot)
            return
        }
        if renderer.rendering == nil, !renderer.hasFailed, !animator.isRunning, !zoom.isPinching,
            let request = Self.renderingRequest(zoom: zoom, offset: offset, scale: displayScale, quarterTurns: quarterTurns)
        {
            // Nothing of this image is shown yet: its first frame shows it (see `renderNow`).
            renderer.renderNow(request, from: pyramid)
        }
        let origin = wholePixelOrigin
        var clip = rect(0, 0, width, height)
        gtk_snapshot_push_clip(snapshot, &clip)
        if mirrored {
            // An edit's flip: the whole view mirrored about its middle (`+Crop`).
            gtk_snapshot_save(snapshot)
            var across = graphene_point_t(x: Float(width), y: 0)
            gtk_snapshot_translate(snapshot, &across)
            gtk_snapshot_scale(snapshot, -1, 1)
        }
        let drawsImage = renderer.rendering != nil || renderer.hasFailed || animator.isRunning || zoom.isPinching
        if drawsImage, pyramid.hasAlpha {
            let shown = zoom.contentSize(at: displayScale)
            var under = rect(origin.x, origin.y, shown.width, shown.height)
            if Preferences.shared.background == .checkerboard && backdrop == nil {
                appendCheckerboard(under: under, on: snapshot)
            } else {
                var colour = backdropColour
                gtk_snapshot_append_color(snapshot, &colour, &under)
            }
        }
        // Markup goes into the picture's own cairo node where there is one: over an opaque
        // picture cairo then draws the node straight onto the window, where a node of its own
        // is drawn into a surface first and costs about 10 ms more a frame (docs/PERFORMANCE.md).
        var markupDrawn = false
        if let rendering = renderer.rendering, covers(rendering, origin: origin) {
            // Device pixels, drawn in view points: 1:1 on the screen at any scale factor.
            let content = rendering.request.content, perPoint = zoom.pixelsPerPoint
            let x = origin.x + Double(content.x) / perPoint, y = origin.y + Double(content.y) / perPoint
            var bounds = rect(x, y, Double(content.width) / perPoint, Double(content.height) / perPoint)
            if drawsWithCairo, let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
                cairo_save(cr)
                cairo_translate(cr, x, y)
                cairo_scale(cr, 1 / perPoint, 1 / perPoint)
                cairo_set_source_surface(cr, rendering.surface, 0, 0)
                cairo_paint(cr)
                cairo_restore(cr)
                drawMarkup(at: origin, of: pyramid, into: cr)
                markupDrawn = true
                cairo_destroy(cr)
            } else {
                gtk_snapshot_append_texture(snapshot, rendering.texture, &bounds)
            }
            lastDrawing = .exact
            renderer.forgetPrevious()
        } else if drawsWithCairo, let (rendering, factor) = stretchable(origin: origin) {
            markupDrawn = drawStretched(rendering, by: factor, at: origin, on: snapshot) { drawMarkup(at: origin, of: pyramid, into: $0) }
            lastDrawing = .stretched
        } else {
            drawScaledLevel(of: pyramid, at: origin, on: snapshot)
            lastDrawing = .level
        }
        drawSearchMatches(at: origin, of: pyramid, on: snapshot)
        drawSelectedText(at: origin, of: pyramid, on: snapshot)
        if !markupDrawn { drawMarkup(at: origin, of: pyramid, on: snapshot) }
        appendBackdrop(around: origin, size: zoom.contentSize(at: displayScale), in: viewport, on: snapshot)
        if mirrored { gtk_snapshot_restore(snapshot) }
        drawCrop(on: snapshot)
        gtk_snapshot_pop(snapshot)
    }

    /// A search's matches on the page shown (BEHAVIOUR G7), over the image: each in
    /// translucent yellow, the current one in orange.
    private func drawSearchMatches(at origin: Point, of pyramid: ImagePyramid, on snapshot: OpaquePointer) {
        guard let model = source?.model, let found = model.search.areas(onPage: model.document.page) else { return }
        for (index, area) in found.areas.enumerated() {
            draw(
                area, in: index == found.current ? PageHighlights.currentMatch : PageHighlights.match, at: origin, of: pyramid, on: snapshot
            )
        }
    }

    /// The text selected on the page shown (BEHAVIOUR G10), in the selection's translucent blue.
    private func drawSelectedText(at origin: Point, of pyramid: ImagePyramid, on snapshot: OpaquePointer) {
        guard let model = source?.model, model.selection.page == model.document.page, model.selection.path == model.imagePath else {
            return
        }
        for area in model.selection.areas {
            draw(area, in: PageHighlights.selection, at: origin, of: pyramid, on: snapshot)
        }
    }

    /// An area of the page (its image pixels at 100 %) filled with `colour` where the page
    /// shows it, turned with the page.
    private func draw(_ area: TextMatches.Area, in colour: GdkRGBA, at origin: Point, of pyramid: ImagePyramid, on snapshot: OpaquePointer)
    {
        let shown = turned(area, of: pyramid), scale = displayScale
        var bounds = rect(origin.x + shown.x * scale, origin.y + shown.y * scale, shown.width * scale, shown.height * scale)
        var colour = colour
        gtk_snapshot_append_color(snapshot, &colour, &bounds)
    }

    /// Where an area of the page (its image pixels at 100 %) is on the page as shown, turned.
    func turned(_ area: TextMatches.Area, of pyramid: ImagePyramid) -> TextMatches.Area {
        area.turned(quarterTurns, pageWidth: Double(pyramid.width), pageHeight: Double(pyramid.height))
    }

    /// The backdrop where the image leaves the view uncovered (the stylesheet's
    /// `iro_backdrop`, or `backdrop`), drawn after the image and never under it. On the
    /// cairo renderer a backdrop under the image would cost a pass over every pixel of the
    /// view in each frame; and when nothing was drawn in a frame before the image (a
    /// presentation's), cairo copies the image straight into the frame instead of going
    /// through an image of its own first (docs/PERFORMANCE.md).
    private func appendBackdrop(around origin: Point, size: Size, in viewport: Size, on snapshot: OpaquePointer) {
        var colour = backdropColour
        for band in ViewGeometry.uncovered(viewport: viewport, origin: origin, contentSize: size) {
            var bounds = rect(band.origin.x, band.origin.y, band.size.width, band.size.height)
            gtk_snapshot_append_color(snapshot, &colour, &bounds)
        }
    }

    /// The current rendering, or the one before it, that can stand for the view stretched.
    private func stretchable(origin: Point) -> (ViewRendering, Double)? {
        for case let rendering? in [renderer.rendering, renderer.previous] {
            if let factor = stretch(of: rendering, origin: origin) { return (rendering, factor) }
        }
        return nil
    }

    /// How much the rendering shown last must be stretched to stand for the view now, when
    /// that is all it takes (same turn and hue, and it still covers every visible pixel):
    /// during a zoom animation or a pinch, before the exact rendering for the new scale
    /// exists. Zooming out of an image larger than the view uncovers parts it lacks.
    private func stretch(of rendering: ViewRendering, origin: Point) -> Double? {
        guard let zoom, rendering.request.quarterTurns == quarterTurns, rendering.hue == hue else { return nil }
        let factor = zoom.deviceScale(displayScale) / rendering.request.scale
        // Past 2× either way it looks too soft or too rough even for a moment: the level then.
        guard factor.isFinite, factor >= 0.5, factor <= 2 else { return nil }
        let visible = Self.visibleDeviceContent(zoom: zoom, origin: origin, scale: displayScale)
        let content = rendering.request.content
        // Within a pixel: the visible rectangle is rounded out to whole pixels, and where it
        // meets the image's edge the last one is only partly image.
        guard Double(content.x) * factor <= Double(visible.x) + 1, Double(content.y) * factor <= Double(visible.y) + 1,
            Double(content.maxX) * factor >= Double(visible.maxX) - 1, Double(content.maxY) * factor >= Double(visible.maxY) - 1
        else { return nil }
        return factor
    }

    /// The rendering, stretched by cairo (no copy of its pixels): a few ms for a whole view
    /// where a pyramid level drawn by GSK's cairo renderer costs 30–40 ms, since GSK first
    /// converts the level's every pixel into a new surface. Nearest-neighbour: these frames
    /// last a few ms each while the scale moves, and bilinear made the first one 5 ms later.
    /// `over` draws more into the same node (the markup); false when no node was made.
    private func drawStretched(
        _ rendering: ViewRendering, by factor: Double, at origin: Point, on snapshot: OpaquePointer, then over: (OpaquePointer) -> Void
    ) -> Bool {
        // `factor` maps device pixels to device pixels; the snapshot is in view points.
        let content = rendering.request.content, toPoints = factor / (zoom?.pixelsPerPoint ?? 1)
        let x = origin.x + Double(content.x) * toPoints, y = origin.y + Double(content.y) * toPoints
        var bounds = rect(x, y, Double(content.width) * toPoints, Double(content.height) * toPoints)
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return false }
        defer { cairo_destroy(cr) }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, toPoints, toPoints)
        cairo_set_source_surface(cr, rendering.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_FAST)
        cairo_paint(cr)
        cairo_restore(cr)
        over(cr)
        return true
    }

    /// Near-black around the image, whatever the style, when the preferences ask for it (BEHAVIOUR H4).
    static let darkBackdrop = GdkRGBA(red: 0.11, green: 0.11, blue: 0.11, alpha: 1)

    /// The colour around the image: the view's own (a presentation's black), else the
    /// preferences' dark one, else the stylesheet's.
    private var backdropColour: GdkRGBA {
        if let backdrop { return backdrop }
        if Preferences.shared.background == .dark { return Self.darkBackdrop }
        return namedColour("iro_backdrop", or: GdkRGBA(red: 0.92, green: 0.92, blue: 0.92, alpha: 1))
    }

    /// The side of a checkerboard square, in view pixels.
    static let checkerSquare: Float = 8

    /// Transparent pixels sit on a checkerboard (BEHAVIOUR C8) in the stylesheet's
    /// `iro_checker_light` and `iro_checker_dark` colours (light and dark style each have
    /// theirs): one 2 × 2 tile repeated by GSK, which the cairo renderer draws as a pattern.
    private func appendCheckerboard(under bounds: graphene_rect_t, on snapshot: OpaquePointer) {
        var light = namedColour("iro_checker_light", or: GdkRGBA(red: 0.85, green: 0.85, blue: 0.85, alpha: 1))
        var dark = namedColour("iro_checker_dark", or: GdkRGBA(red: 0.75, green: 0.75, blue: 0.75, alpha: 1))
        let side = Self.checkerSquare
        var whole = bounds
        var tile = graphene_rect_t(origin: bounds.origin, size: graphene_size_t(width: 2 * side, height: 2 * side))
        gtk_snapshot_push_repeat(snapshot, &whole, &tile)
        for (column, row) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            var square = graphene_rect_t(
                origin: graphene_point_t(x: bounds.origin.x + Float(column) * side, y: bounds.origin.y + Float(row) * side),
                size: graphene_size_t(width: side, height: side))
            if column == row {
                gtk_snapshot_append_color(snapshot, &light, &square)
            } else {
                gtk_snapshot_append_color(snapshot, &dark, &square)
            }
        }
        gtk_snapshot_pop(snapshot)
    }

    private func namedColour(_ name: String, or fallback: GdkRGBA) -> GdkRGBA {
        var colour = GdkRGBA()
        guard let style = gtk_widget_get_style_context(widget), gtk_style_context_lookup_color(style, name, &colour) != 0 else {
            return fallback
        }
        return colour
    }

    /// Whether the window draws with GSK's cairo renderer (see `ViewRendering.surface`).
    var drawsWithCairo: Bool {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return false }
        return g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(renderer), gsk_cairo_renderer_get_type()) != 0
    }

    /// The approximate path: the nearest larger pyramid level, scaled, turned and
    /// recoloured by GSK.
    private func drawScaledLevel(of pyramid: ImagePyramid, at origin: Point, on snapshot: OpaquePointer) {
        let viewport = viewportSize, perPoint = zoom?.pixelsPerPoint ?? 1
        let devicePixels = viewport.width * viewport.height * perPoint * perPoint
        let level = pyramid.level(for: displayScale * perPoint, maxPixels: max(1, Int(4 * devicePixels)))
        let width = Double(pyramid.width) * displayScale, height = Double(pyramid.height) * displayScale
        gtk_snapshot_save(snapshot)
        var position = graphene_point_t(x: Float(origin.x), y: Float(origin.y))
        gtk_snapshot_translate(snapshot, &position)
        // Turn the unrotated content about its corner so it lands at the rotated content's place.
        let turns = ViewGeometry.normalized(quarterTurns)
        var shift: graphene_point_t
        switch turns {
        case 1: shift = graphene_point_t(x: Float(height), y: 0)
        case 2: shift = graphene_point_t(x: Float(width), y: Float(height))
        case 3: shift = graphene_point_t(x: 0, y: Float(width))
        default: shift = graphene_point_t(x: 0, y: 0)
        }
        gtk_snapshot_translate(snapshot, &shift)
        if turns != 0 { gtk_snapshot_rotate(snapshot, Float(90 * turns)) }
        let matrix = HueMatrix(sliderValue: hue)
        if !matrix.isIdentity { pushColorMatrix(matrix, on: snapshot) }
        var bounds = rect(0, 0, width, height)
        gtk_snapshot_append_texture(snapshot, level.texture, &bounds)
        if !matrix.isIdentity { gtk_snapshot_pop(snapshot) }
        gtk_snapshot_restore(snapshot)
    }

    /// GSK colour-matrix node for the hue rotation (graphene's layout: see HueMatrix.columnMajor4x4).
    func pushColorMatrix(_ hue: HueMatrix, on snapshot: OpaquePointer) {
        var matrix = graphene_matrix_t()
        var values = hue.columnMajor4x4
        values.withUnsafeMutableBufferPointer { _ = graphene_matrix_init_from_float(&matrix, $0.baseAddress) }
        var offset = graphene_vec4_t()
        graphene_vec4_init(&offset, 0, 0, 0, 0)
        gtk_snapshot_push_color_matrix(snapshot, &matrix, &offset)
    }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> graphene_rect_t {
        graphene_rect_t(
            origin: graphene_point_t(x: Float(x), y: Float(y)),
            size: graphene_size_t(width: Float(width), height: Float(height)))
    }
}
