import CGLib
import CPango
import IroCore

/// Markup's text drawn with Pango, which finds a font for every character (Japanese beside
/// Latin, emoji), laid out as GTK lays out the rest of Iro's text (CPango, loaded when text is
/// first drawn: in Iro, where GTK has loaded it already, and in the decoder helper for a
/// marked-up PDF's copy). Without it, cairo's own "toy" text draws the lines
/// `MarkupTextLayout` estimates, in one font with no fallback.
enum MarkupTextDrawing {
    /// A Pango layout of some text, to measure and then draw; `free()` it after.
    struct Layout {
        fileprivate let pointer: UnsafeMutableRawPointer
        /// Its height in device pixels.
        let height: Double

        /// Draws it with its top-left corner at `origin`, in `cr`'s current source.
        func show(on cr: OpaquePointer, at origin: Point) {
            cairo_move_to(cr, origin.x, origin.y)
            iro_pango_show(UnsafeMutableRawPointer(cr), pointer)
        }

        func free() { iro_pango_free(pointer) }
    }

    /// `text` laid out at `size` pixels (wrapped at `wrapWidth` pixels, between words or, in
    /// a word too long, between characters); nil without Pango.
    static func layout(_ text: String, on cr: OpaquePointer, size: Double, wrapWidth: Double?) -> Layout? {
        var height: Int32 = 0
        let made = text.withCString { iro_pango_layout(UnsafeMutableRawPointer(cr), $0, size, max(wrapWidth ?? 0, 0), &height) }
        return made.map { Layout(pointer: $0, height: Double(height)) }
    }

    /// Draws `text` with its top-left corner at `origin` at `size` pixels, in `cr`'s current
    /// source: with Pango, else `lines` with cairo's toy text.
    static func draw(_ text: String, lines: [Substring], on cr: OpaquePointer, at origin: Point, size: Double, wrapWidth: Double?) {
        if let layout = layout(text, on: cr, size: size, wrapWidth: wrapWidth) {
            layout.show(on: cr, at: origin)
            layout.free()
            return
        }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        for (i, line) in lines.enumerated() {
            cairo_move_to(cr, origin.x, origin.y + (MarkupTextLayout.ascent + Double(i) * MarkupTextLayout.lineHeight) * size)
            String(line).withCString { cairo_show_text(cr, $0) }
        }
    }
}
