import CGtk
import Glibc
import GObjectSupport
import IroCore

/// Decodes image files with gdk-pixbuf, off the main thread (SPEC A6).
///
/// The order matters: the file system is checked first, then the header is
/// read for the format and declared size (refusing bombs before any pixel
/// buffer exists), and only then is the file fed to an incremental
/// GdkPixbufLoader in chunks, which lets a closed tab cancel the work and lets
/// the UI show progress.
public enum ImageDecoder {
    static let chunkSize = 256 * 1024
    /// Progressive JPEGs up to this size are decoded in one go (see `decodeSynchronously`).
    static let oneShotPixels = 16_000_000

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
        if SVGSize.isSVG(path: path) {
            guard let size = SVGSize.read(path: path) else { throw .damaged(detail: "the image/svg+xml header cannot be read") }
            try ImageLimits.check(width: size.width, height: size.height)
            return Header(formatName: "svg", width: size.width, height: size.height)
        }
        var width: Int32 = 0, height: Int32 = 0
        guard let format = path.withCString({ gdk_pixbuf_get_file_info($0, &width, &height) }) else {
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

    /// Decodes the whole image, applying EXIF orientation (SPEC A5).
    /// Throws `CancellationError` as `.unreadable` is wrong, so cancellation is
    /// reported through `Task.isCancelled` by the caller; this returns nil then.
    /// `detail` may let a JPEG decode at ½, ¼ or ⅛ of its size (other formats decode whole).
    @concurrent
    nonisolated public static func decode(path: RawPath, detail: DecodeDetail = .full,
                                          progress: LoadProgress? = nil) async throws(LoadError) -> DecodedImage? {
        try decodeSynchronously(path: path, detail: detail, progress: progress, isCancelled: { Task.isCancelled })
    }

    /// The same work on the calling thread (benchmarks, fuzzing, tests of the pipeline).
    nonisolated public static func decodeSynchronously(path: RawPath, detail: DecodeDetail = .full, progress: LoadProgress? = nil,
                                                       isCancelled: () -> Bool = { false }) throws(LoadError) -> DecodedImage? {
        let total = try FileCheck.regularFileSize(at: path)
        let header = try readHeader(path: path)
        // Loaders that take a file cut short would show its missing part black.
        if let shortfall = Truncation.shortfall(path: path, formatName: header.formatName, fileSize: total) {
            throw .damaged(detail: shortfall)
        }
        let reduction = header.formatName == "jpeg" ? detail.reduction(imageSide: max(header.width, header.height)) : 1
        // gdk-pixbuf's incremental loader decodes a progressive JPEG scan by scan, about
        // twice the work of its one-shot loader (68 against 33 ms for a 4 MP photo). Up to
        // `oneShotPixels` that work is short enough not to need cancelling or progress.
        if header.formatName == "jpeg", reduction == 1, header.width * header.height <= oneShotPixels,
           JPEGEndScanner.scan(path: path, while: { !$0.hasFrame && !$0.isComplete })?.isProgressive == true {
            // Only the head was read to see that; the end is checked over the whole file.
            guard JPEGEndScanner.scan(path: path)?.isComplete == true else { throw .damaged(detail: "the JPEG data ends early") }
            guard !isCancelled() else { return nil }
            return try decodeWholeFile(path: path, formatName: header.formatName)
        }

        let (opened, code) = path.withCString { (fopen($0, "rb"), errno) }
        guard let file = opened else {
            throw code == EACCES ? .permissionDenied : .unreadable(detail: String(cString: strerror(code)))
        }
        defer { fclose(file) }

        // The loader the header was read with, not one guessed again from the first
        // chunk without the file name: the size checked above is then the size this
        // loader decodes, and formats recognised by their extension (XBM, QTIF) open.
        let made: UnsafeMutablePointer<GdkPixbufLoader>?
        do { made = try withGError { gdk_pixbuf_loader_new_with_type(header.formatName, $0) } } catch { made = nil }
        guard let loader = made else { throw .unsupportedFormat }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        // Asked for before any data, libjpeg then decodes straight at this size (its
        // output is ⌈side / reduction⌉, exactly what is asked, so nothing is rescaled).
        if reduction > 1 {
            gdk_pixbuf_loader_set_size(loader, Int32((header.width + reduction - 1) / reduction),
                                       Int32((header.height + reduction - 1) / reduction))
        }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var consumed: Int64 = 0
        var tail = [UInt8]()          // the last bytes, for the PNG end check
        var jpegEnd = JPEGEndScanner()
        let pngRows = RowCoverage(height: header.formatName == "png" ? header.height : 0)
        if header.formatName == "png" { pngRows.follow(UnsafeMutableRawPointer(loader)) }
        /// libjpeg cannot decode an arithmetic-coded JPEG incrementally ("Suspension not
        /// allowed here"), though gdk-pixbuf reads one whole; such files are rare but valid.
        func failed(_ error: GLibError) throws(LoadError) -> DecodedImage? {
            if header.formatName == "jpeg", error.message.contains("Suspension not allowed") {
                return try decodeWholeFile(path: path, formatName: header.formatName)
            }
            throw classify(error)
        }

        while true {
            if isCancelled() {
                _ = try? withGError { gdk_pixbuf_loader_close(loader, $0) }
                return nil
            }
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, chunkSize, file) }
            if count == 0 {
                if ferror(file) != 0 { throw .unreadable(detail: "read error") }
                break
            }
            do {
                _ = try buffer.withUnsafeBufferPointer { bytes throws(GLibError) in
                    try withGError { gdk_pixbuf_loader_write(loader, bytes.baseAddress, gsize(count), $0) }
                }
            } catch {
                _ = try? withGError { gdk_pixbuf_loader_close(loader, $0) }
                return try failed(error)
            }
            tail = Array((tail + buffer[0..<count]).suffix(16))
            if header.formatName == "jpeg" { buffer.withUnsafeBufferPointer { jpegEnd.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) } }
            consumed += Int64(count)
            progress?.set(min(1, Double(consumed) / Double(max(total, 1))))
        }
        do {
            _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
        } catch {
            return try failed(error)
        }
        // gdk-pixbuf's incremental PNG loader accepts a file cut short; a PNG
        // always ends with its IEND chunk, so check for it ourselves.
        if header.formatName == "png", !endsWithPNGTrailer(tail) {
            throw .damaged(detail: "the PNG data ends early")
        }
        if header.formatName == "png", let row = pngRows.firstMissingRow {
            throw .damaged(detail: "the PNG image data stops before row \(row + 1) of \(header.height)")
        }
        if header.formatName == "jpeg", !jpegEnd.isComplete {
            throw .damaged(detail: "the JPEG data ends early")
        }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw .damaged(detail: "no image data")
        }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        try ImageLimits.check(width: width, height: height)
        // EXIF orientations 5–8 turn the image a quarter: its full size turns too.
        let orientation = gdk_pixbuf_get_option(pixbuf, "orientation").map { Int(String(cString: $0)) ?? 1 } ?? 1
        let quarterTurned = (5...8).contains(orientation)
        // Returns a new pixbuf (+1), rotated/flipped per the EXIF Orientation tag, or a new ref.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw .damaged(detail: "could not apply orientation")
        }
        guard reduction > 1 else { return DecodedImage(adopting: upright, formatName: header.formatName) }
        return DecodedImage(adopting: upright, formatName: header.formatName,
                            imageWidth: quarterTurned ? header.height : header.width,
                            imageHeight: quarterTurned ? header.width : header.height)
    }

    /// The non-incremental path: the whole file at once, neither cancellable nor with progress.
    nonisolated static func decodeWholeFile(path: RawPath, formatName: String) throws(LoadError) -> DecodedImage {
        let loaded: OpaquePointer?
        do { loaded = try path.withCString { name throws(GLibError) in try withGError { gdk_pixbuf_new_from_file(name, $0) } } }
        catch { throw classify(error) }
        guard let pixbuf = loaded else { throw .damaged(detail: "no image data") }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        try ImageLimits.check(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw .damaged(detail: "could not apply orientation")
        }
        return DecodedImage(adopting: upright, formatName: formatName)
    }

    /// IEND chunk: length 0, "IEND", CRC AE 42 60 82.
    static func endsWithPNGTrailer(_ tail: [UInt8]) -> Bool {
        let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return tail.count >= iend.count && Array(tail.suffix(iend.count)) == iend
    }

    /// Maps gdk-pixbuf's errors to the user-facing taxonomy.
    static func classify(_ error: GLibError) -> LoadError {
        guard error.domain == "gdk-pixbuf-error-quark" else { return .unreadable(detail: error.message) }
        switch GdkPixbufError(rawValue: UInt32(bitPattern: error.code)) {
        case GDK_PIXBUF_ERROR_UNKNOWN_TYPE, GDK_PIXBUF_ERROR_UNSUPPORTED_OPERATION: return .unsupportedFormat
        case GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY: return .damaged(detail: "the decoder ran out of memory")
        default: return .damaged(detail: error.message)
        }
    }
}
