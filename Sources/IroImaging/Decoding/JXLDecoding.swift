import CGLib
import CJXL
import Glibc
import IroCore

/// JPEG XL decoded by libjxl (CJXL): gdk-pixbuf on Debian 12 has no loader for it.
/// - Every pixel is decoded (libjxl 0.7 has no reduced decode, and its DC pass costs more
///   to show than the whole: see CJXL), on as many of libjxl's threads as there are cores.
/// - The picture is reduced to the detail the view needs before it leaves the decoder.
/// - Lossy pictures come out in sRGB from libjxl itself; lossless ones keep their space and
///   are converted through their profile, like other formats' embedded profiles.
/// - The codestream's orientation is applied by libjxl.
/// - Animations play one composed frame at a time (`JXLAnimationSource`).
enum JXLDecoding {
    /// The format's name in Iro (as gdk-pixbuf names the others).
    static let formatName = "jxl"

    /// Whether `head`, a file's first bytes, starts as JPEG XL does (no library loaded).
    static func isJXL(_ head: [UInt8]) -> Bool {
        head.withUnsafeBufferPointer { iro_jxl_is_jxl($0.baseAddress, $0.count) } != 0
    }

    /// The format and the picture's size as shown, read by libjxl from the file's header; nil
    /// when `head` (its first bytes) says it is not a JPEG XL file.
    static func header(_ source: ImageSource, head: [UInt8]) throws(LoadError) -> ImageDecoder.Header? {
        guard isJXL(head) else { return nil }
        // The basic information is in the codestream's first bytes, after the container's
        // first boxes (metadata may come before the codestream: up to a megabyte is read).
        let start = source.head(count: 1 << 20)
        let basic = try start.withUnsafeBufferPointer { bytes throws(LoadError) -> IroJxlInfo in
            let jxl = try open(bytes, threads: 1)
            defer { iro_jxl_close(jxl) }
            return info(of: jxl)
        }
        try ImageLimits.check(width: Int(basic.width), height: Int(basic.height))
        return ImageDecoder.Header(formatName: formatName, width: Int(basic.width), height: Int(basic.height))
    }

    /// One opening of the file by libjxl: its header tells a still picture from an animation,
    /// and a still one is decoded with it.
    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        guard let data = try load.readWholeFile(progressShare: 0.1, isCancelled: isCancelled) else { return nil }
        return try data.withUnsafeBufferPointer { bytes throws(LoadError) in
            let jxl = try open(bytes, threads: LibraryCalls.threads)
            defer { iro_jxl_close(jxl) }
            let info = info(of: jxl)
            guard info.is_animated == 0 else { return try animation(data, info: info) }
            return try still(jxl, info: info, load: load, detail: detail, isCancelled: isCancelled)
        }
    }

    /// Played one frame at a time by a decoder of its own, which lives as long as the animation.
    private static func animation(_ data: [UInt8], info: IroJxlInfo) throws(LoadError) -> DecodedImage {
        try AnimationFrames.checkCanvas(width: Int(info.width), height: Int(info.height))
        guard let source = JXLAnimationSource(data: data) else {
            throw .damaged(detail: trNoop("the JPEG XL animation cannot be decoded"))
        }
        guard let first = source.copyCurrentFrame() else { throw .tooLarge(width: source.width, height: source.height) }
        let frames = source.isSingleFrame ? nil : AnimationFrames(source, formatName: formatName)
        return DecodedImage(adopting: first, formatName: formatName, animation: frames)
    }

    private static func still(
        _ jxl: OpaquePointer, info: IroJxlInfo, load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool
    ) throws(LoadError) -> DecodedImage? {
        let width = Int(info.width), height = Int(info.height), channels = info.has_alpha != 0 ? 4 : 3
        try ImageLimits.check(width: width, height: height)
        let reduction = ReducedPixels.reduction(width: width, height: height, detail: detail)
        // A picture shown whole goes straight into the memory sent to Iro; one reduced into a
        // buffer of this process's, halved from there.
        let direct = reduction == 1
        let made =
            direct
            ? PixelMemory.pixbuf(hasAlpha: channels == 4, width: Int32(width), height: Int32(height))
            : gdk_pixbuf_new(GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, Int32(width), Int32(height))
        guard let target = made else { throw .tooLarge(width: width, height: height) }
        defer { g_object_unref(UnsafeMutableRawPointer(target)) }
        let run = Run(jxl: jxl, pixbuf: target, channels: channels)
        guard let cancelled = WorkerThread.run({ run.decode() }, askingEvery: isCancelled) else {
            throw .unreadable(detail: trNoop("no thread to decode on"))
        }
        if cancelled { return nil }
        guard run.result == IRO_JXL_FRAME else { throw .damaged(detail: run.error) }
        guard let pixbuf = direct ? target : ReducedPixels.pixbuf(target, reducedBy: reduction) else {
            throw .tooLarge(width: width, height: height)
        }
        if direct { g_object_ref(UnsafeMutableRawPointer(pixbuf)) }
        if let profile = profile(of: jxl) { ColourProfile.convertToSRGB(pixbuf, profile: profile) }
        load.progress?.set(1)
        return DecodedImage(adopting: pixbuf, formatName: formatName, imageWidth: width, imageHeight: height)
    }

    /// One frame decoded by libjxl, on a worker thread: what it made, or why not.
    private final class Run: @unchecked Sendable {
        let jxl: OpaquePointer
        let pixbuf: OpaquePointer
        let channels: Int
        var result = IRO_JXL_FAILED
        var error = ""

        init(jxl: OpaquePointer, pixbuf: OpaquePointer, channels: Int) { (self.jxl, self.pixbuf, self.channels) = (jxl, pixbuf, channels) }

        func decode() {
            var message = [CChar](repeating: 0, count: 256)
            var duration: Int32 = 0, isLast: Int32 = 0
            result = iro_jxl_next_frame(
                jxl, Int32(channels), gdk_pixbuf_get_pixels(pixbuf), Int(gdk_pixbuf_get_rowstride(pixbuf)), &duration,
                &isLast, &message, message.count)
            if result == IRO_JXL_NO_FRAME { message = Array("the JPEG XL file holds no frame".utf8CString) }
            error = LibraryCalls.message(message)
        }
    }

    /// libjxl on the file in `bytes` (which must outlive it), read as far as its header.
    private static func open(_ bytes: UnsafeBufferPointer<UInt8>, threads: Int) throws(LoadError) -> OpaquePointer {
        var message = [CChar](repeating: 0, count: 256)
        guard let jxl = iro_jxl_open(bytes.baseAddress, bytes.count, Int32(threads), &message, message.count) else {
            throw .damaged(detail: LibraryCalls.message(message))
        }
        return jxl
    }

    private static func info(of jxl: OpaquePointer) -> IroJxlInfo {
        var info = IroJxlInfo()
        iro_jxl_info(jxl, &info)
        return info
    }

    /// The profile the decoded pixels are in, when it is not sRGB.
    static func profile(of jxl: OpaquePointer) -> [UInt8]? {
        let size = iro_jxl_icc_profile(jxl, nil, 0)
        guard size > 0 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        return iro_jxl_icc_profile(jxl, &profile, size) == size ? profile : nil
    }
}
