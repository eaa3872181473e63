import CGLib
import CPixels
import IroCore

/// Markup (BEHAVIOUR I) drawn with cairo: on the canvas and the presentation at the view's
/// scale, and into the image's own pixels for a saved copy. Every item is drawn from its
/// geometry in image pixels, so a copy's strokes are as sharp at full size as on screen.
public enum MarkupDrawing {
    /// Draws `layer` on `cr` in image pixels times `scale` (the caller sets up the rest of the
    /// transformation: where the image is, and its turn), in its drawing order: highlighter
    /// ink under the pen's, notes on top.
    public static func draw(_ layer: MarkupLayer, on cr: OpaquePointer, scale: Double) {
        draw(layer.drawingOrder, on: cr, scale: scale)
    }

    /// Draws `items` in the order given (an item still being drawn, over the layer).
    public static func draw(_ items: [MarkupItem], on cr: OpaquePointer, scale: Double) {
        guard scale.isFinite, scale > 0 else { return }
        for item in items {
            cairo_save(cr)
            switch item {
            case .stroke(let stroke): draw(stroke, on: cr, scale: scale)
            case .shape(let shape): draw(shape, on: cr, scale: scale)
            case .text(let text): draw(text, on: cr, scale: scale)
            case .note(let note): draw(note, on: cr, scale: scale)
            }
            cairo_restore(cr)
        }
    }

    /// `pixbuf` (8-bit RGB or RGBA) with `layer` drawn over it at its own resolution (one
    /// image pixel to a pixel), as a new pixbuf (+1) of the same size and channels.
    public static func flatten(_ layer: MarkupLayer, onto pixbuf: OpaquePointer) throws(ExportError) -> OpaquePointer {
        let layout = try HueExport.layout(of: pixbuf)
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        // cairo draws into premultiplied BGRA: the picture is converted to that, drawn on,
        // and converted back.
        guard let buffer = PixelBuffer.from(pixbuf: pixbuf) else { throw .writeFailed(detail: "not enough memory for the marked-up image") }
        // The surface goes before the buffer, whose pixels it draws into: the buffer is used
        // again below.
        let surface = buffer.makeSurface()
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .writeFailed(detail: "not enough memory for the marked-up image")
        }
        draw(layer, on: cr, scale: 1)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .writeFailed(detail: "the markup could not be drawn (\(String(cString: cairo_status_to_string(status))))")
        }
        let alpha = layout.alphaIndex != nil
        guard let result = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height)),
            let target = gdk_pixbuf_get_pixels(result)
        else { throw .writeFailed(detail: "not enough memory for the marked-up image") }
        let stride = Int(gdk_pixbuf_get_rowstride(result))
        if alpha {
            iro_unpremultiply_argb32(buffer.data, Int32(buffer.stride), Int32(width), Int32(height), target, Int32(stride))
        } else {
            // Opaque under opaque ink stays opaque: BGRA's colour is the pixel, alpha dropped.
            nonisolated(unsafe) let input = UnsafePointer(buffer.data), output = target
            let sourceStride = buffer.stride
            parallelRows(height) { rows in
                for y in rows {
                    var s = input + y * sourceStride
                    var d = output + y * stride
                    for _ in 0..<width {
                        d[0] = s[2]
                        d[1] = s[1]
                        d[2] = s[0]
                        s += 4
                        d += 3
                    }
                }
            }
        }
        return result
    }

    // MARK: Items

    private static func setSource(_ cr: OpaquePointer, _ colour: MarkupColour, alpha: Double? = nil) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, alpha ?? colour.alpha)
    }

    /// Runs `body`, which draws in opaque ink, at `opacity` as a whole: where its parts
    /// overlap (a stroke's segments, an arrow's line under its head) the ink is not doubled.
    /// The group is clipped to `bounds`, so a full-size copy does not get a full-size group
    /// for each stroke.
    private static func group(_ cr: OpaquePointer, opacity: Double, bounds: MarkupRect, scale: Double, _ body: () -> Void) {
        guard opacity < 1 else { return body() }
        let box = bounds.outset(by: 2 / scale)
        cairo_rectangle(cr, box.x * scale, box.y * scale, box.width * scale, box.height * scale)
        cairo_clip(cr)
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }

    private static func draw(_ stroke: MarkupStroke, on cr: OpaquePointer, scale: Double) {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let points = stroke.points
        guard stroke.hasPressure, points.count > 1 else {
            // One path: where it crosses itself the ink is laid once, even when translucent.
            setSource(cr, stroke.colour, alpha: stroke.opacity)
            cairo_set_line_width(cr, stroke.width * scale)
            cairo_move_to(cr, points[0].x * scale, points[0].y * scale)
            // One point is a dot: a segment of no length, which round caps draw.
            if points.count == 1 { cairo_line_to(cr, points[0].x * scale, points[0].y * scale) }
            for point in points.dropFirst() { cairo_line_to(cr, point.x * scale, point.y * scale) }
            cairo_stroke(cr)
            return
        }
        // The width follows the pressure segment by segment (each as wide as its ends'
        // average); round caps join the segments without seams.
        group(cr, opacity: stroke.opacity, bounds: stroke.bounds, scale: scale) {
            setSource(cr, stroke.colour, alpha: 1)
            for i in 1..<points.count {
                cairo_set_line_width(cr, (stroke.width(at: i - 1) + stroke.width(at: i)) / 2 * scale)
                cairo_move_to(cr, points[i - 1].x * scale, points[i - 1].y * scale)
                cairo_line_to(cr, points[i].x * scale, points[i].y * scale)
                cairo_stroke(cr)
            }
        }
    }

    private static func draw(_ shape: MarkupShape, on cr: OpaquePointer, scale: Double) {
        cairo_set_line_width(cr, shape.width * scale)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let rect = shape.rect
        switch shape.kind {
        case .arrow:
            group(cr, opacity: shape.colour.alpha, bounds: shape.bounds, scale: scale) {
                setSource(cr, shape.colour, alpha: 1)
                cairo_move_to(cr, shape.from.x * scale, shape.from.y * scale)
                cairo_line_to(cr, shape.to.x * scale, shape.to.y * scale)
                cairo_stroke(cr)
                // The head filled and outlined at the line's width: its outline covers the
                // line's round end, and its corners are rounded like the line's.
                let head = shape.arrowHead
                guard head.count == 3 else { return }
                cairo_move_to(cr, head[0].x * scale, head[0].y * scale)
                for corner in head.dropFirst() { cairo_line_to(cr, corner.x * scale, corner.y * scale) }
                cairo_close_path(cr)
                cairo_fill_preserve(cr)
                cairo_stroke(cr)
            }
        case .rectangle:
            setSource(cr, shape.colour)
            cairo_rectangle(cr, rect.x * scale, rect.y * scale, rect.width * scale, rect.height * scale)
            cairo_stroke(cr)
        case .ellipse:
            setSource(cr, shape.colour)
            if rect.width > 0, rect.height > 0 {
                // The unit circle stretched to the rectangle; the outline is stroked after the
                // stretch is undone, so it is as wide all the way round.
                cairo_save(cr)
                cairo_translate(cr, (rect.x + rect.width / 2) * scale, (rect.y + rect.height / 2) * scale)
                cairo_scale(cr, rect.width / 2 * scale, rect.height / 2 * scale)
                cairo_new_sub_path(cr)
                cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
                cairo_close_path(cr)
                cairo_restore(cr)
            } else {
                // Flat: a line (cairo cannot stretch by nothing).
                cairo_move_to(cr, rect.x * scale, rect.y * scale)
                cairo_line_to(cr, rect.maxX * scale, rect.maxY * scale)
            }
            cairo_stroke(cr)
        }
    }

    private static func draw(_ text: MarkupText, on cr: OpaquePointer, scale: Double) {
        setSource(cr, text.colour)
        MarkupTextDrawing.draw(
            text.text, lines: text.lines, on: cr, at: Point(x: text.origin.x * scale, y: text.origin.y * scale), size: text.size * scale,
            wrapWidth: nil)
    }

    private static func draw(_ note: MarkupNote, on cr: OpaquePointer, scale: Double) {
        let ink = note.colour.isLight ? MarkupColour.black : MarkupColour(rgb: 0xFFFFFF)
        var box = note.box
        let textBox = note.textBox
        var layout: MarkupTextDrawing.Layout?
        if !note.collapsed {
            // A real font may wrap to more lines than the model's estimate: the note grows.
            layout = MarkupTextDrawing.layout(note.text, on: cr, size: note.size * scale, wrapWidth: textBox.width * scale)
            if let height = layout?.height { box.height = max(box.height, height / scale + 2 * note.padding) }
        }
        defer { layout?.free() }
        roundedRectangle(cr, box, radius: note.size / 4, scale: scale)
        setSource(cr, note.colour)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.2)
        cairo_set_line_width(cr, max(1, note.size / 16 * scale))
        cairo_stroke(cr)
        setSource(cr, ink)
        if note.collapsed {
            // A folded note: three lines of "text" in its square, so it reads as a note.
            cairo_set_line_width(cr, max(1, note.size / 8 * scale))
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            for (i, length) in [0.6, 0.6, 0.35].enumerated() {
                let y = box.y + box.height * (0.32 + 0.18 * Double(i))
                cairo_move_to(cr, (box.x + box.width * 0.2) * scale, y * scale)
                cairo_line_to(cr, (box.x + box.width * (0.2 + length)) * scale, y * scale)
            }
            cairo_stroke(cr)
            return
        }
        let origin = Point(x: textBox.x * scale, y: textBox.y * scale)
        if let layout {
            layout.show(on: cr, at: origin)
        } else {
            MarkupTextDrawing.draw(note.text, lines: note.lines, on: cr, at: origin, size: note.size * scale, wrapWidth: nil)
        }
    }

    private static func roundedRectangle(_ cr: OpaquePointer, _ rect: MarkupRect, radius: Double, scale: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2) * scale
        let x = rect.x * scale, y = rect.y * scale, maxX = rect.maxX * scale, maxY = rect.maxY * scale
        cairo_new_sub_path(cr)
        cairo_arc(cr, maxX - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, maxX - r, maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
