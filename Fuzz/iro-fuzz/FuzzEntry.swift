// The decoding front door under a fuzzer (see Fuzz/README.md).
//
// Built with `-sanitize=fuzzer -DFUZZING` this file is a libFuzzer target: libFuzzer
// owns `main` and calls `LLVMFuzzerTestOneInput` with each input. In an ordinary build
// it is a replay tool, `iro-fuzz FILE…`, that runs each file through the very same
// function and prints what happened, so CI can replay the corpus without libFuzzer.
//
// The decoder's front door takes paths (FileCheck → DeclaredSize/InProcessDecoder.readHeader →
// GdkPixbufLoader), so each input is written to a file first. What a decoded image
// then meets in the app is exercised too: the image pyramid, the JPEG reduced decode
// and an exact rendering of a small region (scaled, rotated, hue-shifted).
import CGtk
import Foundation
import IroCore
@_spi(Fuzzing) import IroImaging

enum FuzzHarness {
    /// One private folder per process; the input file in it is rewritten for every run.
    /// No extension: gdk-pixbuf then picks the loader from the bytes alone, as it does
    /// for every file in the incremental loader.
    nonisolated(unsafe) static var inputPath: String = {
        var template = Array((NSTemporaryDirectory() + "/iro-fuzz-XXXXXX").utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { buffer -> String in
            guard let made = mkdtemp(buffer.baseAddress!) else { fatalError("mkdtemp: \(String(cString: strerror(errno)))") }
            return String(cString: made)
        }
        atexit {
            unlink(FuzzHarness.inputPath)
            rmdir((FuzzHarness.inputPath as NSString).deletingLastPathComponent)
        }
        return folder + "/input"
    }()

    /// Renderings are kept small so that the fuzzer spends its time in decoders, not in
    /// scaling: at most this many pixels a side.
    static let renderSide = 96
    /// Images above this many pixels skip the (slow, pure pixel-pushing) pyramid: the
    /// decode itself was the interesting part, and the pyramid is a loop of
    /// gdk_pixbuf_scale_simple that only takes long.
    static let pyramidPixelLimit = 4_000_000

    /// Writes `bytes` to the input file and runs it through the front door.
    static func run(bytes: UnsafeRawBufferPointer) -> String {
        let path = inputPath
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fatalError("open \(path): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            guard n > 0 else { fatalError("write \(path): \(String(cString: strerror(errno)))") }
            written += n
        }
        close(fd)
        return run(path: path)
    }

    /// The outcome of one file, as one line (the replay tool prints it).
    static func run(path name: String) -> String {
        let path = RawPath(name)
        var outcome: [String] = []
        do throws(LoadError) {
            let header = try InProcessDecoder.readHeader(ImageSource(path: path))
            outcome.append("header \(header.formatName) \(header.width)×\(header.height)")
            if header.pageCount > 1 { outcome.append(lastPage(of: path, count: header.pageCount)) }
            if header.formatName == ImageFormats.pdf {
                outcome.append(documentRequests(path))
                outcome.append(markedUpCopy(path, pageCount: header.pageCount))
            }
        } catch {
            outcome.append("header: \(describe(error))")
        }
        outcome.append(cachedThumbnail(path))
        // A JPEG's lossless edits and quality estimate (JPEGEditFuzz.swift), as a save makes them.
        let edits = jpegEdits(name)
        if !edits.isEmpty { outcome.append(edits) }
        // A JPEG decoded at ⅛ or ¼ (what a screen shows of a large one), at a small
        // target so that inputs of a few hundred pixels reach it.
        if let reduced = try? ImageDecoder.decodeSynchronously(path: path, detail: .screen(side: 48)), !reduced.isFullResolution {
            let pyramid = ImagePyramid(image: reduced)
            outcome.append("reduced \(pyramid.levels[0].width)×\(pyramid.levels[0].height)")
            _ = render(pyramid, seed: pyramid.width &+ pyramid.height)
            outcome.append(regions(of: path, beside: pyramid))
        }
        do throws(LoadError) {
            guard let image = try ImageDecoder.decodeSynchronously(path: path) else {
                outcome.append("decode: cancelled?!")
                return outcome.joined(separator: "; ")
            }
            outcome.append("decoded \(image.formatName) \(image.width)×\(image.height)")
            // Save and Save Copy of an edit (SaveEditFuzz.swift), for stills of a modest size.
            if image.animation == nil, image.width * image.height <= pyramidPixelLimit / 4 { outcome.append(savedEdits(path, image)) }
            check(
                image.width > 0 && image.height > 0 && ImageLimits.allows(width: image.width, height: image.height),
                "a decoded image within the limits, got \(image.width)×\(image.height)")
            let pyramid: ImagePyramid
            if image.width * image.height <= pyramidPixelLimit {
                pyramid = ImagePyramid(image: image)
                check(pyramid.levels.count >= 1 && pyramid.levels[0].width == image.width, "a pyramid starting at full size")
                outcome.append("pyramid \(pyramid.levels.count) levels")
                let trimmed = pyramid.trimmed(maxSide: 300)
                check(!trimmed.levels.isEmpty, "a trimmed pyramid keeps a level")
            } else {
                pyramid = ImagePyramid(image: image, isCancelled: { true })
                outcome.append("pyramid skipped (large)")
            }
            outcome.append(render(pyramid, seed: image.width &* 31 &+ image.height))
        } catch {
            outcome.append("decode: \(describe(error))")
        }
        return outcome.joined(separator: "; ")
    }

    /// A document's last page (PDF, multi-page TIFF): its own header and decode, and the
    /// part of it a zoom past 100 % draws.
    static func lastPage(of path: RawPath, count: Int) -> String {
        check(count <= DecodedPixels.maxPages, "at most \(DecodedPixels.maxPages) pages, got \(count)")
        let last = count - 1
        do throws(LoadError) {
            guard let page = try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(last), detail: .screen(side: 64)) else {
                return "page \(count): cancelled?!"
            }
            check(page.pageCount == count, "the same page count on every page, got \(page.pageCount) of \(count)")
            let wanted = PixelRect(x: 0, y: 0, width: max(1, page.imageWidth / 2), height: max(1, page.imageHeight / 2))
            let region = try? ImageDecoder.decodeRegionSynchronously(path: path, page: DocumentPage(last), covering: wanted, detail: 2)
            return "page \(count) \(page.width)×\(page.height)\(region == nil ? "" : " and its region")"
        } catch {
            return "page \(count): \(describe(error))"
        }
    }

    /// The input read as a desktop thumbnail (BEHAVIOUR H2), as the helper's thumbnail
    /// request reads any PNG the cache holds: at most an xx-large thumbnail, and whether its
    /// text chunks describe a file.
    static func cachedThumbnail(_ path: RawPath) -> String {
        do throws(LoadError) {
            let read = try CachedThumbnail.read(ImageSource(path: path))
            defer { g_object_unref(UnsafeMutableRawPointer(read.pixbuf)) }
            let width = Int(gdk_pixbuf_get_width(read.pixbuf)), height = Int(gdk_pixbuf_get_height(read.pixbuf))
            let side = ThumbnailCache.Size.xxLarge.pixels
            check(width > 0 && height > 0 && width <= side && height <= side, "a thumbnail of at most \(side)², got \(width)×\(height)")
            let record = ThumbnailRecord(uri: read.chunks["Thumb::URI"] ?? "", modified: 1_700_000_000, bytes: 12_345)
            return "thumbnail \(width)×\(height), \(read.chunks.count) chunks, \(record.isDescribed(by: read.chunks) ? "current" : "stale")"
        } catch {
            return "thumbnail: \(describe(error))"
        }
    }

    /// What a PDF's first page is asked besides its pixels: its links, its text (for
    /// selecting), a search and the outline, checked against the limits their readers promise.
    static func documentRequests(_ path: RawPath) -> String {
        let source = ImageSource(path: path)
        let side = Double(ImageLimits.maxSide)
        func inPage(_ area: TextMatches.Area) -> Bool { [area.x, area.y, area.width, area.height].allSatisfy { (0...side).contains($0) } }
        var parts: [String] = []
        do throws(LoadError) {
            let links = try PDFRendering.links(source)
            check(links.count <= PageLink.maxCount, "at most \(PageLink.maxCount) links, got \(links.count)")
            let text = try PDFRendering.text(source, from: 0)
            check(text.glyphs.count <= min(text.total, PageText.glyphsPerReply), "a page's text answer in bounds")
            check(text.glyphs.allSatisfy { inPage($0.box) }, "characters on the page")
            let found = try PDFRendering.find("e", in: source, count: 2, isCancelled: { false })
            check(found.allSatisfy { $0.areas.count <= TextMatches.maxAreas && $0.areas.allSatisfy(inPage) }, "matches on the page")
            let outline = try PDFRendering.outline(source)
            check(outline.count <= OutlineEntry.maxCount, "at most \(OutlineEntry.maxCount) outline entries")
            parts.append(
                "\(links.count) links, \(text.glyphs.count) of \(text.total) characters, found on \(found.count) pages, outline of \(outline.count)"
            )
        } catch {
            parts.append("document requests: \(describe(error))")
        }
        return parts.joined(separator: "; ")
    }

    /// The part a zoomed view would decode on its own (JPEG crop and skip, an SVG drawn
    /// past 100 %), at full and at half detail, then rendered from beside the levels.
    static func regions(of path: RawPath, beside pyramid: ImagePyramid) -> String {
        let (width, height) = (pyramid.width, pyramid.height)
        let wanted = PixelRect(x: width / 3, y: height / 4, width: max(1, width / 2), height: max(1, height / 2))
        var parts: [String] = []
        for detail in [1, 0.5, 3] {
            guard let region = try? ImageDecoder.decodeRegionSynchronously(path: path, covering: wanted, detail: detail) else { continue }
            let bounds = PixelRect(
                x: 0, y: 0, width: Int((Double(width) * region.scale).rounded(.up)),
                height: Int((Double(height) * region.scale).rounded(.up)))
            check(!region.rect.isEmpty && bounds.contains(region.rect), "a region inside the image, got \(region.rect) of \(bounds)")
            check(
                Int(gdk_pixbuf_get_width(region.pixbuf)) == region.rect.width
                    && Int(gdk_pixbuf_get_height(region.pixbuf)) == region.rect.height,
                "a region's pixels the size of its rectangle")
            let content = PixelRect(
                x: Int(Double(region.rect.x) * detail / region.scale), y: Int(Double(region.rect.y) * detail / region.scale),
                width: min(renderSide, region.rect.width), height: min(renderSide, region.rect.height))
            let request = ViewRendering.Request(scale: detail, content: content, quarterTurns: 0)
            let rendered = ViewRendering.render(request, hue: 0.5, from: pyramid.with(region)) != nil
            parts.append("region \(region.rect) ×\(region.scale)\(rendered ? " rendered" : "")")
        }
        return parts.joined(separator: "; ")
    }

    /// An exact rendering of a small region, as the canvas asks for one: at a scale that
    /// reduces (bilinear from a pyramid level) or magnifies (nearest), turned by a
    /// quarter turn chosen from the image, hue shifted.
    static func render(_ pyramid: ImagePyramid, seed: Int) -> String {
        let reduce = Double(renderSide) / Double(max(pyramid.width, pyramid.height, 1))
        let scales = [min(1, reduce), 2.5]
        var parts: [String] = []
        for (index, scale) in scales.enumerated() {
            let turns = (seed &+ index) & 3
            let shownWidth = Int((Double(turns % 2 == 0 ? pyramid.width : pyramid.height) * scale).rounded(.up))
            let shownHeight = Int((Double(turns % 2 == 0 ? pyramid.height : pyramid.width) * scale).rounded(.up))
            // A region that starts inside the image and may run past its far edges.
            let content = PixelRect(
                x: shownWidth / 3, y: shownHeight / 4,
                width: min(renderSide, max(1, shownWidth)), height: min(renderSide, max(1, shownHeight)))
            let request = ViewRendering.Request(scale: scale, content: content, quarterTurns: turns)
            let hue = Double((seed &+ index) & 7) / 8
            if let rendering = ViewRendering.render(request, hue: hue, from: pyramid) {
                check(rendering.request == request, "the rendering is of what was asked")
                let again = rendering.withHue(1 - hue)
                check(again != nil, "a hue change of an existing rendering")
                parts.append("render \(content) ×\(scale) ↻\(turns)")
            } else {
                parts.append("render \(content) ×\(scale): nil")
            }
        }
        return parts.joined(separator: "; ")
    }

    static func describe(_ error: LoadError) -> String {
        switch error {
        case .damaged(let detail): "damaged (\(detail))"
        case .unreadable(let detail): "unreadable (\(detail))"
        case .tooLarge(let w, let h): "too large (\(w)×\(h))"
        default: error.title
        }
    }

    /// An invariant of Iro's own code; breaking it is a finding, so crash loudly.
    static func check(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition {
            FileHandle.standardError.write(Data("iro-fuzz: invariant broken: expected \(what())\n".utf8))
            abort()
        }
    }

    /// GLib logs a critical when a C precondition fails (g_return_if_fail): a misuse of
    /// an API, which is a bug even when nothing crashes. With IRO_FUZZ_STRICT=1 (or
    /// `--strict` when replaying) they abort, so the fuzzer reports them as crashes.
    /// Off by default: gdk-pixbuf's own loaders log some on damaged files.
    static func makeCriticalsFatal() {
        g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_ERROR.rawValue))
    }
}

#if FUZZING

    /// libFuzzer's entry when the program has its own `main` (libFuzzer's FuzzerMain.o then
    /// stays out of the link). SwiftPM links every executable target with
    /// `--defsym main=<module>_main` and names the Swift entry point accordingly, so a
    /// `@main` type must exist even here; it hands the command line to libFuzzer.
    /// Declared by symbol name: the C declaration lives in compiler-rt's FuzzerInterface,
    /// which no module map here exposes. Pointer and Int32 arguments are passed the same
    /// way by the Swift and C conventions on x86_64 and arm64.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @main
    struct FuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            fuzzerInitialize()
            exit(runFuzzerDriver(&argc, &argv, { data, size in fuzzerTestOneInput(data, size) }))
        }
    }

    func fuzzerInitialize() {
        // Loaders' warnings about damaged files are expected by the thousand; keep the log readable.
        g_log_set_writer_func(
            { level, fields, count, data in
                let serious = level.rawValue & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue) != 0
                return serious ? g_log_writer_default(level, fields, count, data) : G_LOG_WRITER_HANDLED
            }, nil, nil)
        if getenv("IRO_FUZZ_STRICT") != nil { FuzzHarness.makeCriticalsFatal() }
        _ = FuzzHarness.inputPath
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let data, size > 0 else {
            _ = FuzzHarness.run(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
            return 0
        }
        _ = FuzzHarness.run(bytes: UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

#else

    /// `iro-fuzz [--strict] FILE…`: replays files (a corpus, a crasher) through the harness.
    /// Prints one line per file; exits 0 if every file was handled without crashing.
    /// `--strict` turns GLib criticals into crashes, as under the fuzzer.
    @main
    struct FuzzReplay {
        static func main() {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--strict" {
                arguments.removeFirst()
                FuzzHarness.makeCriticalsFatal()
            } else if getenv("IRO_FUZZ_STRICT") != nil {
                FuzzHarness.makeCriticalsFatal()
            }
            if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
                print("usage: iro-fuzz [--strict] FILE|FOLDER…  (replays inputs through Iro's decoding front door)")
                exit(arguments.isEmpty ? 2 : 0)
            }
            var files: [String] = []
            for argument in arguments {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                    files += names.sorted().filter { !$0.hasPrefix(".") }.map { argument + "/" + $0 }
                } else {
                    files.append(argument)
                }
            }
            for path in files {
                // Copied to the harness's own file, exactly as libFuzzer's input would be.
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot read")
                    exit(1)
                }
                let started = monotonic()
                let outcome = data.withUnsafeBytes { FuzzHarness.run(bytes: $0) }
                print(String(format: "%@: %@ (%.0f ms)", path, outcome, (monotonic() - started) * 1000))
            }
            print("iro-fuzz: replayed \(files.count) inputs, no crash")
        }

        static func monotonic() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
    }

#endif
