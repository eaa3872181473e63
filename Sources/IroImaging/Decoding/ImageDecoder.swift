import CGLib
import GObjectSupport
import Glibc
import IroCore

/// Decodes image files with gdk-pixbuf, off the main thread (BEHAVIOUR A6).
///
/// The order matters: the file system is checked first, then the header is read for
/// the format and declared size (refusing bombs before any pixel buffer exists), then
/// the format's integrity check (`IntegrityChecks`) judges what it can from the head
/// and size, and only then is the file fed to an incremental GdkPixbufLoader in chunks
/// (`PixbufLoad`), which lets a closed tab cancel the work and lets the UI show
/// progress. JPEG, SVG and still WebP are decoded their own way, at the detail the view
/// needs (`JPEGDecoding`, `SVGRendering`, `WebPDecoding`).
public enum ImageDecoder {
    /// What the header says, without decoding pixels.
    public struct Header: Sendable, Equatable {
        public let formatName: String
        public let width: Int
        public let height: Int
    }

    /// Reads the format and declared dimensions, classifying failures.
    nonisolated public static func readHeader(path: RawPath) throws(LoadError) -> Header {
        _ = try FileCheck.regularFileSize(at: path)
        if let declared = DeclaredSize.read(path: path), declared.width > 0, declared.height > 0 {
            try ImageLimits.check(width: declared.width, height: declared.height)
        }
        if let webp = try WebPDecoding.header(path: path) { return webp }
        if SVGSize.isSVG(path: path) {
            guard let size = SVGSize.read(path: path) else { throw .damaged(detail: trNoop("the image/svg+xml header cannot be read")) }
            try ImageLimits.check(width: size.width, height: size.height)
            return Header(formatName: "svg", width: size.width, height: size.height)
        }
        var width: Int32 = 0, height: Int32 = 0
        let found: OpaquePointer?
        if let contents = FileAccess.contents(of: path) {
            found = LoaderProbe.format(of: contents, named: path.lastComponent, width: &width, height: &height)
        } else {
            found = path.withCString { gdk_pixbuf_get_file_info($0, &width, &height) }
        }
        guard let format = found else {
            // No loader accepted the header. If the bytes still carry an image format's
            // signature that a loader exists for, the file is broken, not foreign.
            if let mime = ImageFormats.sniffedMimeType(path: path), ImageFormats.mimeTypes.contains(mime) {
                throw .damaged(detail: "the \(mime) header cannot be read")
            }
            throw .unsupportedFormat
        }
        let name = takeString(gdk_pixbuf_format_get_name(format)) ?? "image"
        // Some loaders (SVG without a size) report no dimensions; those are checked after decoding.
        if width != 0 || height != 0 {
            try ImageLimits.check(width: Int(width), height: Int(height))
        }
        return Header(formatName: name, width: Int(width), height: Int(height))
    }

    /// Decodes the whole image, applying EXIF orientation (BEHAVIOUR A5).
    /// Throws `CancellationError` as `.unreadable` is wrong, so cancellation is
    /// reported through `Task.isCancelled` by the caller; this returns nil then.
    /// `detail` may let a JPEG decode at ½, ¼ or ⅛ of its size (other formats decode whole).
    @concurrent
    nonisolated public static func decode(
        path: RawPath, detail: DecodeDetail = .full,
        progress: LoadProgress? = nil
    ) async throws(LoadError) -> DecodedImage? {
        try decodeSynchronously(path: path, detail: detail, progress: progress, isCancelled: { Task.isCancelled })
    }

    /// The same work on the calling thread (benchmarks, fuzzing, tests of the pipeline):
    /// in the decoder helper when one is set up (`DecoderPool.active`), else here.
    nonisolated public static func decodeSynchronously(
        path: RawPath, detail: DecodeDetail = .full, progress: LoadProgress? = nil,
        isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DecodedImage? {
        if let pool = DecoderPool.active {
            return try pool.decode(path: path, detail: detail, progress: progress, isCancelled: isCancelled)
        }
        return try decodeInProcess(path: path, detail: detail, progress: progress, isCancelled: isCancelled)
    }

    /// Decodes in this process, whatever `DecoderPool.active` says (the helper's own work);
    /// `header`, when the caller has read it already.
    nonisolated public static func decodeInProcess(
        path: RawPath, header known: Header? = nil, detail: DecodeDetail = .full, progress: LoadProgress? = nil,
        isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DecodedImage? {
        let fileSize = try FileCheck.regularFileSize(at: path)
        let header: Header
        if let known { header = known } else { header = try readHeader(path: path) }
        let load = PixbufLoad(path: path, header: header, fileSize: fileSize, progress: progress)
        if let problem = load.integrity?.problemBeforeDecoding(path: path, fileSize: fileSize) {
            throw .damaged(detail: problem)
        }
        switch header.formatName {
        case "jpeg": return try JPEGDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        case "svg": return try SVGRendering.decode(load, detail: detail, isCancelled: isCancelled)
        case "webp": return try WebPDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        default: break
        }
        return try load.incremental(isCancelled: isCancelled)
    }
}
