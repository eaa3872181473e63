import CGLib
import CLcms2
import CPixels
import GObjectSupport
import Glibc
import Synchronization

/// Embedded ICC profiles, honoured (BEHAVIOUR A3): the decoded pixels are converted to sRGB
/// with Little CMS, perceptual intent, where they are decoded (off the main thread, in the
/// helper), so levels, renderings, the hue, prints and exports all start from the colours
/// the camera or editor meant. sRGB is what GTK 4.8 shows as is, and what most monitors are
/// close to. No profile means sRGB, untouched; a profile that is broken, not RGB, or sRGB
/// itself leaves the pixels as they are (a broken one with a debug line, never an error), and
/// so does one whose tables would cost Little CMS more memory than any real profile needs
/// (`ICCProfileBounds`, checked before Little CMS reads it).
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
        let base = UInt(bitPattern: pixels)
        func convert(rows: Range<Int>) {
            guard !rows.isEmpty, let start = UnsafeMutablePointer<UInt8>(bitPattern: base + UInt(rows.lowerBound * stride)) else { return }
            transform.apply(start, width: width, rows: rows.count, stride: stride, alpha: hasAlpha)
        }
        // A screen-sized level of a photo is several megapixels: the bottom half on a
        // second thread. A plain thread: libdispatch's pool would need system calls the
        // helper's filter refuses (epoll, setpriority).
        guard width * height >= 1 << 20, let helper = WorkerThread.start({ convert(rows: height / 2..<height) }) else {
            convert(rows: 0..<height)
            return true
        }
        convert(rows: 0..<height / 2)
        helper.join()
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

    /// A conversion to sRGB, usable from several threads at once: Iro's own for matrix/TRC
    /// profiles (Adobe RGB, Display P3, ProPhoto: what photos embed), else Little CMS's
    /// (made without its one-pixel cache).
    final class Transform: @unchecked Sendable {
        enum Kind {
            case shaper(UnsafeMutablePointer<IroMatrixShaper>)
            case lcms(cmsHTRANSFORM)
        }
        let kind: Kind
        init(_ kind: Kind) { self.kind = kind }
        deinit {
            switch kind {
            case .shaper(let shaper): shaper.deallocate()
            case .lcms(let handle): cmsDeleteTransform(handle)
            }
        }

        func apply(_ start: UnsafeMutablePointer<UInt8>, width: Int, rows: Int, stride: Int, alpha: Bool) {
            switch kind {
            case .shaper(let shaper):
                iro_matrix_shaper_apply(shaper, start, Int32(width), Int32(rows), Int32(stride), alpha ? 4 : 3)
            case .lcms(let handle):
                convert(handle, from: start, to: start, width: width, rows: rows, strides: (stride, stride))
            }
        }

        /// Converts `rows` of another layout (CMYK) at `input` into RGB at `output`.
        func apply(from input: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, width: Int, rows: Int, strides: (Int, Int)) {
            guard case .lcms(let handle) = kind else { return }
            convert(handle, from: input, to: output, width: width, rows: rows, strides: strides)
        }

        private func convert(
            _ handle: cmsHTRANSFORM, from input: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, width: Int, rows: Int,
            strides: (Int, Int)
        ) {
            cmsDoTransformLineStride(
                handle, input, output, cmsUInt32Number(width), cmsUInt32Number(rows), cmsUInt32Number(strides.0),
                cmsUInt32Number(strides.1), 0, 0)
        }
    }

    private struct Cached {
        let profile: [UInt8]
        /// The pixels' layout (Little CMS's format): RGB, RGBA or CMYK.
        let format: cmsUInt32Number
        /// nil: the profile needs no conversion, or cannot be used.
        let transform: Transform?
    }

    /// The profiles seen last (a folder of photos from one camera shares one), newest last.
    private static let cache = Mutex<[Cached]>([])
    private static let cacheSize = 8

    static func transform(from profile: [UInt8], alpha: Bool) -> Transform? {
        transform(from: profile, format: alpha ? IRO_LCMS_RGBA_8 : IRO_LCMS_RGB_8)
    }

    /// From a CMYK JPEG's ink values (`inverted`: as Adobe stores them) to sRGB RGB.
    static func cmykTransform(from profile: [UInt8], inverted: Bool) -> Transform? {
        transform(from: profile, format: inverted ? IRO_LCMS_CMYK_8_REV : IRO_LCMS_CMYK_8)
    }

    private static func transform(from profile: [UInt8], format: cmsUInt32Number) -> Transform? {
        if let hit = cache.withLock({ $0.last { $0.format == format && $0.profile == profile } }) { return hit.transform }
        let made = makeTransform(from: profile, format: format)
        cache.withLock { cached in
            cached.append(Cached(profile: profile, format: format, transform: made))
            if cached.count > cacheSize { cached.removeFirst() }
        }
        return made
    }

    private static func makeTransform(from bytes: [UInt8], format: cmsUInt32Number) -> Transform? {
        if let problem = ICCProfileBounds.problem(in: bytes) {
            Log.debug("an embedded colour profile is not used: \(problem); the colours are shown as they are")
            return nil
        }
        guard let source = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            Log.debug("an embedded colour profile could not be read (\(bytes.count) bytes); the colours are shown as they are")
            return nil
        }
        defer { cmsCloseProfile(source) }
        let cmyk = format == IRO_LCMS_CMYK_8 || format == IRO_LCMS_CMYK_8_REV
        guard cmsGetColorSpace(source) == (cmyk ? cmsSigCmykData : cmsSigRgbData) else {
            Log.debug("an embedded colour profile is not for the pixels' colours; the colours are shown as they are")
            return nil
        }
        if !cmyk, isSRGB(source) { return nil }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        if !cmyk, let shaper = matrixShaper(from: source, to: sRGB) { return Transform(.shaper(shaper)) }
        let alpha = format == IRO_LCMS_RGBA_8
        let output = cmyk ? IRO_LCMS_RGB_8 : format
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE) | (alpha ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0)
        guard let handle = cmsCreateTransform(source, format, sRGB, output, cmsUInt32Number(INTENT_PERCEPTUAL), flags) else {
            Log.debug("no transform from an embedded colour profile to sRGB; the colours are shown as they are")
            return nil
        }
        return Transform(.lcms(handle))
    }

    /// The tables and matrix of a matrix/TRC profile's conversion to sRGB (+1 allocation),
    /// or nil for any other profile. Little CMS's 8-bit path takes 12 ns a pixel here (76 ms
    /// for the 6 megapixels a 24-megapixel photo shows at first); this one about 2.
    private static func matrixShaper(from source: cmsHPROFILE, to sRGB: cmsHPROFILE) -> UnsafeMutablePointer<IroMatrixShaper>? {
        guard cmsIsMatrixShaper(source) != 0, let curves = toneCurves(of: source), let from = colorants(of: source),
            let to = colorants(of: sRGB), let toInverse = inverse(to), let sRGBCurve = toneCurves(of: sRGB)?.first,
            let encoding = cmsReverseToneCurve(sRGBCurve)
        else { return nil }
        defer { cmsFreeToneCurve(encoding) }
        let matrix = product(toInverse, from)
        let shaper = UnsafeMutablePointer<IroMatrixShaper>.allocate(capacity: 1)
        shaper.initialize(to: IroMatrixShaper())
        withUnsafeMutableBytes(of: &shaper.pointee.linear) { raw in
            let linear = raw.bindMemory(to: Float.self)
            for channel in 0..<3 {
                for value in 0..<256 { linear[channel * 256 + value] = cmsEvalToneCurveFloat(curves[channel], Float(value) / 255) }
            }
        }
        withUnsafeMutableBytes(of: &shaper.pointee.matrix) { raw in
            let cells = raw.bindMemory(to: Float.self)
            for row in 0..<3 { for column in 0..<3 { cells[row * 3 + column] = Float(matrix[row][column]) } }
        }
        withUnsafeMutableBytes(of: &shaper.pointee.encode) { raw in
            for step in 0..<4096 {
                let value = cmsEvalToneCurveFloat(encoding, Float(step) / 4095)
                raw[step] = UInt8(min(255, max(0, (value * 255).rounded())))
            }
        }
        return shaper
    }

    /// The red, green and blue tone curves of a matrix/TRC profile (owned by the profile).
    private static func toneCurves(of profile: cmsHPROFILE) -> [OpaquePointer]? {
        let curves = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag].compactMap { tag in
            cmsReadTag(profile, tag).map { OpaquePointer($0) }
        }
        return curves.count == 3 ? curves : nil
    }

    /// The XYZ of its red, green and blue colorants as the columns of a matrix (linear RGB to XYZ).
    private static func colorants(of profile: cmsHPROFILE) -> [[Double]]? {
        let columns = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag].compactMap { tag in
            cmsReadTag(profile, tag).map { $0.assumingMemoryBound(to: cmsCIEXYZ.self).pointee }
        }
        guard columns.count == 3 else { return nil }
        return [columns.map(\.X), columns.map(\.Y), columns.map(\.Z)]
    }

    private static func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } } }
    }

    private static func inverse(_ m: [[Double]]) -> [[Double]]? {
        let cofactors = (0..<3).map { row in
            (0..<3).map { column -> Double in
                let r = [0, 1, 2].filter { $0 != row }, c = [0, 1, 2].filter { $0 != column }
                let minor = m[r[0]][c[0]] * m[r[1]][c[1]] - m[r[0]][c[1]] * m[r[1]][c[0]]
                return (row + column) % 2 == 0 ? minor : -minor
            }
        }
        let determinant = (0..<3).reduce(0) { $0 + m[0][$1] * cofactors[0][$1] }
        guard abs(determinant) > 1e-12 else { return nil }
        return (0..<3).map { row in (0..<3).map { column in cofactors[column][row] / determinant } }
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
