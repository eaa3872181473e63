import CGLib
import GObjectSupport
import IroCore

/// What gdk-pixbuf's file functions do, done on bytes in memory (`ImageSource.Storage.bytes`)
/// for the decoder helper, which opens no files.
enum LoaderProbe {
    /// The format and declared size, as `gdk_pixbuf_get_file_info` finds them: the loader
    /// the first bytes call for (or, failing that, the one `name`'s extension names), fed
    /// until it reports a size.
    static func format(
        of contents: ImageBytes, named name: RawPath, width: inout Int32, height: inout Int32
    ) -> OpaquePointer? {
        if let byContent = gdk_pixbuf_loader_new(), let format = probe(byContent, contents, &width, &height) { return format }
        let suffix = name.pathExtension.lowercased()
        guard !suffix.isEmpty, let formats = gdk_pixbuf_get_formats() else { return nil }
        defer { g_slist_free(formats) }
        var node: UnsafeMutablePointer<GSList>? = formats
        while let entry = node {
            let format = OpaquePointer(entry.pointee.data)
            node = entry.pointee.next
            guard let extensions = gdk_pixbuf_format_get_extensions(format) else { continue }
            defer { g_strfreev(extensions) }
            var index = 0
            var matches = false
            while let each = extensions[index] {
                if String(cString: each) == suffix { matches = true }
                index += 1
            }
            guard matches, let typeName = takeString(gdk_pixbuf_format_get_name(format)) else { continue }
            let made: UnsafeMutablePointer<GdkPixbufLoader>?
            do throws(GLibError) { made = try withGError { gdk_pixbuf_loader_new_with_type(typeName, $0) } } catch { continue }
            if let loader = made, let found = probe(loader, contents, &width, &height) { return found }
        }
        return nil
    }

    /// Feeds `loader` (adopted) until it reports a size; its format then.
    private static func probe(
        _ loader: UnsafeMutablePointer<GdkPixbufLoader>, _ contents: ImageBytes, _ width: inout Int32, _ height: inout Int32
    ) -> OpaquePointer? {
        defer { g_object_unref(raw(loader)) }
        let size = ReportedSize(stopping: true)
        size.follow(loader)
        var offset = 0
        // Small chunks, as gdk_pixbuf_get_file_info reads: the loader stops at the header
        // instead of decoding what else a large chunk holds.
        contents.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            while size.width == nil, offset < bytes.count {
                let count = min(4096, bytes.count - offset)
                do throws(GLibError) {
                    _ = try withGError { gdk_pixbuf_loader_write(loader, start + offset, gsize(count), $0) }
                } catch { break }
                offset += count
            }
        }
        _ = gdk_pixbuf_loader_close(loader, nil)
        guard let format = gdk_pixbuf_loader_get_format(loader) else { return nil }
        width = Int32(size.width ?? 0)
        height = Int32(size.height ?? 0)
        return size.width == nil && gdk_pixbuf_loader_get_pixbuf(loader) == nil ? nil : format
    }

    /// The whole image, as `gdk_pixbuf_new_from_file` would give it (+1).
    static func wholeImage(_ contents: ImageBytes, format: String) throws(GLibError) -> OpaquePointer? {
        guard let loader = try withGError({ gdk_pixbuf_loader_new_with_type(format, $0) }) else { return nil }
        defer { g_object_unref(raw(loader)) }
        try contents.withUnsafeBytes { bytes throws(GLibError) in
            guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            _ = try withGError { gdk_pixbuf_loader_write(loader, start, gsize(bytes.count), $0) }
        }
        _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        g_object_ref(raw(pixbuf))
        return pixbuf
    }
}

/// The size a loader reports in `size-prepared`. Only the size is wanted: the loader is
/// then asked for 0 × 0, which makes it stop there (as `gdk_pixbuf_get_file_info` does;
/// at 1 × 1 a JPEG loader went on through every scan of a progressive file), or, for a
/// loader that reports the size only once it has the whole document (SVG), to draw 1 × 1.
final class ReportedSize {
    var width: Int?
    var height: Int?
    private let stops: Bool

    init(stopping: Bool) { stops = stopping }

    func follow(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) {
        let side: Int32 = stops ? 0 : 1
        onSignalAnyThread(raw(loader), "size-prepared") { [self] (width: Int32, height: Int32) in
            self.width = Int(width)
            self.height = Int(height)
            gdk_pixbuf_loader_set_size(loader, side, side)
        }
    }
}
