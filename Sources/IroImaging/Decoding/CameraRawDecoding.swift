import CGLib
import CRaw
import GObjectSupport
import Glibc
import IroCore

/// Camera RAW files read by LibRaw (CRaw): gdk-pixbuf on Debian 12 has no loader for them,
/// and its TIFF loader would show a NEF's or DNG's tiny first picture as the image.
/// - The first look is the JPEG the camera embedded (most are as large as the sensor's
///   picture, or near the screen's size), decoded as JPEGs are, reduced, and turned by the
///   RAW's own flip: on screen in the time a JPEG of its size takes.
/// - When the view needs more detail than the preview holds (a zoom), or every pixel (the
///   view at rest, `IdleDetail`; an export), the sensor's picture is developed: demosaiced
///   with the white balance as shot, at half size (2 × 2 sensor blocks, no demosaicing) when
///   that is enough.
/// - The header is read once for a request's steps (`ImageBytes.document`).
enum CameraRawDecoding {
    static let formatName = "raw"
    /// A preview at least this long on its longer side is a first look worth showing, even
    /// with less detail than a screen's worth (the developed picture follows).
    static let firstLookSide = 640

    /// A RAW file opened by LibRaw: its bytes, and what its header says.
    final class RawFile {
        let bytes: ImageBytes
        let raw: OpaquePointer
        let info: IroRawInfo

        init(_ bytes: ImageBytes) throws(LoadError) {
            self.bytes = bytes
            var message = [CChar](repeating: 0, count: 256)
            let opened = bytes.withUnsafeBytes {
                iro_raw_open($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, &message, message.count)
            }
            guard let opened else { throw .unsupportedFormat }
            raw = opened
            var info = IroRawInfo()
            iro_raw_info(opened, &info)
            self.info = info
        }

        deinit { iro_raw_close(raw) }
    }

    /// The format and the developed picture's size (upright) when the file is a camera RAW
    /// LibRaw reads; nil for anything else (a plain TIFF among them).
    /// `head`: the file's first bytes.
    static func header(_ source: ImageSource, head: [UInt8]) throws(LoadError) -> ImageDecoder.Header? {
        guard mightBeRaw(source, head: head) else { return nil }
        let file: RawFile
        do { file = try open(source) } catch {
            if case .unsupportedFormat = error { return nil } // a plain TIFF: the loaders read it
            throw error
        }
        let info = file.info
        try ImageLimits.check(width: Int(info.width), height: Int(info.height))
        // A sensor's data takes at least a few bits a pixel, even compressed: a header that
        // declares far more pixels than the file could hold is a bomb, refused before LibRaw
        // allocates for it.
        if Int64(info.width) * Int64(info.height) / 16 > Int64(file.bytes.count) {
            throw .damaged(detail: "the file is too small for the \(info.width) × \(info.height) picture it declares")
        }
        return ImageDecoder.Header(formatName: formatName, width: Int(info.width), height: Int(info.height))
    }

    /// The file's first bytes could start a RAW, and a TIFF-like one says it comes from a
    /// camera (a Make tag, a DNG version, Canon's "CR" mark): other TIFFs never load LibRaw.
    /// `head`: its first bytes, when the caller has read them.
    static func mightBeRaw(_ source: ImageSource, head known: [UInt8]? = nil) -> Bool {
        let head = known ?? source.head(count: InProcessDecoder.signatureBytes)
        guard head.withUnsafeBufferPointer({ iro_raw_might_be_raw($0.baseAddress, $0.count) }) != 0 else { return false }
        let isTIFF = head.starts(with: Array("II*\0".utf8)) || head.starts(with: Array("MM\0*".utf8))
        guard isTIFF, !(head[8] == 0x43 && head[9] == 0x52) else { return true }
        guard let stream = source.open().file else { return false }
        defer { fclose(stream) }
        let tags = Set(DeclaredSize.tiffEntries(head, file: stream)?.map(\.tag) ?? [])
        return tags.contains(271) || tags.contains(50706)
    }

    static func open(_ source: ImageSource) throws(LoadError) -> RawFile {
        let bytes = try source.wholeBytes()
        return try bytes.document(key: "raw") { () throws(LoadError) in try RawFile(bytes) }
    }

    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let file = try open(load.source)
        let info = file.info
        let width = Int(info.width), height = Int(info.height)
        let scale = detail.drawingScale(imageWidth: width, imageHeight: height)
        let neededSide = Int((Double(max(width, height)) * scale).rounded(.up))
        let previewSide = Int(max(info.preview_width, info.preview_height))
        // Every pixel (the view at rest, an export) is the sensor's, developed; less, the
        // preview when it has that much detail, or as a first look.
        var firstLook = false, wantsSensor = false
        switch detail {
        case .screen: firstLook = previewSide >= firstLookSide
        case .full: wantsSensor = true
        case .scale: break
        }
        if !wantsSensor, info.has_preview != 0, previewSide >= neededSide || firstLook,
            let image = try preview(file, neededSide: neededSide, load: load, isCancelled: isCancelled)
        {
            return image
        }
        if isCancelled() { return nil }
        return try develop(file, half: scale <= 0.5, neededSide: neededSide, load: load, isCancelled: isCancelled)
    }

    /// The embedded preview, reduced to `neededSide` on its longer side where a JPEG allows,
    /// turned upright; nil when it cannot be read (the sensor's picture is developed then).
    private static func preview(_ file: RawFile, neededSide: Int, load: PixbufLoad, isCancelled: () -> Bool) throws(LoadError)
        -> DecodedImage?
    {
        var message = [CChar](repeating: 0, count: 256)
        var bytes: UnsafePointer<UInt8>?, size = 0, width: Int32 = 0, height: Int32 = 0
        let kind = iro_raw_preview(file.raw, &bytes, &size, &width, &height, &message, message.count)
        guard kind != 0, let bytes else {
            Log.debug("no preview: \(LibraryCalls.message(message))")
            return nil
        }
        let pixbuf: OpaquePointer
        var profile: [UInt8]?
        if kind == 1 {
            let side = max(Int(width), Int(height))
            // (A preview of a size the file does not say is decoded whole.)
            let reduction = side == 0 ? 1 : DecodeDetail.reductions.first { (side + $0 - 1) / $0 >= neededSide } ?? 1
            do {
                guard
                    let made = try JPEGDecoding.pixels(
                        UnsafeBufferPointer(start: bytes, count: size), reduction: reduction, progress: load.progress,
                        isCancelled: isCancelled)
                else { return nil }
                (pixbuf, profile) = made
            } catch {
                Log.debug("the preview cannot be decoded: \(error.reason)")
                return nil
            }
        } else {
            guard let copy = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height), let pixels = gdk_pixbuf_get_pixels(copy) else {
                return nil
            }
            let stride = Int(gdk_pixbuf_get_rowstride(copy)), row = Int(width) * 3
            for y in 0..<Int(height) { (pixels + y * stride).update(from: bytes + y * row, count: row) }
            pixbuf = copy
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        if let profile { ColourProfile.convertToSRGB(pixbuf, profile: profile) }
        return try upright(pixbuf, orientation: Int(file.info.orientation), info: file.info)
    }

    /// The sensor's picture developed by LibRaw on a worker thread, halved while its longer
    /// side keeps `neededSide` (the detail asked for, in the whole picture's pixels: not the
    /// developed picture's, which is half of them at half size).
    private static func develop(_ file: RawFile, half: Bool, neededSide: Int, load: PixbufLoad, isCancelled: () -> Bool)
        throws(LoadError) -> DecodedImage?
    {
        let run = Development(file: file, half: half, progress: load.progress)
        guard let cancelled = WorkerThread.run({ run.develop() }, askingEvery: isCancelled) else {
            throw .unreadable(detail: trNoop("no thread to decode on"))
        }
        if cancelled { return nil }
        guard let pixels = run.pixels else { throw .damaged(detail: run.error) }
        let developedSide = max(run.width, run.height)
        let reduction = DecodeDetail.reductions.first { developedSide / $0 >= neededSide } ?? 1
        guard
            let pixbuf = ReducedPixels.pixbuf(
                pixels, stride: run.width * 3, width: run.width, height: run.height, channels: 3, reducedBy: reduction)
        else { throw .tooLarge(width: Int(file.info.width), height: Int(file.info.height)) }
        load.progress?.set(1)
        return DecodedImage(adopting: pixbuf, formatName: formatName, imageWidth: Int(file.info.width), imageHeight: Int(file.info.height))
    }

    /// `pixbuf` turned as the RAW's flip says (LibRaw's development turns the sensor's
    /// picture itself; the preview is stored as the sensor lies).
    private static func upright(_ pixbuf: OpaquePointer, orientation: Int, info: IroRawInfo) throws(LoadError) -> DecodedImage {
        if orientation != 1 { gdk_pixbuf_set_option(pixbuf, "orientation", "\(orientation)") }
        guard let turned = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw .damaged(detail: trNoop("could not apply orientation"))
        }
        return DecodedImage(adopting: turned, formatName: formatName, imageWidth: Int(info.width), imageHeight: Int(info.height))
    }

    /// One development by LibRaw, on a worker thread: its pixels (LibRaw's, valid while the
    /// file is open), or why not.
    private final class Development: @unchecked Sendable {
        let file: RawFile
        let half: Bool
        let progress: LoadProgress?
        var pixels: UnsafePointer<UInt8>?
        var width = 0, height = 0
        var error = ""

        init(file: RawFile, half: Bool, progress: LoadProgress?) { (self.file, self.half, self.progress) = (file, half, progress) }

        func develop() {
            var message = [CChar](repeating: 0, count: 256)
            var width: Int32 = 0, height: Int32 = 0
            let context = progress.map { Unmanaged.passUnretained($0).toOpaque() }
            let developed = iro_raw_develop(
                file.raw, half ? 1 : 0,
                { done, total, context in
                    if let context, total > 0 {
                        Unmanaged<LoadProgress>.fromOpaque(context).takeUnretainedValue().set(Double(done) / Double(total))
                    }
                    return 0
                }, context, &pixels, &width, &height, &message, message.count)
            if developed == 0 { pixels = nil }
            (self.width, self.height, error) = (Int(width), Int(height), LibraryCalls.message(message))
        }
    }
}
