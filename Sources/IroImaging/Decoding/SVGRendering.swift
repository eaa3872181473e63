import CGLib
import CSVG
import IroCore

/// SVG drawn by librsvg directly (CSVG), at the detail the view needs: gdk-pixbuf's SVG
/// loader draws at the document's own size only, so a 4096-pixel icon shown in a
/// 1000-pixel view cost sixteen times the pixels it shows. The size the document declares
/// stays the image's size (what 100 % means); zooming past the detail drawn draws it
/// again (`DecodeDetail`), and past 100 % the part shown is drawn at the zoom's scale
/// (`region`), so a vector image stays sharp at any zoom. External files are never
/// loaded: the document is parsed from memory, with no location to resolve them against;
/// images embedded in it (`data:` URLs) are measured first and refused when too large
/// (`SVGEmbeddedImages`).
enum SVGRendering {
    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let header = load.header
        // A side below a pixel is broken, not small (SVGSize reports it as 0).
        try ImageLimits.check(width: header.width, height: header.height)
        let scale = detail.drawingScale(imageWidth: header.width, imageHeight: header.height)
        let width = max(1, Int((Double(header.width) * scale).rounded()))
        let height = max(1, Int((Double(header.height) * scale).rounded()))
        let part = PixelRect(x: 0, y: 0, width: width, height: height)
        guard
            let pixbuf = try draw(
                load, part: part, documentWidth: Double(width), documentHeight: Double(height), isCancelled: isCancelled)
        else { return nil }
        load.progress?.set(1)
        return DecodedImage(adopting: pixbuf, formatName: header.formatName, imageWidth: header.width, imageHeight: header.height)
    }

    /// The part of the document covering `wanted` (image pixels) drawn at `scale` (any,
    /// past 1 too), clipped to the document.
    static func region(_ load: PixbufLoad, covering wanted: PixelRect, scale: Double, isCancelled: () -> Bool) throws(LoadError)
        -> DetailRegion?
    {
        let header = load.header
        try ImageLimits.check(width: header.width, height: header.height)
        guard scale > 0, scale.isFinite else { return nil }
        let documentWidth = Double(header.width) * scale, documentHeight = Double(header.height) * scale
        let bounds = PixelRect(x: 0, y: 0, width: Int(documentWidth.rounded(.up)), height: Int(documentHeight.rounded(.up)))
        let part = DetailRegion.scaled(wanted, by: scale).intersection(bounds)
        guard !part.isEmpty, part.width <= ImageLimits.maxSide, part.height <= ImageLimits.maxSide else { return nil }
        guard
            let pixbuf = try draw(load, part: part, documentWidth: documentWidth, documentHeight: documentHeight, isCancelled: isCancelled)
        else { return nil }
        return DetailRegion(adopting: pixbuf, rect: part, scale: scale, maxScale: .infinity)
    }

    /// `part` of the document drawn `documentWidth` × `documentHeight`, as a pixbuf (+1).
    private static func draw(
        _ load: PixbufLoad, part: PixelRect, documentWidth: Double, documentHeight: Double, isCancelled: () -> Bool
    ) throws(LoadError) -> OpaquePointer? {
        let header = load.header
        guard let data = try load.readWholeFile(progressShare: 0.3, isCancelled: isCancelled) else { return nil }
        // Checked at each drawing too: the header may have been read by another process, or long ago.
        try SVGEmbeddedImages.check(data)
        var message = [CChar](repeating: 0, count: 256)
        func failure() -> LoadError { .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
        let opened = data.withUnsafeBufferPointer { iro_svg_open($0.baseAddress, $0.count, &message, message.count) }
        guard let svg = opened else { throw failure() }
        defer { iro_svg_free(svg) }
        if isCancelled() { return nil }
        return try CairoDrawing.pixbuf(
            width: part.width, height: part.height, tooLarge: .tooLarge(width: header.width, height: header.height)
        ) {
            (pixels, stride) throws(LoadError) in
            guard
                iro_svg_render(
                    svg, pixels, Int32(part.width), Int32(part.height), Int32(stride), Double(part.x), Double(part.y), documentWidth,
                    documentHeight, &message, message.count) != 0
            else { throw failure() }
        }
    }
}
