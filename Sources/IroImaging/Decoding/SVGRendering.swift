import CGtk
import CSVG
import IroCore

/// SVG drawn by librsvg directly (CSVG), at the detail the view needs: gdk-pixbuf's SVG
/// loader draws at the document's own size only, so a 4096-pixel icon shown in a
/// 1000-pixel view cost sixteen times the pixels it shows. The size the document declares
/// stays the image's size (what 100 % means); zooming past the detail drawn draws it
/// again (`DecodeDetail`). External files are never loaded: the document is parsed from
/// memory, with no location to resolve them against.
enum SVGRendering {
    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let header = load.header
        // A side below a pixel is broken, not small (SVGSize reports it as 0).
        try ImageLimits.check(width: header.width, height: header.height)
        let scale = detail.drawingScale(imageWidth: header.width, imageHeight: header.height)
        let width = max(1, Int((Double(header.width) * scale).rounded()))
        let height = max(1, Int((Double(header.height) * scale).rounded()))
        guard let data = try load.readWholeFile(progressShare: 0.3, isCancelled: isCancelled) else { return nil }
        var message = [CChar](repeating: 0, count: 256)
        func failure() -> LoadError { .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
        let opened = data.withUnsafeBufferPointer { iro_svg_open($0.baseAddress, $0.count, &message, message.count) }
        guard let svg = opened else { throw failure() }
        defer { iro_svg_free(svg) }
        if isCancelled() { return nil }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard let pixels = g_try_malloc0(gsize(stride * height))?.assumingMemoryBound(to: UInt8.self) else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        defer { g_free(pixels) }
        guard iro_svg_render(svg, pixels, Int32(width), Int32(height), Int32(stride), &message, message.count) != 0 else {
            throw failure()
        }
        load.progress?.set(1)
        // Premultiplied ARGB to the straight RGBA a pixbuf holds.
        let surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
        defer { cairo_surface_destroy(surface) }
        guard let pixbuf = gdk_pixbuf_get_from_surface(surface, 0, 0, Int32(width), Int32(height)) else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        return DecodedImage(adopting: pixbuf, formatName: header.formatName, imageWidth: header.width, imageHeight: header.height)
    }
}
