import CGLib
import CHEIF
import Glibc
import IroCore

/// HEIF (HEIC) and AVIF still images decoded by libheif directly (CHEIF), not through
/// gdk-pixbuf's loaders: monochrome pictures in video range come out with true black and
/// white (the loaders showed 16 and 235), a grid's tiles move the loading bar as they are
/// decoded, and the picture is reduced to the detail the view needs before it leaves the
/// decoder (a 41-megapixel grid reaches Iro as the screen's worth). libheif applies the
/// file's rotation, mirroring and crop (`irot`, `imir`, `clap`), keeps alpha and turns 10- and
/// 12-bit samples into 8. EXIF orientation is not applied: in HEIF the boxes say how a
/// picture is shown.
enum HEIFDecoding {
    /// gdk-pixbuf's names for the two, which the rest of Iro knows them by.
    static let heifName = "heif", avifName = "avif"

    /// The format and `declared`, the size the file's boxes declare (`HEIFDeclaredSize`, read
    /// by Iro: libheif spends seconds on the boxes of a grid of 10 000 tiles); nil when it is
    /// not a HEIF or AVIF file. The size shown may be turned by the file's rotation; the
    /// decode says.
    static func header(_ source: ImageSource, declared: (width: Int, height: Int)?) throws(LoadError) -> ImageDecoder.Header? {
        guard let name = formatName(source) else { return nil }
        guard let size = declared else { throw .damaged(detail: trNoop("the HEIF header cannot be read")) }
        try ImageLimits.check(width: size.width, height: size.height)
        return ImageDecoder.Header(formatName: name, width: size.width, height: size.height)
    }

    /// "avif" or "heif" from the `ftyp` box's brands; nil for any other file.
    static func formatName(_ source: ImageSource) -> String? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 64, file) }
        let bytes = Array(head[0..<count])
        guard HEIFDeclaredSize.isHEIF(bytes) else { return nil }
        return ["avif", "avis"].contains(String(decoding: bytes[8..<12], as: UTF8.self)) ? avifName : heifName
    }

    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let (opened, code) = load.source.open()
        guard let file = opened else { throw code == EACCES ? .permissionDenied : .unreadable(detail: String(cString: strerror(code))) }
        defer { fclose(file) }
        // libheif works in one long call (seconds for a large grid) that cannot be asked to stop.
        let run = Run(file: file, progress: load.progress)
        guard let cancelled = WorkerThread.run({ run.decode() }, askingEvery: isCancelled) else {
            throw .unreadable(detail: trNoop("no thread to decode on"))
        }
        defer { if let heif = run.heif { iro_heif_close(heif) } }
        if cancelled { return nil }
        guard let heif = run.heif, let pixels = run.pixels else { throw .damaged(detail: run.error) }
        let width = run.width, height = run.height, channels = run.channels
        try ImageLimits.check(width: width, height: height)
        let reduction = ReducedPixels.reduction(width: width, height: height, detail: detail)
        guard
            let pixbuf = ReducedPixels.pixbuf(
                pixels, stride: run.stride, width: width, height: height, channels: channels, reducedBy: reduction)
        else { throw .tooLarge(width: width, height: height) }
        let size = iro_heif_icc_profile(heif, nil, 0)
        if size > 0 {
            var profile = [UInt8](repeating: 0, count: size)
            if iro_heif_icc_profile(heif, &profile, size) == size { ColourProfile.convertToSRGB(pixbuf, profile: profile) }
        }
        load.progress?.set(1)
        return DecodedImage(adopting: pixbuf, formatName: load.header.formatName, imageWidth: width, imageHeight: height)
    }

    /// One decode by libheif, on its worker thread: what it made, or why not.
    private final class Run: @unchecked Sendable {
        let file: UnsafeMutablePointer<FILE>
        let progress: LoadProgress?
        var heif: OpaquePointer?
        var pixels: UnsafePointer<UInt8>?
        var stride = 0, width = 0, height = 0, channels = 3
        var error = ""

        init(file: UnsafeMutablePointer<FILE>, progress: LoadProgress?) {
            self.file = file
            self.progress = progress
        }

        func decode() {
            var message = [CChar](repeating: 0, count: 256)
            guard let heif = iro_heif_open(file, Int32(ImageLimits.maxSide), &message, message.count) else {
                error = LibraryCalls.message(message)
                return
            }
            self.heif = heif
            var info = IroHeifInfo()
            iro_heif_info(heif, &info)
            channels = info.has_alpha != 0 ? 4 : 3
            var stride: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            let context = progress.map { Unmanaged.passUnretained($0).toOpaque() }
            let decoded = iro_heif_decode(
                heif, Int32(channels),
                { done, total, context in
                    guard let context, total > 0 else { return }
                    Unmanaged<LoadProgress>.fromOpaque(context).takeUnretainedValue().set(Double(done) / Double(total))
                }, context, &pixels, &stride, &width, &height, &message, message.count)
            if decoded == 0 { pixels = nil }
            error = LibraryCalls.message(message)
            (self.stride, self.width, self.height) = (Int(stride), Int(width), Int(height))
        }
    }
}
