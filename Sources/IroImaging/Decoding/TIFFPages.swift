import CGLib
import CTIFF
import GObjectSupport
import IroCore

/// Every page of a multi-page TIFF (BEHAVIOUR G1), read by libtiff (CTIFF) from the bytes
/// in memory: gdk-pixbuf's loader reads only the first. Each page has its own size,
/// compression, orientation and colour profile. A TIFF of one page still goes through
/// gdk-pixbuf, as before.
enum TIFFPages {
    /// A TIFF opened by libtiff, with the bytes it reads in place.
    private final class File {
        let bytes: ImageBytes
        let handle: OpaquePointer

        /// `source`'s TIFF, opened once for the bytes of a request (its header, then its page).
        static func open(_ source: ImageSource) throws(LoadError) -> File {
            let bytes = try source.wholeBytes()
            return try bytes.document(key: "tiff") { () throws(LoadError) in try File(bytes) }
        }

        private init(_ bytes: ImageBytes) throws(LoadError) {
            self.bytes = bytes
            var message = [CChar](repeating: 0, count: 256)
            let opened = bytes.withUnsafeBytes { data in
                iro_tiff_open(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &message, message.count)
            }
            guard let opened else { throw .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
            handle = opened
        }

        deinit { iro_tiff_free(handle) }

        var pageCount: Int { Int(iro_tiff_page_count(handle)) }

        /// The page's stored size and orientation (1–8).
        func info(_ page: Int) throws(LoadError) -> (width: Int, height: Int, orientation: Int) {
            var width: Int32 = 0, height: Int32 = 0, orientation: Int32 = 1
            guard iro_tiff_page_info(handle, Int32(page), &width, &height, &orientation) == 1 else {
                throw .damaged(detail: "page \(page + 1) cannot be read")
            }
            return (Int(width), Int(height), Int(orientation))
        }
    }

    /// The header of a TIFF with more than one page (the asked page's size, upright), or nil
    /// for a TIFF of one page, which gdk-pixbuf reads.
    static func header(_ source: ImageSource) throws(LoadError) -> ImageDecoder.Header? {
        let file = try File.open(source)
        let count = file.pageCount
        let index = source.page.index
        guard count > 1 || index > 0 else { return nil }
        guard index < count else { throw .damaged(detail: "the document has no page \(index + 1)") }
        let page = try file.info(index)
        try ImageLimits.check(width: page.width, height: page.height)
        let turned = (5...8).contains(page.orientation)
        return ImageDecoder.Header(
            formatName: "tiff", width: turned ? page.height : page.width, height: turned ? page.width : page.height, pageCount: count)
    }

    /// The page, whole, upright and in sRGB.
    static func decode(_ load: PixbufLoad, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let file = try File.open(load.source)
        let pageIndex = load.source.page.index
        let page = try file.info(pageIndex)
        try ImageLimits.check(width: page.width, height: page.height)
        if isCancelled() { return nil }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(page.width), Int32(page.height)) else {
            throw .tooLarge(width: page.width, height: page.height)
        }
        defer { g_object_unref(raw(pixbuf)) }
        // libtiff writes packed rows; a pixbuf's rows are 4 × width bytes at 8-bit RGBA too.
        guard Int(gdk_pixbuf_get_rowstride(pixbuf)) == page.width * 4 else {
            throw .unreadable(detail: trNoop("the decoder made pixels of an unexpected kind"))
        }
        var message = [CChar](repeating: 0, count: 256)
        var icc: UnsafePointer<UInt8>?
        var iccSize: UInt32 = 0
        guard
            iro_tiff_read_page(
                file.handle, Int32(pageIndex), gdk_pixbuf_get_pixels(pixbuf), Int32(page.width), Int32(page.height), &icc, &iccSize,
                &message, message.count) == 1
        else { throw .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
        let profile = icc.map { Array(UnsafeBufferPointer(start: $0, count: Int(iccSize))) }
        load.progress?.set(1)
        // The page's Orientation tag has EXIF's values: gdk-pixbuf turns by it.
        gdk_pixbuf_set_option(pixbuf, "orientation", "\(page.orientation)")
        return try load.upright(pixbuf, reduced: false, profile: profile, pageCount: file.pageCount)
    }
}
