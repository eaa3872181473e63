import CGLib
import CSandbox
import GObjectSupport
import Glibc
import IroCore

/// The decoder helper's side (BEHAVIOUR F5): runs only in the `iro-decoder` process, never
/// in Iro. Confines itself, then answers requests on its socket one at a time. Each
/// request's file comes as a descriptor; its bytes are read into memory (`ImageBytes`) and
/// decoded from there by `InProcessDecoder` (an `ImageSource` of bytes, named as Iro named
/// the file); the pixels go back in a sealed memfd attached to the answer.
public enum DecoderService {
    /// The socket Iro gives the helper, as its descriptor 3.
    public static let socket: Int32 = 3

    /// What is best done before the filter is on: the MIME database, the locale's
    /// catalogues, the list of gdk-pixbuf's loaders.
    public static func prepare() {
        PixelMemory.usesMemfds = true
        // The shared MIME database, read lazily on first use (the format sniffing uses it).
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if let type = g_content_type_guess("a.png", png, gsize(png.count), nil) {
            g_free(g_content_type_get_mime_type(type))
            _ = g_content_type_is_a(type, "image/png")
            g_free(type)
        }
        // librsvg asks for the user's languages (an SVG's `systemLanguage`): GLib reads the
        // locale aliases once.
        _ = g_get_language_names()
        // The message catalogues (a decoder's error is translated text): glibc reads the
        // locale's aliases and catalogues on the first lookup.
        for domain in ["gdk-pixbuf", "glib20", "librsvg"] { _ = g_dgettext(domain, "Image type “%s” is not supported") }
        // The loaders' list (their cache file). The modules themselves load when a file first
        // needs one, inside the confinement (reading the module is allowed; the HEIF and AVIF
        // loaders alone would add 7 ms to every helper's start, for a format most never see).
        if let formats = gdk_pixbuf_get_formats() { g_slist_free(formats) }
    }

    /// Confines the process (see `iro_sandbox_confine`) with an address-space cap of
    /// `memoryCap` bytes; false (with the reason logged) when the kernel refuses.
    public static func confine(memoryCap: UInt64, trap: Bool) -> Bool {
        memoryCapMegabytes = Int(memoryCap >> 20)
        let limited = iro_sandbox_limit_address_space(memoryCap)
        if limited != 0 { Log.warning("the decoder cannot limit its memory: \(String(cString: strerror(-limited)))") }
        let confined = iro_sandbox_confine(trap ? 1 : 0)
        if confined != 0 {
            Log.warning("the decoder cannot confine itself: \(String(cString: strerror(-confined)))")
            return false
        }
        return true
    }

    /// How long without a request before the heap is trimmed.
    static let trimAfterMilliseconds: Int32 = 1000

    /// Answers requests until Iro closes the socket.
    public static func serve() -> Never {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // Idle for a second: the heap's free pages go back to the system (a JPEG's
            // decode leaves about 10 MB free in it, kept by the process while it waits). Not
            // at once, so that requests in a row (a reduced decode, then the full one)
            // reuse those pages.
            if iro_message_waiting(socket, Self.trimAfterMilliseconds) == 0 { HeapTuning.returnFreeMemory() }
            var descriptor: Int32 = -1, extra: Int32 = -1
            let count = buffer.withUnsafeMutableBytes { iro_receive_message(socket, $0.baseAddress, $0.count, &descriptor, &extra) }
            if count == 0 { exit(0) } // Iro is gone or done with this helper
            guard count > 0 else { exit(count == -Int(EINTR) ? 0 : 3) }
            let request: DecoderRequest
            do throws(WireReader.Malformed) { request = try DecoderRequest(bytes: Array(buffer[0..<count])) } catch {
                Log.warning("the decoder got a malformed request: \(error.what)")
                exit(4)
            }
            Trace.mark("decoder: request \(request.id) (\(request.kind)) received")
            handle(request, descriptor: descriptor, extra: extra)
            Trace.mark("decoder: request \(request.id) answered")
            allowMemory(nil) // the next request starts from the cap
            if descriptor >= 0 { close(descriptor) }
            if extra >= 0 { close(extra) }
        }
    }

    /// Answers `request`; `descriptor` is its file, `extra` a second one only `markUpPDF` has.
    private static func handle(_ request: DecoderRequest, descriptor: Int32, extra: Int32) {
        switch request {
        case .cancel:
            return // for a request already answered
        case .forbidden(_, let what):
            #if DEBUG
                // What a hostile file's exploit would try first; the filter kills the process here.
                switch what {
                case 1: _ = open("/tmp/iro-decoder-forbidden", O_WRONLY | O_CREAT, 0o600)
                case 2: _ = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                case 4:
                    // A runaway allocation while decoding a small image: past its allowance,
                    // GLib's allocator aborts, as it would in a decoder.
                    allowMemory(allowance(imagePixels: 1, outputBytes: 4))
                    g_free(g_malloc(gsize(allowance(imagePixels: 1, outputBytes: 4) + 512 * 1_048_576)))
                default: while true { sleep(3600) } // silent, as a decoder stuck in a loop
                }
                send(.failure(id: request.id, .unreadable(detail: "the forbidden call was allowed")))
            #else
                send(.failure(id: request.id, .unreadable(detail: "test requests are for test builds (\(what))")))
            #endif
        case .decode(let id, let name, let detail, let page):
            withFile(descriptor, id: id, name: name, page: page) { (source, watch) throws(LoadError) -> Answer in
                let header = try InProcessDecoder.readHeader(source)
                // What the decode will hold at once: the pixels, and their copy for Iro.
                let scale = detail.drawingScale(imageWidth: header.width, imageHeight: header.height)
                let needed = Double(header.width) * Double(header.height) * scale * scale * 4 * 2
                if needed > Double(memoryCapMegabytes) * 1_048_576 * 0.8 { throw .needsTooMuchMemory(limitMegabytes: memoryCapMegabytes) }
                let allowed = allowance(imagePixels: Double(header.width) * Double(header.height), outputBytes: needed)
                allowMemory(allowed)
                animationAllowance = allowed
                let progress = LoadProgress()
                watch.progress = progress
                let image = try InProcessDecoder.decode(
                    source, header: header, detail: detail, progress: progress, isCancelled: watch.isCancelled)
                guard let image else { return Answer(.nothing(id: id)) }
                if let frames = image.animation {
                    animation = frames // this helper now serves only it
                    let sealed = try pixels(of: image.pixbuf, formatName: image.formatName) { $0.damage = image.damage }
                    return Answer(
                        .frame(id: id, sealed.description, frameCount: frames.frameCount, delay: frames.delay), pixels: sealed.memfd)
                }
                let sealed = try pixels(of: image.pixbuf, formatName: image.formatName) { pixels in
                    pixels.imageWidth = image.imageWidth
                    pixels.imageHeight = image.imageHeight
                    pixels.damage = image.damage
                    pixels.pageCount = image.pageCount
                }
                return Answer(.image(id: id, sealed.description), pixels: sealed.memfd)
            }
        case .metadata(let id, let name):
            withFile(descriptor, id: id, name: name) { (source, _) throws(LoadError) -> Answer in
                guard let bytes = source.bytes else { throw .unreadable(detail: trNoop("the decoder lost the file")) }
                allowMemory(allowance(imagePixels: 0, outputBytes: Double(bytes.count) * 4))
                let read = bytes.withUnsafeBytes { PropertiesReader.photo(inMemory: $0) }
                guard let photo = read.metadata else { throw .unreadable(detail: read.problem ?? trNoop("unreadable metadata")) }
                return Answer(.metadata(id: id, photo))
            }
        case .links(let id, let name, let page):
            withFile(descriptor, id: id, name: name, page: page) { (source, _) throws(LoadError) -> Answer in
                Answer(.links(id: id, try PDFRendering.links(source)))
            }
        case .outline(let id, let name, let page):
            withFile(descriptor, id: id, name: name, page: page) { (source, _) throws(LoadError) -> Answer in
                Answer(.outline(id: id, try PDFRendering.outline(source)))
            }
        case .text(let id, let name, let page, let from):
            withFile(descriptor, id: id, name: name, page: page) { (source, _) throws(LoadError) -> Answer in
                let (total, glyphs) = try PDFRendering.text(source, from: from)
                return Answer(.text(id: id, total: total, glyphs))
            }
        case .find(let id, let name, let page, let count, let text):
            withFile(descriptor, id: id, name: name, page: page) { (source, watch) throws(LoadError) -> Answer in
                Answer(.found(id: id, try PDFRendering.find(text, in: source, count: count, isCancelled: watch.isCancelled)))
            }
        case .thumbnail(let id, let record):
            withFile(descriptor, id: id, name: Array("thumbnail.png".utf8)) { (source, _) throws(LoadError) -> Answer in
                let side = Double(ThumbnailCache.Size.xxLarge.pixels)
                allowMemory(allowance(imagePixels: side * side, outputBytes: side * side * 4 * 2))
                let read = try CachedThumbnail.read(source)
                defer { g_object_unref(raw(read.pixbuf)) }
                guard record.isDescribed(by: read.chunks) else { return Answer(.nothing(id: id)) }
                let sealed = try pixels(of: read.pixbuf, formatName: "png") { _ in }
                return Answer(.image(id: id, sealed.description), pixels: sealed.memfd)
            }
        case .nextFrame(let id):
            guard let frames = animation else { return send(.failure(id: id, .unreadable(detail: trNoop("no animation is open")))) }
            _ = iro_sandbox_allow_cpu_seconds(60)
            allowMemory(animationAllowance)
            guard frames.advance() else { return send(.nothing(id: id)) }
            var answer = Answer(.failure(id: id, .needsTooMuchMemory(limitMegabytes: memoryCapMegabytes)))
            // Copied once, from the decoder's own frame into the memfd sent.
            _ = frames.withCurrentFrame { frame in
                do throws(LoadError) {
                    let sealed = try pixels(of: frame, formatName: frames.formatName) { _ in }
                    answer = Answer(
                        .frame(id: id, sealed.description, frameCount: frames.frameCount, delay: frames.delay), pixels: sealed.memfd)
                } catch {
                    answer = Answer(.failure(id: id, error))
                }
            }
            send(answer)
        case .saveEdit(let id, let name, let edit, let format):
            withFile(descriptor, id: id, name: name) { (source, watch) throws(LoadError) -> Answer in
                let header = try InProcessDecoder.readHeader(source)
                // The whole decode, the edited copy, and the encoded file.
                let pixels = Double(header.width) * Double(header.height)
                allowMemory(allowance(imagePixels: pixels, outputBytes: pixels * 4 * 2))
                let bytes = try EditedFile.make(source, edit: edit, format: format, isCancelled: watch.isCancelled)
                let memfd = try sealed(bytes)
                return Answer(.encoded(id: id, length: bytes.count), pixels: memfd)
            }
        case .markUpPDF(let id, let name, let page):
            withFile(descriptor, id: id, name: name, page: page) { (source, watch) throws(LoadError) -> Answer in
                let bundle = try SealedBytes.readAll(extra, limit: MarkupBundle.maximumBytes)
                // poppler's document and one page's drawing at a time, the markup, and the
                // copy (at most the file again, its images kept as they are, and the markup).
                let fileBytes = Double(try source.wholeBytes().count)
                allowMemory(allowance(imagePixels: 0, outputBytes: fileBytes * 2 + Double(bundle.count) * 8))
                let bytes = try MarkedUpPDF.make(source, bundle: bundle, isCancelled: watch.isCancelled)
                return Answer(.encoded(id: id, length: bytes.count), pixels: try sealed(bytes))
            }
        case .region(let id, let name, let rect, let detail, let page):
            withFile(descriptor, id: id, name: name, page: page) { (source, watch) throws(LoadError) -> Answer in
                let region = try InProcessDecoder.decodeRegion(source, covering: rect, detail: detail, isCancelled: watch.isCancelled)
                guard let region else { return Answer(.nothing(id: id)) }
                let sealed = try pixels(of: region.pixbuf, formatName: "") { $0.region = (region.rect, region.scale, region.maxScale) }
                return Answer(.image(id: id, sealed.description), pixels: sealed.memfd)
            }
        }
    }

    /// Reads the request's file into memory, decodes it with `work` and sends the answer.
    private static func withFile(
        _ descriptor: Int32, id: UInt32, name: [UInt8], page: DocumentPage = .first,
        _ work: (ImageSource, Watch) throws(LoadError) -> Answer
    ) {
        guard descriptor >= 0, let bytes = ImageBytes(reading: descriptor, limit: Int(Int32.max)) else {
            return send(Answer(.failure(id: id, .unreadable(detail: trNoop("the decoder got no readable file")))))
        }
        // Only the file's own name from Iro's path (its extension names some formats).
        let last = name.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? []
        let source = ImageSource(bytes: bytes, name: RawPath(bytes: last.isEmpty ? Array("file".utf8) : last), page: page)
        _ = iro_sandbox_allow_cpu_seconds(60)
        let watch = Watch(id: id)
        var answer: Answer
        do throws(LoadError) { answer = try work(source, watch) } catch {
            answer = Answer(.failure(id: id, error))
        }
        if watch.cancelled { answer = Answer(.nothing(id: id), pixels: answer.pixels) } // its pixels are closed unsent
        send(answer)
    }

    /// One reply to send, with the sealed memfd of its pixels (-1: none) that goes with it.
    /// `send` attaches the memfd to an image or frame reply, and closes it either way.
    private struct Answer {
        let reply: DecoderReply
        let pixels: Int32

        init(_ reply: DecoderReply, pixels: Int32 = -1) {
            self.reply = reply
            self.pixels = pixels
        }
    }

    /// Between chunks of a decode: reports progress, and notices a cancel.
    private final class Watch {
        let id: UInt32
        var progress: LoadProgress?
        var cancelled = false
        private var reported = -1.0
        private var reportedAt = 0.0

        init(id: UInt32) { self.id = id }

        private var checkedAt = 0.0

        /// Called between every few rows: looks at the socket at most every 20 ms (a poll is
        /// a system call; the clock is not).
        func isCancelled() -> Bool {
            let now = DecoderHelper.now()
            guard !cancelled, now - checkedAt >= 0.02 else { return cancelled }
            checkedAt = now
            if let progress {
                let fraction = progress.fraction
                if fraction - reported >= 0.02 || now - reportedAt >= 1 {
                    reported = fraction
                    reportedAt = now
                    DecoderService.send(.progress(id: id, fraction: min(1, max(0, fraction))))
                }
            }
            while !cancelled, iro_message_waiting(DecoderService.socket, 0) == 1 {
                var bytes = [UInt8](repeating: 0, count: 256)
                var descriptor: Int32 = -1
                let count = bytes.withUnsafeMutableBytes {
                    iro_receive_message(DecoderService.socket, $0.baseAddress, $0.count, &descriptor, nil)
                }
                if descriptor >= 0 { close(descriptor) }
                if count <= 0 { exit(0) } // Iro went away
                do throws(WireReader.Malformed) {
                    if case .cancel(let which) = try DecoderRequest(bytes: Array(bytes[0..<count])), which == id { cancelled = true }
                } catch {
                    // Iro sends only cancels while a request runs: anything else is dropped, and said.
                    Log.warning("the decoder dropped a malformed message during request \(id): \(error.what)")
                }
            }
            return cancelled
        }
    }

    /// The animation this helper opened (`nextFrame` steps it); once there is one, Iro asks
    /// for nothing else.
    nonisolated(unsafe) private static var animation: AnimationFrames?
    /// The address space the animation's decode was allowed, for each of its frames.
    nonisolated(unsafe) private static var animationAllowance: Double?

    /// What the helper maps before any request (its libraries and heap, about 110 MB), with
    /// room to spare.
    static let memoryFloor = 768.0 * 1_048_576

    /// The address space one request may use: the floor, 8 bytes for each pixel the image
    /// declares (libjpeg's coefficients of a progressive file and its rows fit in that), and
    /// twice what the output and its copy take (an SVG's filters draw into surfaces of
    /// their own); never more than the cap.
    static func allowance(imagePixels: Double, outputBytes: Double, cap: Double = Double(memoryCapMegabytes) * 1_048_576) -> Double {
        min(cap, memoryFloor + imagePixels * 8 + outputBytes * 2)
    }

    /// Sets the soft address-space limit to `bytes` (nil: the cap). A decoder that runs
    /// away with memory on a small image stops there instead of at the cap. (The soft
    /// limit guards against a decoder's bug, not an exploit, which could raise it again up
    /// to the hard limit, the cap.)
    private static func allowMemory(_ bytes: Double?) {
        let cap = UInt64(memoryCapMegabytes) << 20
        _ = iro_sandbox_set_soft_address_space(bytes.map { UInt64(max(0, $0)) } ?? cap)
    }

    /// The pixels of `pixbuf` in a sealed memfd (the caller's to send or close), and their
    /// description.
    private static func pixels(
        of pixbuf: OpaquePointer, formatName: String, _ describe: (inout DecodedPixels) -> Void
    ) throws(LoadError) -> (description: DecodedPixels, memfd: Int32) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, Int(gdk_pixbuf_get_n_channels(pixbuf)) == (hasAlpha ? 4 : 3) else {
            throw .unreadable(detail: trNoop("the decoder made pixels of an unexpected kind"))
        }
        var pixels = DecodedPixels(
            width: width, height: height, stride: stride, hasAlpha: hasAlpha, imageWidth: width, imageHeight: height,
            formatName: formatName)
        describe(&pixels)
        let size = Int(gdk_pixbuf_get_byte_length(pixbuf))
        let memfd: Int32
        if let shared = PixelMemory.memfd(holding: pixbuf) {
            memfd = shared // decoded straight into it: nothing to copy
        } else {
            memfd = iro_memfd_create("iro-pixels", size)
            guard memfd >= 0 else { throw .needsTooMuchMemory(limitMegabytes: memoryCapMegabytes) }
            guard let target = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, memfd, 0), target != MAP_FAILED else {
                close(memfd)
                throw .needsTooMuchMemory(limitMegabytes: memoryCapMegabytes)
            }
            memcpy(target, gdk_pixbuf_read_pixels(pixbuf), size)
            munmap(target, size)
        }
        guard iro_memfd_seal(memfd) == 0 else {
            close(memfd)
            throw .unreadable(detail: trNoop("the decoder could not seal its pixels"))
        }
        return (pixels, memfd)
    }

    private static func sealed(_ bytes: [UInt8]) throws(LoadError) -> Int32 {
        try SealedBytes.seal(bytes, name: "iro-encoded", outOfMemory: .needsTooMuchMemory(limitMegabytes: memoryCapMegabytes))
    }

    /// The address-space cap (`confine`), in MB.
    nonisolated(unsafe) static var memoryCapMegabytes = 0

    /// Sends `reply` with no descriptor (progress, failures, nothing).
    static func send(_ reply: DecoderReply) { send(Answer(reply)) }

    /// Sends the answer, its memfd attached when it is an image or a frame; the memfd is
    /// closed either way.
    private static func send(_ answer: Answer) {
        var descriptor: Int32 = -1
        switch answer.reply {
        case .image, .frame, .encoded: descriptor = answer.pixels
        default: if answer.pixels >= 0 { close(answer.pixels) }
        }
        let failed = answer.reply.bytes.withUnsafeBytes { iro_send_message(socket, $0.baseAddress, $0.count, descriptor, -1) }
        if descriptor >= 0 { close(descriptor) }
        if failed != 0 { exit(0) } // Iro is gone
    }
}
