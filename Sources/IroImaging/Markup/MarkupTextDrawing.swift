import CGLib
import Glibc
import IroCore

/// Markup's text drawn with Pango, which finds a font for every character (Japanese beside
/// Latin, emoji), laid out as GTK lays out the rest of Iro's text. IroImaging links no Pango
/// (the decoder helper, built from it, must not carry it): it is loaded when text is first
/// drawn, in Iro's own process, where GTK has loaded it already. Without it, cairo's own
/// "toy" text draws the lines `MarkupTextLayout` estimates, in one font with no fallback.
enum MarkupTextDrawing {
    /// A Pango layout of some text, to measure and then draw; `free()` it after.
    struct Layout {
        fileprivate let pointer: OpaquePointer
        fileprivate let pango: Pango
        /// Its height in device pixels.
        let height: Double

        /// Draws it with its top-left corner at `origin`, in `cr`'s current source.
        func show(on cr: OpaquePointer, at origin: Point) {
            cairo_move_to(cr, origin.x, origin.y)
            pango.showLayout(cr, pointer)
        }

        func free() { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    /// `text` laid out at `size` pixels (wrapped at `wrapWidth` pixels, between words or, in
    /// a word too long, between characters); nil without Pango.
    static func layout(_ text: String, on cr: OpaquePointer, size: Double, wrapWidth: Double?) -> Layout? {
        guard let pango = Pango.shared, let layout = pango.createLayout(cr) else { return nil }
        if let font = pango.fontFromString("Sans") {
            pango.setAbsoluteSize(font, size * 1024) // PANGO_SCALE
            pango.setFontDescription(layout, font)
            pango.freeFontDescription(font)
        }
        if let wrapWidth {
            pango.setWidth(layout, Int32(min(max(wrapWidth * 1024, 1), Double(Int32.max))))
            pango.setWrap(layout, 2) // PANGO_WRAP_WORD_CHAR
        }
        text.withCString { pango.setText(layout, $0, -1) }
        var width: Int32 = 0, height: Int32 = 0
        pango.getPixelSize(layout, &width, &height)
        return Layout(pointer: layout, pango: pango, height: Double(height))
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

/// The few functions of pango and pangocairo markup calls, found in the library once.
private struct Pango: @unchecked Sendable {
    // As the headers declare them: pointers to Pango's and cairo's structs, C ints, doubles.
    typealias New = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Unary = @convention(c) (OpaquePointer?) -> Void
    typealias Binary = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias SetInt = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias SetText = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void
    typealias FromString = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias SetDouble = @convention(c) (OpaquePointer?, Double) -> Void
    typealias GetSize = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void

    let createLayout: New
    let setText: SetText
    let fontFromString: FromString
    let setAbsoluteSize: SetDouble
    let freeFontDescription: Unary
    let setFontDescription: Binary
    let setWidth: SetInt
    let setWrap: SetInt
    let getPixelSize: GetSize
    let showLayout: Binary

    /// nil when pangocairo is not installed or lacks a function (then it is not tried again).
    static let shared = Pango()

    private init?() {
        // Never closed: the functions are kept for the life of the process.
        guard let library = dlopen("libpangocairo-1.0.so.0", RTLD_NOW | RTLD_LOCAL) else { return nil }
        // dlsym looks in the library and those it links: pango's own functions are found too.
        func function<T>(_ name: String) -> T? { dlsym(library, name).map { unsafeBitCast($0, to: T.self) } }
        guard let createLayout: New = function("pango_cairo_create_layout"), let setText: SetText = function("pango_layout_set_text"),
            let fontFromString: FromString = function("pango_font_description_from_string"),
            let setAbsoluteSize: SetDouble = function("pango_font_description_set_absolute_size"),
            let freeFontDescription: Unary = function("pango_font_description_free"),
            let setFontDescription: Binary = function("pango_layout_set_font_description"),
            let setWidth: SetInt = function("pango_layout_set_width"), let setWrap: SetInt = function("pango_layout_set_wrap"),
            let getPixelSize: GetSize = function("pango_layout_get_pixel_size"),
            let showLayout: Binary = function("pango_cairo_show_layout")
        else { return nil }
        self.createLayout = createLayout
        self.setText = setText
        self.fontFromString = fontFromString
        self.setAbsoluteSize = setAbsoluteSize
        self.freeFontDescription = freeFontDescription
        self.setFontDescription = setFontDescription
        self.setWidth = setWidth
        self.setWrap = setWrap
        self.getPixelSize = getPixelSize
        self.showLayout = showLayout
    }
}
