import CGLib
import GObjectSupport
import IroCore

/// The size of an SVG, read without `gdk_pixbuf_get_file_info`, which asserts (a GLib
/// CRITICAL, fatal under G_DEBUG=fatal-criticals) when a loader reports less than one
/// pixel — as librsvg does for `width="0"`, a tiny size or an empty viewBox. Here the SVG
/// loader's own `size-prepared` signal reports the size, and the drawing is made at 1 × 1.
enum SVGSize {
    /// Whether the first bytes of `source` say SVG (plain or gzip-compressed).
    static func isSVG(_ source: ImageSource) -> Bool {
        guard let mime = ImageFormats.sniffedMimeType(of: source) else { return false }
        return mime == "image/svg+xml" || mime == "image/svg+xml-compressed"
    }

    /// What librsvg makes of the SVG's size (0 for a side below a pixel); nil when the
    /// document cannot be read at all, and when it embeds images too large to draw
    /// (`SVGEmbeddedImages`: librsvg would decode them to draw even the one pixel asked for
    /// here, which a 400-byte file made 6 GB).
    static func read(_ source: ImageSource) -> (width: Int, height: Int)? {
        do throws(LoadError) { return try measured(source, depth: 0) } catch {
            Log.debug("\(source.displayName) is not measured: \(error)")
            return nil
        }
    }

    /// `read`, throwing what `SVGEmbeddedImages` refuses; `depth`: how deep in other SVGs
    /// this one is embedded.
    static func measured(_ source: ImageSource, depth: Int) throws(LoadError) -> (width: Int, height: Int)? {
        guard let document = wholeDocument(source) else { return nil }
        try SVGEmbeddedImages.check(document, depth: depth)
        let made: UnsafeMutablePointer<GdkPixbufLoader>?
        do throws(GLibError) { made = try withGError { gdk_pixbuf_loader_new_with_type("svg", $0) } } catch {
            Log.debug("no SVG loader to read a size with: \(error.message)")
            return nil
        }
        guard let loader = made else { return nil }
        defer { g_object_unref(raw(loader)) }
        let size = ReportedSize(stopping: false)
        size.follow(loader)
        var readable = true
        var offset = 0
        while readable, offset < document.count {
            let count = min(64 * 1024, document.count - offset)
            do throws(GLibError) {
                _ = try document.withUnsafeBufferPointer { bytes throws(GLibError) in
                    try withGError { gdk_pixbuf_loader_write(loader, bytes.baseAddress.map { $0 + offset }, gsize(count), $0) }
                }
            } catch {
                Log.debug("librsvg could not read \(source.displayName): \(error.message)")
                readable = false
            }
            offset += count
        }
        var closed = true
        do throws(GLibError) { _ = try withGError { gdk_pixbuf_loader_close(loader, $0) } } catch {
            // The size may be known even when drawing the document failed.
            Log.debug("closing the SVG loader for \(source.displayName): \(error.message)")
            closed = false
        }
        guard readable, closed || size.width != nil, let width = size.width, let height = size.height else { return nil }
        return (max(0, width), max(0, height))
    }

    /// The whole of `source`, read in 64 KB chunks; nil when it cannot be opened.
    private static func wholeDocument(_ source: ImageSource) -> [UInt8]? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var document: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { return document }
            document += buffer.prefix(count)
        }
    }
}
