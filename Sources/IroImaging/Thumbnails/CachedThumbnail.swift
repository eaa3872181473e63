import CGLib
import GObjectSupport
import IroCore

/// Reads a thumbnail from the desktop's cache (BEHAVIOUR H2). Any program of the session
/// may have written it, so it is read like any other file: in the decoder helper only.
public enum CachedThumbnail {
    /// A thumbnail's pixels (`GdkPixbuf *`, +1) and its text chunks by key.
    public struct Read {
        public let pixbuf: OpaquePointer
        public let chunks: [String: String]
    }

    /// The PNG in `source`, at most an xx-large thumbnail (1024 pixels a side): a larger
    /// one is not a thumbnail, and is refused by its declared size before any pixel is decoded.
    public static func read(_ source: ImageSource) throws(LoadError) -> Read {
        let bytes = try source.wholeBytes()
        let limit = ThumbnailCache.Size.xxLarge.pixels
        let head = bytes.withUnsafeBytes { Array($0.prefix(24)) }
        guard let declared = DeclaredSize.png(head) else { throw .unsupportedFormat }
        guard declared.width > 0, declared.height > 0, declared.width <= limit, declared.height <= limit else {
            throw .tooLarge(width: declared.width, height: declared.height)
        }
        let made: UnsafeMutablePointer<GdkPixbufLoader>?
        do throws(GLibError) { made = try withGError { gdk_pixbuf_loader_new_with_type("png", $0) } } catch {
            throw .unreadable(detail: error.message)
        }
        guard let loader = made else { throw .unsupportedFormat }
        defer { g_object_unref(raw(loader)) }
        do throws(GLibError) {
            try bytes.withUnsafeBytes { (all) throws(GLibError) in
                let start = all.baseAddress?.assumingMemoryBound(to: guchar.self)
                _ = try withGError { gdk_pixbuf_loader_write(loader, start, gsize(all.count), $0) }
                _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
            }
        } catch {
            _ = gdk_pixbuf_loader_close(loader, nil)
            throw PixbufLoad.classify(error)
        }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { throw .damaged(detail: trNoop("the thumbnail has no pixels")) }
        g_object_ref(raw(pixbuf))
        return Read(pixbuf: pixbuf, chunks: textChunks(of: pixbuf))
    }

    /// The PNG's text chunks, which gdk-pixbuf's loader keeps as options named `tEXt::key`.
    private static func textChunks(of pixbuf: OpaquePointer) -> [String: String] {
        guard let options = gdk_pixbuf_get_options(pixbuf) else { return [:] }
        defer { g_hash_table_destroy(options) }
        var chunks: [String: String] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, options)
        var key: gpointer?, value: gpointer?
        let prefix = "tEXt::"
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key, let value else { continue }
            let name = String(cString: UnsafePointer<CChar>(OpaquePointer(key)))
            guard name.hasPrefix(prefix) else { continue }
            chunks[String(name.dropFirst(prefix.count))] = String(cString: UnsafePointer<CChar>(OpaquePointer(value)))
        }
        return chunks
    }
}
