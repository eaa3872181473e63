import CGLib
import CJP2
import IroCore

/// JPEG 2000 (`.jp2`, `.j2k`) decoded by OpenJPEG (CJP2): gdk-pixbuf on Debian 12 has no
/// loader for it. Its wavelet resolutions make a reduced decode cheap, so the picture is
/// decoded at ½, ¼ or ⅛ of each side when that is the detail the view needs, as a JPEG is.
/// OpenJPEG works in one long call, on a worker thread while cancellation is asked for.
enum JPEG2000Decoding {
    static let formatName = "jpeg2000"

    /// Whether `head`, a file's first bytes, starts as a JP2 file or a bare codestream does
    /// (no library loaded).
    static func isJPEG2000(_ head: [UInt8]) -> Bool {
        head.withUnsafeBufferPointer { iro_jp2_kind($0.baseAddress, $0.count) } != 0
    }

    /// The format and size from the file's main header, read by OpenJPEG; nil when `head` (its
    /// first bytes) says it is not JPEG 2000. The header comes before any sample: a megabyte is
    /// more than enough.
    static func header(_ source: ImageSource, head: [UInt8]) throws(LoadError) -> ImageDecoder.Header? {
        guard isJPEG2000(head) else { return nil }
        let start = source.head(count: 1 << 20)
        let info = try start.withUnsafeBufferPointer { bytes throws(LoadError) in
            let jp2 = try open(bytes)
            defer { iro_jp2_close(jp2) }
            var info = IroJp2Info()
            iro_jp2_info(jp2, &info)
            return info
        }
        try ImageLimits.check(width: Int(info.width), height: Int(info.height))
        return ImageDecoder.Header(formatName: formatName, width: Int(info.width), height: Int(info.height))
    }

    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        guard let data = try load.readWholeFile(progressShare: 0.1, isCancelled: isCancelled) else { return nil }
        return try data.withUnsafeBufferPointer { bytes throws(LoadError) in
            let jp2 = try open(bytes)
            defer { iro_jp2_close(jp2) }
            var info = IroJp2Info()
            iro_jp2_info(jp2, &info)
            let width = Int(info.width), height = Int(info.height)
            try ImageLimits.check(width: width, height: height)
            let reduction = min(detail.reduction(imageWidth: width, imageHeight: height), 1 << max(0, Int(info.reductions)))
            let run = Run(jp2: jp2, reduce: reduction.trailingZeroBitCount)
            guard let cancelled = WorkerThread.run({ run.decode() }, askingEvery: isCancelled) else {
                throw .unreadable(detail: trNoop("no thread to decode on"))
            }
            if cancelled { return nil }
            guard run.succeeded else { throw .damaged(detail: run.error) }
            let channels = info.has_alpha != 0 ? 4 : 3
            guard let pixbuf = PixelMemory.pixbuf(hasAlpha: channels == 4, width: Int32(run.width), height: Int32(run.height)) else {
                throw .tooLarge(width: width, height: height)
            }
            guard iro_jp2_pixels(jp2, Int32(channels), gdk_pixbuf_get_pixels(pixbuf), Int(gdk_pixbuf_get_rowstride(pixbuf))) != 0 else {
                g_object_unref(UnsafeMutableRawPointer(pixbuf))
                throw .damaged(detail: trNoop("the JPEG 2000 colour components cannot be shown"))
            }
            let size = iro_jp2_icc_profile(jp2, nil, 0)
            if size > 0 {
                var profile = [UInt8](repeating: 0, count: size)
                if iro_jp2_icc_profile(jp2, &profile, size) == size { ColourProfile.convertToSRGB(pixbuf, profile: profile) }
            }
            load.progress?.set(1)
            return DecodedImage(adopting: pixbuf, formatName: formatName, imageWidth: width, imageHeight: height)
        }
    }

    private static func open(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) -> OpaquePointer {
        var message = [CChar](repeating: 0, count: 256)
        guard let jp2 = iro_jp2_open(bytes.baseAddress, bytes.count, &message, message.count) else {
            throw .damaged(detail: LibraryCalls.message(message))
        }
        return jp2
    }

    /// One decode by OpenJPEG, on its worker thread.
    private final class Run: @unchecked Sendable {
        let jp2: OpaquePointer
        let reduce: Int
        var succeeded = false
        var width = 0, height = 0
        var error = ""

        init(jp2: OpaquePointer, reduce: Int) { (self.jp2, self.reduce) = (jp2, reduce) }

        func decode() {
            var message = [CChar](repeating: 0, count: 256)
            var width: Int32 = 0, height: Int32 = 0
            succeeded = iro_jp2_decode(jp2, Int32(reduce), Int32(LibraryCalls.threads), &width, &height, &message, message.count) != 0
            (self.width, self.height, error) = (Int(width), Int(height), LibraryCalls.message(message))
        }
    }
}
