import CGLib
import CJPEG
import GObjectSupport
import Glibc
import IroCore

/// JPEG is decoded by libjpeg-turbo directly (CJPEG), not through gdk-pixbuf's loader:
/// - at ½, ¼ or ⅛ of its size when that is all the view needs (libjpeg's DCT scaling:
///   the detail `DecodeDetail` asks for), baseline and progressive alike;
/// - a progressive JPEG in one pass, where gdk-pixbuf's incremental loader outputs every
///   scan (twice the work or more);
/// - cancellable and with progress between chunks of rows;
/// - the file read once into memory and its markers checked before any pixel is decoded,
///   so a file cut short is refused at once (libjpeg would fill the rest with grey).
/// - CMYK and YCCK JPEGs through their embedded CMYK profile (Little CMS), where gdk-pixbuf
///   would apply a naive formula whatever the profile says (`CMYKPixels`).
/// Files too large to read into memory still go through gdk-pixbuf (`PixbufLoad`).
enum JPEGDecoding {
    /// Files larger than this are streamed through gdk-pixbuf instead of read whole.
    static let maxFileBytes: Int64 = 256 << 20
    /// Rows decoded between two looks at cancellation.
    static let rowsPerChunk = 64

    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let header = load.header
        guard load.fileSize <= maxFileBytes else {
            let reduction = detail.reduction(imageWidth: header.width, imageHeight: header.height)
            return try throughPixbuf(load, reduction: reduction, isCancelled: isCancelled)
        }
        guard let data = try load.readWholeFile(progressShare: 0.2, isCancelled: isCancelled) else { return nil }
        return try data.withUnsafeBufferPointer { bytes throws(LoadError) in
            // The detail a view needs is judged on the image as it stands, upright.
            let orientation = JPEGOrientation.read(bytes)
            let turned = (5...8).contains(orientation)
            let reduction = detail.reduction(
                imageWidth: turned ? header.height : header.width, imageHeight: turned ? header.width : header.height)
            return try decode(bytes, load: load, reduction: reduction, orientation: orientation, isCancelled: isCancelled)
        }
    }

    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, load: PixbufLoad, reduction: Int, orientation: Int, isCancelled: () -> Bool
    ) throws(LoadError) -> DecodedImage? {
        guard let (pixbuf, profile) = try pixels(bytes, reduction: reduction, progress: load.progress, isCancelled: isCancelled) else {
            return nil
        }
        defer { g_object_unref(raw(pixbuf)) }
        if orientation != 1 { gdk_pixbuf_set_option(pixbuf, "orientation", "\(orientation)") }
        return try load.upright(pixbuf, reduced: reduction > 1, profile: profile)
    }

    /// The pixels of the JPEG in `bytes` at `reduction` (1, 2, 4 or 8), as the file stores
    /// them (not turned), in `PixelMemory` (+1), with the profile they are in (nil when
    /// sRGB or already converted: CMYK); nil when `isCancelled` said so. `progress` goes
    /// from 0.2 to 1 (the file's reading is the first fifth).
    static func pixels(
        _ bytes: UnsafeBufferPointer<UInt8>, reduction: Int, progress: LoadProgress?, isCancelled: () -> Bool
    ) throws(LoadError) -> (pixbuf: OpaquePointer, profile: [UInt8]?)? {
        var message = [CChar](repeating: 0, count: 256)
        func failure() -> LoadError { .damaged(detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
        var info = IroJpegInfo()
        guard let jpeg = iro_jpeg_open(bytes.baseAddress, bytes.count, &info, &message, message.count) else { throw failure() }
        defer { iro_jpeg_free(jpeg) }
        try ImageLimits.check(width: Int(info.width), height: Int(info.height))
        var width: Int32 = 0, height: Int32 = 0
        guard iro_jpeg_start(jpeg, Int32(reduction), &width, &height, &message, message.count) != 0 else { throw failure() }
        guard let pixbuf = PixelMemory.pixbuf(hasAlpha: false, width: width, height: height) else {
            throw .tooLarge(width: Int(info.width), height: Int(info.height))
        }
        var kept = false
        defer { if !kept { g_object_unref(raw(pixbuf)) } }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let profile = iccProfile(of: jpeg)
        // CMYK: a chunk of ink values at a time, turned into the pixbuf's RGB rows.
        let cmyk = info.cmyk != 0 ? CMYKPixels(width: Int(width), rows: rowsPerChunk, profile: profile, inverted: info.inverted != 0) : nil
        var row = 0
        while row < Int(height) {
            if isCancelled() { return nil }
            let wanted = min(rowsPerChunk, Int(height) - row)
            let count =
                if let cmyk {
                    cmyk.withBuffer { iro_jpeg_read_rows(jpeg, $0, cmyk.stride, Int32(wanted), &message, message.count) }
                } else {
                    iro_jpeg_read_rows(jpeg, pixels + row * stride, stride, Int32(wanted), &message, message.count)
                }
            guard count > 0 else { throw count < 0 ? failure() : .damaged(detail: trNoop("no image data")) }
            cmyk?.convert(rows: Int(count), into: pixels + row * stride, stride: stride)
            row += Int(count)
            progress?.set(0.2 + 0.8 * Double(row) / Double(height))
        }
        kept = true
        return (pixbuf, cmyk == nil ? profile : nil)
    }

    /// The ICC profile the file embeds, if any (libjpeg puts its APP2 chunks together).
    static func iccProfile(of jpeg: OpaquePointer) -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>?
        let size = iro_jpeg_icc_profile(jpeg, &data)
        defer { free(data) }
        guard size > 0, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// gdk-pixbuf's loader, asked for the reduced size before the first byte.
    private static func throughPixbuf(_ load: PixbufLoad, reduction: Int, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let header = load.header
        // libjpeg's output is ⌈side / reduction⌉, exactly what is asked: nothing is rescaled.
        let size = reduction > 1 ? ((header.width + reduction - 1) / reduction, (header.height + reduction - 1) / reduction) : nil
        return try load.incremental(size: size, isCancelled: isCancelled) { error throws(LoadError) in
            // Arithmetic coding cannot be decoded incrementally ("Suspension not allowed here").
            guard error.message.contains("Suspension not allowed") else { throw PixbufLoad.classify(error) }
            return try load.wholeFile()
        }
    }
}
