import CGtk
import CLcms2
import Dispatch
import GObjectSupport
import Synchronization

/// Embedded ICC profiles, honoured (BEHAVIOUR A3): the decoded pixels are converted to sRGB
/// with Little CMS, perceptual intent, where they are decoded (off the main thread, in the
/// helper), so levels, renderings, the hue, prints and exports all start from the colours
/// the camera or editor meant. sRGB is what GTK 4.8 shows as is, and what most monitors are
/// close to. No profile means sRGB, untouched; a profile that is broken, not RGB, or sRGB
/// itself leaves the pixels as they are (a broken one with a debug line, never an error).
enum ColourProfile {
    /// Converts `pixbuf`'s pixels (8-bit RGB or RGBA, not premultiplied) in place from
    /// `profile` to sRGB. Whether it converted.
    @discardableResult
    static func convertToSRGB(_ pixbuf: OpaquePointer, profile: [UInt8]) -> Bool {
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, gdk_pixbuf_get_n_channels(pixbuf) == (hasAlpha ? 4 : 3),
            let transform = transform(from: profile, alpha: hasAlpha)
        else { return false }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return false }
        // Bands of rows on every core: a screen-sized level of a photo is several megapixels.
        let bands = width * height >= 1 << 20 ? max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) : 1
        let rowsPerBand = (height + bands - 1) / bands
        let base = UInt(bitPattern: pixels)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let first = band * rowsPerBand, count = min(rowsPerBand, height - first)
            guard count > 0, let start = UnsafeMutableRawPointer(bitPattern: base + UInt(first * stride)) else { return }
            cmsDoTransformLineStride(
                transform.handle, start, start, cmsUInt32Number(width), cmsUInt32Number(count), cmsUInt32Number(stride),
                cmsUInt32Number(stride), 0, 0)
        }
        return true
    }

    /// The profile a gdk-pixbuf loader found in the file (its "icc-profile" option: PNG's
    /// iCCP, JPEG's APP2, TIFF's tag, HEIF's colr box).
    static func attached(to pixbuf: OpaquePointer) -> [UInt8]? {
        guard let encoded = gdk_pixbuf_get_option(pixbuf, "icc-profile") else { return nil }
        var length: gsize = 0
        guard let data = g_base64_decode(encoded, &length) else { return nil }
        defer { g_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }

    /// An sRGB ICC profile (Little CMS's own), to tag what Iro writes: its pixels are sRGB.
    static let sRGBProfile: [UInt8] = {
        guard let profile = cmsCreate_sRGBProfile() else { return [] }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(profile, $0.baseAddress, &size) }) != 0 else { return [] }
        return bytes
    }()

    /// `png` (a whole file) with an sRGB chunk after its header, perceptual intent: the
    /// pixels are sRGB (gdk-pixbuf's PNG saver cannot embed a profile: libpng refuses it).
    static func taggingSRGB(png: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 8 + 13 + 4 // signature, IHDR's length and type, its 13 bytes, CRC
        guard png.count > afterHeader, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        // Length 1, "sRGB", intent 0 (perceptual), and that chunk's CRC (always the same).
        let chunk: [UInt8] = [0, 0, 0, 1, 0x73, 0x52, 0x47, 0x42, 0, 0xAE, 0xCE, 0x1C, 0xE9]
        return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
    }

    // MARK: Transforms, made once per profile

    /// An lcms transform to sRGB, usable from several threads at once (made without lcms's
    /// one-pixel cache).
    final class Transform: @unchecked Sendable {
        let handle: cmsHTRANSFORM
        init(_ handle: cmsHTRANSFORM) { self.handle = handle }
        deinit { cmsDeleteTransform(handle) }
    }

    private struct Cached {
        let profile: [UInt8]
        let alpha: Bool
        /// nil: the profile needs no conversion, or cannot be used.
        let transform: Transform?
    }

    /// The profiles seen last (a folder of photos from one camera shares one), newest last.
    private static let cache = Mutex<[Cached]>([])
    private static let cacheSize = 8

    static func transform(from profile: [UInt8], alpha: Bool) -> Transform? {
        if let hit = cache.withLock({ $0.last { $0.alpha == alpha && $0.profile == profile } }) { return hit.transform }
        let made = makeTransform(from: profile, alpha: alpha)
        cache.withLock { cached in
            cached.append(Cached(profile: profile, alpha: alpha, transform: made))
            if cached.count > cacheSize { cached.removeFirst() }
        }
        return made
    }

    private static func makeTransform(from bytes: [UInt8], alpha: Bool) -> Transform? {
        guard let source = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            Log.debug("an embedded colour profile could not be read (\(bytes.count) bytes); the colours are shown as they are")
            return nil
        }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData else {
            Log.debug("an embedded colour profile is not for RGB; the colours are shown as they are")
            return nil
        }
        if isSRGB(source) { return nil }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        let format = alpha ? IRO_LCMS_RGBA_8 : IRO_LCMS_RGB_8
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE) | (alpha ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0)
        guard let handle = cmsCreateTransform(source, format, sRGB, format, cmsUInt32Number(INTENT_PERCEPTUAL), flags) else {
            Log.debug("no transform from an embedded colour profile to sRGB; the colours are shown as they are")
            return nil
        }
        return Transform(handle)
    }

    /// Whether the profile says it is sRGB (what cameras and most editors embed): its
    /// pixels are sRGB already, and converting them would cost time for nothing.
    private static func isSRGB(_ profile: cmsHPROFILE) -> Bool {
        var buffer = [CChar](repeating: 0, count: 128)
        guard cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count)) > 0 else {
            return false
        }
        let name = String(cString: buffer)
        return name.hasPrefix("sRGB") || name.hasPrefix("IEC 61966-2.1") || name.hasPrefix("IEC 61966-2-1")
    }
}
