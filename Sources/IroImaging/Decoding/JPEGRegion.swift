import CGtk
import CJPEG
import GObjectSupport
import IroCore

/// One part of an image with more detail than the levels held: what a view zoomed into a
/// large JPEG shows while, or instead of, the whole image being decoded with that detail.
public final class DetailRegion: @unchecked Sendable {
    /// Region pixels per image pixel: 1, ½, ¼ or ⅛.
    public let scale: Double
    /// Where the pixels sit in the upright image decoded at `scale`, in its pixels.
    public let rect: PixelRect
    /// `GdkPixbuf *` (+1) of `rect.width` × `rect.height`, upright.
    public let pixbuf: OpaquePointer

    init(adopting pixbuf: OpaquePointer, rect: PixelRect, scale: Double) {
        self.pixbuf = pixbuf
        self.rect = rect
        self.scale = scale
    }

    /// Whether it holds every pixel a view at `scale` needs (image pixels × `scale`) of
    /// `source` (content pixels at that scale).
    public func covers(_ source: PixelRect, at viewScale: Double) -> Bool {
        guard scale >= min(1, viewScale) - 1e-9 else { return false }
        let factor = viewScale / scale
        return Double(source.x) >= Double(rect.x) * factor - 1e-6 && Double(source.y) >= Double(rect.y) * factor - 1e-6
            && Double(source.maxX) <= Double(rect.maxX) * factor + 1e-6 && Double(source.maxY) <= Double(rect.maxY) * factor + 1e-6
    }

    /// Whether it holds `wanted` (upright image pixels) with at least `detail`.
    public func holds(_ wanted: PixelRect, detail: Double) -> Bool {
        scale >= min(1, detail) - 1e-9 && rect.contains(Self.scaled(wanted, by: scale))
    }

    /// `rect` (image pixels) at `scale`, rounded outwards.
    static func scaled(_ rect: PixelRect, by scale: Double) -> PixelRect {
        let x = Int((Double(rect.x) * scale).rounded(.down)), y = Int((Double(rect.y) * scale).rounded(.down))
        let maxX = Int((Double(rect.maxX) * scale).rounded(.up)), maxY = Int((Double(rect.maxY) * scale).rounded(.up))
        return PixelRect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    deinit { g_object_unref(raw(pixbuf)) }

    public var byteCount: Int { Int(gdk_pixbuf_get_byte_length(pixbuf)) }
}

/// Decodes a rectangle of a JPEG at full detail with libjpeg's crop (only the blocks of
/// the columns asked for go through the inverse DCT and colour conversion) and skip (the
/// rows above are entropy-decoded but produce no pixels): a fraction of a whole decode's
/// time and memory. EXIF orientation is applied, so rectangles are in the upright image.
enum JPEGRegion {
    /// `reduction`: 1, 2, 4 or 8 (libjpeg's DCT scaling, as for a whole decode).
    static func decode(_ load: PixbufLoad, covering wanted: PixelRect, reduction: Int, isCancelled: () -> Bool) throws(LoadError)
        -> DetailRegion?
    {
        guard load.fileSize <= JPEGDecoding.maxFileBytes,
            let data = try load.readWholeFile(progressShare: 0, isCancelled: isCancelled)
        else { return nil }
        return try data.withUnsafeBufferPointer { bytes throws(LoadError) in
            var message = [CChar](repeating: 0, count: 256)
            func failure() -> LoadError { .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
            var info = IroJpegInfo()
            guard let jpeg = iro_jpeg_open(bytes.baseAddress, bytes.count, &info, &message, message.count) else { throw failure() }
            defer { iro_jpeg_free(jpeg) }
            guard info.cmyk == 0 else { return nil } // gdk-pixbuf decodes those, whole
            try ImageLimits.check(width: Int(info.width), height: Int(info.height))
            let orientation = JPEGOrientation.read(bytes)
            var width: Int32 = 0, height: Int32 = 0
            guard iro_jpeg_start(jpeg, Int32(reduction), &width, &height, &message, message.count) != 0 else { throw failure() }
            // Everything below is in the pixels of the (reduced) decode.
            let (rawWidth, rawHeight) = (Int(width), Int(height))
            let swapped = ExifOrientation.swapsSides(orientation)
            let upright = PixelRect(x: 0, y: 0, width: swapped ? rawHeight : rawWidth, height: swapped ? rawWidth : rawHeight)
            let inside = DetailRegion.scaled(wanted, by: 1 / Double(reduction)).intersection(upright)
            guard !inside.isEmpty else { return nil }
            var rect = ExifOrientation.rawRect(of: inside, orientation: orientation, rawWidth: rawWidth, rawHeight: rawHeight)

            // A column more each side: upsampled chroma at a crop's edge lacks its neighbour,
            // so the edge column differs from a whole decode's; it is dropped below.
            let left = max(0, rect.x - 1), right = min(rawWidth, rect.maxX + 1)
            var x = Int32(left), columns = Int32(right - left)
            guard iro_jpeg_crop(jpeg, &x, &columns, &message, message.count) != 0 else { throw failure() }
            let decoded = (x: Int(x), maxX: Int(x) + Int(columns)) // widened to whole blocks
            let kept = (x: decoded.x > 0 ? decoded.x + 1 : 0, maxX: decoded.maxX < rawWidth ? decoded.maxX - 1 : rawWidth)
            (rect.x, rect.width) = (kept.x, kept.maxX - kept.x)
            var skipped = 0
            while skipped < rect.y {
                if isCancelled() { return nil }
                let count = iro_jpeg_skip_rows(jpeg, Int32(min(JPEGDecoding.rowsPerChunk * 4, rect.y - skipped)), &message, message.count)
                guard count > 0 else { throw count < 0 ? failure() : .damaged(detail: "no image data") }
                skipped += Int(count)
            }
            guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, columns, Int32(rect.height)) else {
                throw .tooLarge(width: rect.width, height: rect.height)
            }
            defer { g_object_unref(raw(pixbuf)) }
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            var row = 0
            while row < rect.height {
                if isCancelled() { return nil }
                let count = iro_jpeg_read_rows(
                    jpeg, pixels + row * stride, stride, Int32(min(JPEGDecoding.rowsPerChunk, rect.height - row)), &message,
                    message.count)
                guard count > 0 else { throw count < 0 ? failure() : .damaged(detail: "no image data") }
                row += Int(count)
            }
            guard
                let trusted = gdk_pixbuf_new_subpixbuf(pixbuf, Int32(kept.x - decoded.x), 0, Int32(rect.width), Int32(rect.height))
            else { throw .tooLarge(width: rect.width, height: rect.height) }
            defer { g_object_unref(raw(trusted)) }
            if orientation != 1 { gdk_pixbuf_set_option(trusted, "orientation", "\(orientation)") }
            guard let turned = gdk_pixbuf_apply_embedded_orientation(trusted) else { throw .damaged(detail: "could not apply orientation") }
            let placed = ExifOrientation.uprightRect(of: rect, orientation: orientation, rawWidth: rawWidth, rawHeight: rawHeight)
            return DetailRegion(adopting: turned, rect: placed, scale: 1 / Double(reduction))
        }
    }
}

extension ImageDecoder {
    /// The part of `path` covering `wanted` (upright image pixels) with `detail`, off the
    /// main thread; nil when the format has no such decode (only JPEG has) or when cancelled.
    @concurrent
    nonisolated public static func decodeRegion(path: RawPath, covering wanted: PixelRect, detail: Double = 1) async throws(LoadError)
        -> DetailRegion?
    {
        try decodeRegionSynchronously(path: path, covering: wanted, detail: detail, isCancelled: { Task.isCancelled })
    }

    /// The same work on the calling thread.
    nonisolated public static func decodeRegionSynchronously(
        path: RawPath, covering wanted: PixelRect, detail: Double = 1, isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DetailRegion? {
        let fileSize = try FileCheck.regularFileSize(at: path)
        let header = try readHeader(path: path)
        guard header.formatName == "jpeg" else { return nil }
        let load = PixbufLoad(path: path, header: header, fileSize: fileSize, progress: nil)
        if let problem = load.integrity?.problemBeforeDecoding(path: path, fileSize: fileSize) {
            throw .damaged(detail: problem)
        }
        let reduction = DecodeDetail.scale(detail).reduction(imageWidth: header.width, imageHeight: header.height)
        return try JPEGRegion.decode(load, covering: wanted, reduction: reduction, isCancelled: isCancelled)
    }
}
