import CGLib
import CJPEG
import GObjectSupport
import IroCore

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
                guard count > 0 else { throw count < 0 ? failure() : .damaged(detail: trNoop("no image data")) }
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
                guard count > 0 else { throw count < 0 ? failure() : .damaged(detail: trNoop("no image data")) }
                row += Int(count)
            }
            // The same colours as the levels it is drawn beside.
            if let profile = JPEGDecoding.iccProfile(of: jpeg) { ColourProfile.convertToSRGB(pixbuf, profile: profile) }
            guard
                let trusted = gdk_pixbuf_new_subpixbuf(pixbuf, Int32(kept.x - decoded.x), 0, Int32(rect.width), Int32(rect.height))
            else { throw .tooLarge(width: rect.width, height: rect.height) }
            defer { g_object_unref(raw(trusted)) }
            if orientation != 1 { gdk_pixbuf_set_option(trusted, "orientation", "\(orientation)") }
            guard let turned = gdk_pixbuf_apply_embedded_orientation(trusted) else {
                throw .damaged(detail: trNoop("could not apply orientation"))
            }
            let placed = ExifOrientation.uprightRect(of: rect, orientation: orientation, rawWidth: rawWidth, rawHeight: rawHeight)
            return DetailRegion(adopting: turned, rect: placed, scale: 1 / Double(reduction))
        }
    }
}
