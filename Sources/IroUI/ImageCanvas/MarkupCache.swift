import CGLib
import GtkSupport
import IroCore
import IroImaging

/// A canvas's markup drawn once into an image (BEHAVIOUR I2): two thousand strokes cost
/// 20–60 ms to draw from their points, too much for every frame of a pan or a zoom. The cache
/// covers the view and a quarter of it around (the image renderer's margin), at one scale and
/// turn; a frame paints it moved by the scroll since, or stretched while a zoom runs, and draws
/// strokes added since on top. When it no longer fits, it is drawn again off the main thread,
/// and shown from the next frame.
final class MarkupCache {
    /// What a drawing shows.
    nonisolated struct Key: Equatable, Sendable {
        var page: Int
        var scale: Double
        var quarterTurns: Int
        var pixelsPerPoint: Double
    }

    /// One drawing: the items it holds, where the image's pixel (0, 0) was in the view (its
    /// anchor, the corner the picture turns about) and what part of the view it covers (view
    /// points, as they were).
    nonisolated final class Drawing: @unchecked Sendable {
        let key: Key
        let ids: Set<Int>
        let origin: Point
        let area: (x: Double, y: Double, width: Double, height: Double)
        /// `cairo_surface_t *`, in device pixels; freed with the drawing.
        let surface: OpaquePointer

        init(key: Key, ids: Set<Int>, origin: Point, area: (x: Double, y: Double, width: Double, height: Double), surface: OpaquePointer) {
            (self.key, self.ids, self.origin, self.area, self.surface) = (key, ids, origin, area, surface)
        }

        deinit { cairo_surface_destroy(surface) }
    }

    private(set) var drawing: Drawing?
    private var wanted: (key: Key, items: [MarkupItem], origin: Point)?
    private var task: Task<Void, Never>?
    /// Told when a new drawing is ready (the canvas draws again).
    var onReady: (@MainActor () -> Void)?

    /// Paints `layer` into `cr` (view points) for a view at `key` whose image corner is at
    /// `origin`, from the drawing where it can, and asks for a new one where it cannot.
    func paint(
        _ layer: MarkupLayer, key: Key, origin: Point, viewport: Size, drawTurned: (OpaquePointer) -> Void, on cr: OpaquePointer
    ) {
        let items = layer.drawingOrder
        guard !items.isEmpty else { return }
        let ids = Set(items.map(\.id))
        if let drawing, drawing.key.page == key.page, drawing.key.quarterTurns == key.quarterTurns, drawing.ids.isSubset(of: ids) {
            // Moved by the scroll, stretched by a zoom under way.
            let factor = key.scale / drawing.key.scale
            cairo_save(cr)
            cairo_translate(cr, origin.x, origin.y)
            cairo_scale(cr, factor, factor)
            cairo_translate(cr, -drawing.origin.x, -drawing.origin.y)
            cairo_translate(cr, drawing.area.x, drawing.area.y)
            cairo_scale(cr, 1 / drawing.key.pixelsPerPoint, 1 / drawing.key.pixelsPerPoint)
            cairo_set_source_surface(cr, drawing.surface, 0, 0)
            if factor != 1 { cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_FAST) }
            cairo_paint(cr)
            cairo_restore(cr)
            // Items the drawing lacks (just drawn) go on top, from their points.
            let added = items.filter { !drawing.ids.contains($0.id) }
            if !added.isEmpty {
                cairo_save(cr)
                drawTurned(cr)
                MarkupDrawing.draw(added, on: cr, scale: key.scale)
                cairo_restore(cr)
            }
            let dx = origin.x - drawing.origin.x * factor, dy = origin.y - drawing.origin.y * factor
            let covers =
                factor == 1 && drawing.area.x + dx <= 0.5 && drawing.area.y + dy <= 0.5
                && drawing.area.x + drawing.area.width + dx >= viewport.width - 0.5
                && drawing.area.y + drawing.area.height + dy >= viewport.height - 0.5
            if !covers || !added.isEmpty || drawing.ids.count != ids.count {
                request(key, items: items, origin: origin, viewport: viewport)
            }
            return
        }
        // Nothing to show it from: drawn from the points this frame, and cached for the next.
        cairo_save(cr)
        drawTurned(cr)
        MarkupDrawing.draw(layer, on: cr, scale: key.scale)
        cairo_restore(cr)
        request(key, items: items, origin: origin, viewport: viewport)
    }

    /// The markup is gone or another page is shown.
    func discard() {
        task?.cancel()
        task = nil
        wanted = nil
        drawing = nil
    }

    private func request(_ key: Key, items: [MarkupItem], origin: Point, viewport: Size) {
        if let wanted, wanted.key == key, wanted.origin == origin, wanted.items == items { return }
        wanted = (key, items, origin)
        task?.cancel()
        // On whole pixels: a surface painted half a pixel off is painted blurred.
        let margin = ImageCanvas.renderMargin
        let mx = (viewport.width * margin).rounded(.up), my = (viewport.height * margin).rounded(.up)
        let area = (x: -mx, y: -my, width: viewport.width + 2 * mx, height: viewport.height + 2 * my)
        task = Task { [weak self] in
            let made = await Self.draw(items, key: key, origin: origin, area: area)
            guard let self, !Task.isCancelled, let made else { return }
            self.drawing = made
            self.onReady?()
        }
    }

    /// The items drawn into a new surface covering `area` (view points) of a view whose
    /// image corner is at `origin`, turned and scaled as `key` says.
    @concurrent
    nonisolated private static func draw(
        _ items: [MarkupItem], key: Key, origin: Point, area: (x: Double, y: Double, width: Double, height: Double)
    ) async -> Drawing? {
        let perPoint = key.pixelsPerPoint
        let width = Int32((area.width * perPoint).rounded(.up)), height = Int32((area.height * perPoint).rounded(.up))
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface)
        else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, perPoint, perPoint)
        cairo_translate(cr, -area.x + origin.x, -area.y + origin.y)
        cairo_rotate(cr, Double(ViewGeometry.normalized(key.quarterTurns)) * Double.pi / 2)
        MarkupDrawing.draw(items, on: cr, scale: key.scale)
        cairo_surface_flush(surface)
        guard !Task.isCancelled else {
            cairo_surface_destroy(surface)
            return nil
        }
        return Drawing(key: key, ids: Set(items.map(\.id)), origin: origin, area: area, surface: surface)
    }
}
