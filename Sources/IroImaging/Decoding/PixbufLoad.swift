import CGLib
import GObjectSupport
import Glibc
import IroCore

/// One decode of a file through gdk-pixbuf's loader for the format its header named,
/// with that format's integrity check (if it has one) watching.
struct PixbufLoad {
    static let chunkSize = 256 * 1024

    /// What is decoded.
    let source: ImageSource
    let header: ImageDecoder.Header
    let fileSize: Int64
    let progress: LoadProgress?
    /// Made once, from the format; it follows this load's chunks and loader.
    let integrity: (any IntegrityCheck)?

    init(source: ImageSource, header: ImageDecoder.Header, fileSize: Int64, progress: LoadProgress?) {
        self.source = source
        self.header = header
        self.fileSize = fileSize
        self.progress = progress
        integrity = IntegrityChecks.forFormat(header.formatName, height: header.height)
    }

    /// Feeds the file to an incremental loader in chunks, checking for cancellation between
    /// them and reporting progress, then applies EXIF orientation (BEHAVIOUR A5).
    ///
    /// `size`: asked of the loader before any data (a JPEG then decodes straight at it);
    /// the decoded image still knows its full size from the header. `recover`: what to do
    /// when the loader fails (by default, the failure classified).
    func incremental(
        size: (width: Int, height: Int)? = nil, isCancelled: () -> Bool,
        recover: (GLibError) throws(LoadError) -> DecodedImage? = PixbufLoad.fail
    )
        throws(LoadError) -> DecodedImage?
    {
        let (opened, code) = source.open()
        guard let file = opened else {
            throw code == EACCES ? .permissionDenied : .unreadable(detail: String(cString: strerror(code)))
        }
        defer { fclose(file) }
        // The loader the header was read with, not one guessed again from the first
        // chunk without the file name: the size checked is then the size this loader
        // decodes, and formats recognised by their extension (XBM, QTIF) open.
        let made: UnsafeMutablePointer<GdkPixbufLoader>?
        do { made = try withGError { gdk_pixbuf_loader_new_with_type(header.formatName, $0) } } catch { made = nil }
        guard let loader = made else { throw .unsupportedFormat }
        defer { g_object_unref(raw(loader)) }
        if let size { gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height)) }
        integrity?.follow(loader)

        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        var consumed: Int64 = 0
        while true {
            if isCancelled() {
                close(loader, after: "cancelling")
                return nil
            }
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, Self.chunkSize, file) }
            if count == 0 {
                if ferror(file) != 0 { throw .unreadable(detail: trNoop("read error")) }
                break
            }
            do {
                _ = try buffer.withUnsafeBufferPointer { bytes throws(GLibError) in
                    try withGError { gdk_pixbuf_loader_write(loader, bytes.baseAddress, gsize(count), $0) }
                }
            } catch {
                close(loader, after: "a write failed (\(error.message))")
                return try recover(error)
            }
            buffer.withUnsafeBufferPointer { integrity?.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            consumed += Int64(count)
            progress?.set(min(1, Double(consumed) / Double(max(fileSize, 1))))
        }
        do {
            _ = try withGError { gdk_pixbuf_loader_close(loader, $0) }
        } catch {
            // An animation cut short still has the frames before the cut: it plays those
            // and says it is damaged (BEHAVIOUR A10); a still image cut short is refused.
            if let frames = animation(of: loader), let first = gdk_pixbuf_loader_get_pixbuf(loader), let copy = gdk_pixbuf_copy(first) {
                return DecodedImage(adopting: copy, formatName: header.formatName, animation: frames, damage: error.message)
            }
            return try recover(error)
        }
        if let problem = integrity?.problemAfterDecoding() { throw .damaged(detail: problem) }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { throw .damaged(detail: trNoop("no image data")) }
        if let frames = animation(of: loader), let copy = gdk_pixbuf_copy(pixbuf) {
            return DecodedImage(adopting: copy, formatName: header.formatName, animation: frames)
        }
        return try upright(pixbuf, reduced: size != nil)
    }

    /// The loader's frames when what it read is animated (more than one frame).
    private func animation(of loader: UnsafeMutablePointer<GdkPixbufLoader>) -> AnimationFrames? {
        guard let animation = gdk_pixbuf_loader_get_animation(loader), gdk_pixbuf_animation_is_static_image(animation) == 0 else {
            return nil
        }
        g_object_ref(raw(animation))
        let delays = header.formatName == "gif" ? GIFFrameDelays.read(source) : nil
        return AnimationFrames(adopting: animation, formatName: header.formatName, fileDelays: delays)
    }

    /// The whole file at once, neither cancellable nor with progress; its integrity is
    /// checked over the whole file first (a fresh check: this may follow a failed load).
    func wholeFile() throws(LoadError) -> DecodedImage {
        if let check = IntegrityChecks.forFormat(header.formatName, height: header.height) {
            try Self.feedWholeFile(source, to: check)
            if let problem = check.problemAfterDecoding() { throw .damaged(detail: problem) }
        }
        let loaded: OpaquePointer?
        do {
            switch source.storage {
            case .bytes(let bytes): loaded = try LoaderProbe.wholeImage(bytes, format: header.formatName)
            case .file(let path):
                loaded = try path.withCString { name throws(GLibError) in try withGError { gdk_pixbuf_new_from_file(name, $0) } }
            }
        } catch {
            throw Self.classify(error)
        }
        guard let pixbuf = loaded else { throw .damaged(detail: trNoop("no image data")) }
        defer { g_object_unref(raw(pixbuf)) }
        guard let image = try upright(pixbuf, reduced: false) else { throw .damaged(detail: trNoop("no image data")) }
        return image
    }

    /// A new image of `pixbuf` in sRGB (from `profile`, or the one the loader found) turned
    /// upright per its EXIF Orientation tag. EXIF orientations 5–8 turn the image a
    /// quarter: a reduced image's full size turns too.
    /// `pageCount`: the document's, when this is one of its pages.
    func upright(_ pixbuf: OpaquePointer, reduced: Bool, profile: [UInt8]? = nil, pageCount: Int = 1) throws(LoadError) -> DecodedImage? {
        try ImageLimits.check(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        if let profile = profile ?? ColourProfile.attached(to: pixbuf)
            ?? (header.formatName == "png" ? PNGColourChunks.profile(of: source) : nil)
        {
            ColourProfile.convertToSRGB(pixbuf, profile: profile)
        }
        let orientation = gdk_pixbuf_get_option(pixbuf, "orientation").map { Int(String(cString: $0)) ?? 1 } ?? 1
        // A new pixbuf (+1), rotated and flipped as the tag says, or a new reference.
        guard let turned = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw .damaged(detail: trNoop("could not apply orientation"))
        }
        guard reduced else { return DecodedImage(adopting: turned, formatName: header.formatName, pageCount: pageCount) }
        let quarterTurned = (5...8).contains(orientation)
        return DecodedImage(
            adopting: turned, formatName: header.formatName,
            imageWidth: quarterTurned ? header.height : header.width,
            imageHeight: quarterTurned ? header.width : header.height, pageCount: pageCount)
    }

    /// Ends a load that is being abandoned; its error says nothing new.
    private func close(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, after reason: String) {
        do throws(GLibError) { _ = try withGError { gdk_pixbuf_loader_close(loader, $0) } } catch {
            Log.debug("closing the \(header.formatName) loader after \(reason): \(error.message)")
        }
    }

    /// Reads all of `source` through `check` without a loader.
    static func feedWholeFile(_ source: ImageSource, to check: any IntegrityCheck) throws(LoadError) {
        guard let file = source.open().file else { throw .unreadable(detail: String(cString: strerror(errno))) }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, chunkSize, file) }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { check.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        if ferror(file) != 0 { throw .unreadable(detail: trNoop("read error")) }
    }

    /// The default for a failed load: its error, classified.
    static func fail(_ error: GLibError) throws(LoadError) -> DecodedImage? { throw classify(error) }

    /// Maps gdk-pixbuf's errors to the user-facing taxonomy.
    static func classify(_ error: GLibError) -> LoadError {
        guard error.domain == "gdk-pixbuf-error-quark" else { return .unreadable(detail: error.message) }
        switch GdkPixbufError(rawValue: UInt32(bitPattern: error.code)) {
        case GDK_PIXBUF_ERROR_UNKNOWN_TYPE, GDK_PIXBUF_ERROR_UNSUPPORTED_OPERATION: return .unsupportedFormat
        case GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY: return .damaged(detail: trNoop("the decoder ran out of memory"))
        default: return .damaged(detail: error.message)
        }
    }
}
