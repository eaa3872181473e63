import CGLib
import GObjectSupport
import Glibc
import IroCore

/// Decodes an `ImageSource` in the process that calls it, with gdk-pixbuf and the
/// format decoders (BEHAVIOUR A6). That process is the decoder helper (`DecoderService`,
/// the `iro-decoder` executable, on the bytes Iro sent it), or Iro itself when no helper is
/// active (`IRO_DECODER=in-process`, the tests, the fuzzer). Iro's UI never calls it: it
/// calls `ImageDecoder`, the front door, which chooses between a helper and this.
///
/// The order matters: the source is checked first, then the header is read for the format
/// and declared size (refusing bombs before any pixel buffer exists), then the format's
/// integrity check (`IntegrityChecks`) judges what it can from the head and size, and only
/// then are the bytes fed to an incremental GdkPixbufLoader in chunks (`PixbufLoad`), which
/// lets a closed tab cancel the work and lets the UI show progress. JPEG, SVG, WebP, HEIF,
/// AVIF, JPEG XL, JPEG 2000 and camera RAW are decoded their own way, at the detail the view
/// needs (`JPEGDecoding`, `SVGRendering`, `WebPDecoding`, `HEIFDecoding`, `JXLDecoding`,
/// `JPEG2000Decoding`, `CameraRawDecoding`), and so are documents' pages
/// (`PDFRendering`, `TIFFPages`; `source.page` says which).
public enum InProcessDecoder {
    /// How many of a file's first bytes tell JPEG XL, JPEG 2000 and camera RAW by their
    /// signatures (the longest: Fujifilm's "FUJIFILMCCD-RAW", a CR3's `ftyp` brand).
    static let signatureBytes = 16

    /// Reads the format and declared dimensions, classifying failures.
    public static func readHeader(_ source: ImageSource) throws(LoadError) -> ImageDecoder.Header {
        _ = try source.checkedSize()
        let declared = DeclaredSize.read(source)
        if let declared, declared.width > 0, declared.height > 0 {
            try ImageLimits.check(width: declared.width, height: declared.height)
        }
        if let webp = try WebPDecoding.header(source) { return webp }
        // The formats Iro alone reads are told by their first bytes, read once for the three.
        let head = source.head(count: signatureBytes)
        if let jxl = try JXLDecoding.header(source, head: head) { return jxl }
        if let jp2 = try JPEG2000Decoding.header(source, head: head) { return jp2 }
        if let raw = try CameraRawDecoding.header(source, head: head) { return raw }
        if let pdf = try PDFRendering.header(source) { return pdf }
        if let heif = try HEIFDecoding.header(source, declared: declared) { return heif }
        if SVGSize.isSVG(source) {
            // Measured with its embedded images' declared sizes checked: a bomb among them is
            // refused here for what it is (SVGEmbeddedImages).
            guard let size = try SVGSize.measured(source, depth: 0) else {
                throw .damaged(detail: trNoop("the image/svg+xml header cannot be read"))
            }
            try ImageLimits.check(width: size.width, height: size.height)
            return ImageDecoder.Header(formatName: "svg", width: size.width, height: size.height)
        }
        var width: Int32 = 0, height: Int32 = 0
        let found: OpaquePointer?
        switch source.storage {
        case .bytes(let bytes): found = LoaderProbe.format(of: bytes, named: source.name.lastComponent, width: &width, height: &height)
        case .file(let path): found = path.withCString { gdk_pixbuf_get_file_info($0, &width, &height) }
        }
        guard let format = found else {
            // No loader accepted the header. If the bytes still carry an image format's
            // signature that a loader exists for, the file is broken, not foreign.
            if let mime = ImageFormats.sniffedMimeType(of: source), ImageFormats.mimeTypes.contains(mime) {
                throw .damaged(detail: "the \(mime) header cannot be read")
            }
            throw .unsupportedFormat
        }
        let name = takeString(gdk_pixbuf_format_get_name(format)) ?? "image"
        if name == "tiff", let pages = try TIFFPages.header(source) { return pages }
        // Some loaders (SVG without a size) report no dimensions; those are checked after decoding.
        if width != 0 || height != 0 {
            try ImageLimits.check(width: Int(width), height: Int(height))
        }
        return ImageDecoder.Header(formatName: name, width: Int(width), height: Int(height))
    }

    /// Decodes the whole image, applying EXIF orientation (BEHAVIOUR A5); nil when
    /// `isCancelled` said so. `header`, when the caller has read it already. `detail` may let
    /// a JPEG decode at ½, ¼ or ⅛ of its size, and an SVG or still WebP at the size shown.
    public static func decode(
        _ source: ImageSource, header known: ImageDecoder.Header? = nil, detail: DecodeDetail = .full,
        progress: LoadProgress? = nil, isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DecodedImage? {
        let fileSize = try source.checkedSize()
        let header: ImageDecoder.Header
        if let known { header = known } else { header = try readHeader(source) }
        let load = PixbufLoad(source: source, header: header, fileSize: fileSize, progress: progress)
        if let problem = load.integrity?.problemBeforeDecoding(source: source, fileSize: fileSize) {
            throw .damaged(detail: problem)
        }
        switch header.formatName {
        case "jpeg": return try JPEGDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        case "svg": return try SVGRendering.decode(load, detail: detail, isCancelled: isCancelled)
        case PDFFile.formatName: return try PDFRendering.decode(source, detail: detail, progress: progress, isCancelled: isCancelled)
        case "tiff" where header.pageCount > 1: return try TIFFPages.decode(load, isCancelled: isCancelled)
        case "webp": return try WebPDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        case HEIFDecoding.heifName, HEIFDecoding.avifName: return try HEIFDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        case JXLDecoding.formatName: return try JXLDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        case JPEG2000Decoding.formatName: return try JPEG2000Decoding.decode(load, detail: detail, isCancelled: isCancelled)
        case CameraRawDecoding.formatName: return try CameraRawDecoding.decode(load, detail: detail, isCancelled: isCancelled)
        default: break
        }
        return try load.incremental(isCancelled: isCancelled)
    }
}
