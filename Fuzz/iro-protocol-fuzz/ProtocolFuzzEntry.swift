// Iro's side of the decoder protocol under a fuzzer (see Fuzz/README.md): what a
// compromised `iro-decoder` could send back. Each input is a conversation, the messages
// a helper sends for one request, each with or without a memfd of pixels:
//
//   byte 0        bit 0: the request was for a region; bit 1: the request id is 2, not 1
//   then, repeated until the input ends:
//     u16 (little-endian) n, n bytes of message,
//     u8 k: 0 no descriptor; 1 a sealed memfd; 2 an unsealed one; then for 1 and 2
//     u32 (little-endian) its size in bytes (at most 16 MiB, 64 MiB in all), filled from
//     the input.
//
// It goes through `DecoderReplies.take`, the functions Iro itself reads and adopts a
// helper's answer with. Whatever comes out must be what it says: an image within the
// limits whose every pixel can be read (a memfd smaller than its rows would fault), from
// a sealed memfd only; the image then goes through the pyramid and a rendering, as in a
// tab. Built with `-sanitize=fuzzer -DFUZZING` this is a libFuzzer target; otherwise a
// replay tool, `iro-protocol-fuzz FILE…`, and `iro-protocol-fuzz --write-seeds FOLDER`
// writes the seed conversations (Fuzz/protocol-corpus) from the real message encoder.
import CGtk
import CSandbox
import Foundation
import IroCore
@_spi(Fuzzing) import IroImaging

enum ProtocolHarness {
    static let maxMemfd = 16 << 20
    static let maxMemfdsTotal = 64 << 20

    /// Runs one conversation; its outcome as a line.
    static func run(_ input: [UInt8]) -> String {
        guard let flags = input.first else { return "empty" }
        var reader = input[1...]
        var messages: [(bytes: [UInt8], descriptor: Int32)] = []
        var anySealed = false
        var memfdBytes = 0
        while reader.count >= 2 {
            let length = Int(reader.removeFirst()) | Int(reader.removeFirst()) << 8
            let bytes = Array(reader.prefix(length))
            reader = reader.dropFirst(length)
            var descriptor: Int32 = -1
            if let kind = reader.popFirst(), kind == 1 || kind == 2, reader.count >= 4 {
                var size = 0
                for shift in stride(from: 0, to: 32, by: 8) { size |= Int(reader.removeFirst()) << shift }
                size = min(size, maxMemfd, maxMemfdsTotal - memfdBytes)
                memfdBytes += size
                descriptor = memfd(size: size, pattern: Array(input.suffix(64)), sealed: kind == 1)
                anySealed = anySealed || (kind == 1 && descriptor >= 0)
            }
            messages.append((bytes, descriptor))
        }
        // Flag 4: the answers to a document's requests (links, a search, the outline, a page's text), read
        // as Iro reads them.
        if flags & 4 != 0 { return documentAnswers(messages.map(\.bytes)) }
        let region = flags & 1 != 0
        do throws(LoadError) {
            switch try DecoderReplies.take(messages, id: flags & 2 != 0 ? 2 : 1, region: region) {
            case .image(let image):
                check(anySealed, "pixels taken from an unsealed memfd")
                check(!region, "an image taken as the answer to a region request")
                let pixbuf = image.pixbuf
                check(
                    Int(gdk_pixbuf_get_width(pixbuf)) == image.width && Int(gdk_pixbuf_get_height(pixbuf)) == image.height
                        && ImageLimits.allows(width: image.width, height: image.height),
                    "an image that is what it says, got \(image.width)×\(image.height)")
                let sum = readEveryByte(pixbuf)
                var line = "image \(image.width)×\(image.height) of \(image.imageWidth)×\(image.imageHeight) sum \(sum)"
                if image.width * image.height <= 1 << 20 {
                    let pyramid = ImagePyramid(image: image)
                    let content = PixelRect(x: 0, y: 0, width: min(64, image.width), height: min(64, image.height))
                    let rendered = ViewRendering.render(.init(scale: 1, content: content, quarterTurns: 1), hue: 0.3, from: pyramid)
                    line += "; pyramid \(pyramid.levels.count)\(rendered != nil ? "; rendered" : "")"
                }
                return line
            case .region(let part):
                check(anySealed, "a region taken from an unsealed memfd")
                check(region, "a region taken as the answer to an image request")
                check(
                    Int(gdk_pixbuf_get_width(part.pixbuf)) == part.rect.width
                        && Int(gdk_pixbuf_get_height(part.pixbuf)) == part.rect.height,
                    "a region's pixels the size of its rectangle")
                return "region \(part.rect) ×\(part.scale) sum \(readEveryByte(part.pixbuf))"
            case .none:
                return "nothing"
            }
        } catch {
            return "refused: \(error.reason)"
        }
    }

    /// Each message read as a reply, and what a document's answer holds checked against the
    /// limits its reader promises.
    static func documentAnswers(_ messages: [[UInt8]]) -> String {
        var parts: [String] = []
        for bytes in messages {
            let reply: DecoderReply
            do throws(WireReader.Malformed) { reply = try DecoderReply(bytes: bytes) } catch {
                parts.append("refused: \(error.what)")
                continue
            }
            let side = Double(ImageLimits.maxSide)
            switch reply {
            case .links(_, let links):
                check(links.count <= PageLink.maxCount, "at most \(PageLink.maxCount) links")
                check(links.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy { (0...side).contains($0) } }, "links on the page")
                parts.append("\(links.count) links")
            case .found(_, let pages):
                check(pages.count <= TextMatches.pagesPerRequest, "at most \(TextMatches.pagesPerRequest) pages a search answer")
                check(pages.allSatisfy { $0.areas.count <= TextMatches.maxAreas }, "at most \(TextMatches.maxAreas) matches a page")
                parts.append("found on \(pages.count) pages")
            case .outline(_, let entries):
                check(
                    entries.count <= OutlineEntry.maxCount && entries.allSatisfy { $0.depth <= OutlineEntry.maxDepth },
                    "an outline in bounds")
                parts.append("outline of \(entries.count)")
            case .text(_, let total, let glyphs):
                check(
                    total <= PageText.maxGlyphs && glyphs.count <= min(total, PageText.glyphsPerReply)
                        && glyphs.allSatisfy { [$0.box.x, $0.box.y, $0.box.width, $0.box.height].allSatisfy { (0...side).contains($0) } },
                    "a page's text in bounds")
                // What selecting and copying do with it.
                let text = PageText(glyphs: glyphs)
                let selected = text.text(from: 0, to: glyphs.count - 1)
                let areas = text.areas(from: 0, to: glyphs.count - 1)
                _ = text.nearestGlyph(to: Point(x: 10, y: 10))
                parts.append("text of \(glyphs.count) (\(selected.unicodeScalars.count) characters, \(areas.count) lines)")
            default:
                parts.append("another reply")
            }
        }
        return parts.joined(separator: "; ")
    }

    /// A memfd of `size` bytes filled with `pattern`, sealed or not; -1 when none can be made.
    static func memfd(size: Int, pattern: [UInt8], sealed: Bool) -> Int32 {
        let descriptor = iro_memfd_create("iro-protocol-fuzz", size)
        guard descriptor >= 0 else { return -1 }
        if size > 0, !pattern.isEmpty,
            let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED
        {
            let bytes = mapped.assumingMemoryBound(to: UInt8.self)
            for index in stride(from: 0, to: size, by: 4096) { bytes[index] = pattern[(index / 4096) % pattern.count] }
            munmap(mapped, size)
        }
        if sealed, iro_memfd_seal(descriptor) != 0 {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// Reads every byte the pixbuf says it holds (a shorter mapping faults here).
    static func readEveryByte(_ pixbuf: OpaquePointer) -> UInt64 {
        let count = Int(gdk_pixbuf_get_byte_length(pixbuf))
        guard let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return 0 }
        var sum: UInt64 = 0
        for index in 0..<count { sum &+= UInt64(pixels[index]) }
        return sum
    }

    /// A line on stderr.
    static func say(_ line: String) { _ = (line + "\n").withCString { write(2, $0, strlen($0)) } }

    /// A broken promise of Iro's own code: abort, so the fuzzer keeps the input.
    static func check(_ condition: Bool, _ what: @autoclosure () -> String) {
        guard !condition else { return }
        say("iro-protocol-fuzz: invariant broken: \(what())")
        abort()
    }

    /// The seed conversations, from the real encoder: the answers a helper gives, with the
    /// memfds they need.
    static func seeds() -> [String: [UInt8]] {
        func conversation(_ flags: UInt8, _ parts: [(DecoderReply, memfd: (size: Int, sealed: Bool)?)]) -> [UInt8] {
            var out: [UInt8] = [flags]
            for (reply, memfd) in parts {
                let bytes = reply.bytes
                out += [UInt8(bytes.count & 0xFF), UInt8(bytes.count >> 8)] + bytes
                if let memfd {
                    out.append(memfd.sealed ? 1 : 2)
                    out += (0..<4).map { UInt8((memfd.size >> ($0 * 8)) & 0xFF) }
                } else {
                    out.append(0)
                }
            }
            return out
        }
        let rgb = DecodedPixels(width: 3, height: 2, stride: 12, hasAlpha: false, imageWidth: 6, imageHeight: 4, formatName: "jpeg")
        let rgba = DecodedPixels(
            width: 40, height: 24, stride: 160, hasAlpha: true, imageWidth: 40, imageHeight: 24, formatName: "png", damage: "cut short")
        var photo = PhotoMetadata()
        (photo.make, photo.model, photo.description) = ("Canon", "Canon EOS 5D", "Kyoto, 京都")
        (photo.exposure, photo.fNumber, photo.iso, photo.position) = ((1, 250), 1.8, 400, (35.0, 135.7))
        var pageOf27 = rgb
        pageOf27.pageCount = 27
        var part = DecodedPixels(width: 8, height: 4, stride: 24, hasAlpha: false, imageWidth: 8, imageHeight: 4, formatName: "")
        part.region = (PixelRect(x: 16, y: 8, width: 8, height: 4), 0.5, 1)
        return [
            "image-rgb": conversation(0, [(.image(id: 1, rgb), (rgb.byteCount, true))]),
            "image-after-progress": conversation(
                0, [(.progress(id: 1, fraction: 0.5), nil), (.image(id: 1, rgba), (rgba.byteCount, true))]),
            "image-unsealed": conversation(0, [(.image(id: 1, rgb), (rgb.byteCount, false))]),
            "image-short-memfd": conversation(0, [(.image(id: 1, rgba), (rgba.byteCount - 1, true))]),
            "image-other-id": conversation(2, [(.image(id: 1, rgb), (rgb.byteCount, true))]),
            "region": conversation(1, [(.image(id: 1, part), (part.byteCount, true))]),
            "region-for-image": conversation(0, [(.image(id: 1, part), (part.byteCount, true))]),
            "failure": conversation(0, [(.failure(id: 1, .damaged(detail: "bad huffman table")), nil)]),
            "too-large": conversation(0, [(.failure(id: 1, .needsTooMuchMemory(limitMegabytes: 4096)), nil)]),
            "metadata-for-image": conversation(0, [(.metadata(id: 1, photo), nil)]),
            "nothing": conversation(0, [(.nothing(id: 1), nil)]),
            "animation-frame": conversation(0, [(.frame(id: 1, rgba, frameCount: 3, delay: 100), (rgba.byteCount, true))]),
            "animation-frame-reduced": conversation(0, [(.frame(id: 1, rgb, frameCount: nil, delay: nil), (rgb.byteCount, true))]),
            "page-of-27": conversation(0, [(.image(id: 1, pageOf27), (pageOf27.byteCount, true))]),
            "document-answers": conversation(
                4,
                [
                    (
                        .links(
                            id: 1,
                            [
                                PageLink(x: 10, y: 20, width: 30, height: 12, target: .page(2)),
                                PageLink(x: 1, y: 2, width: 3, height: 4, target: .uri("https://example.org")),
                            ]), nil
                    ),
                    (
                        .found(
                            id: 2,
                            [
                                TextMatches(page: 0, areas: [.init(x: 1, y: 2, width: 3, height: 4)], hasText: true),
                                TextMatches(page: 1, areas: [], hasText: false),
                            ]), nil
                    ),
                    (
                        .outline(
                            id: 3, [OutlineEntry(title: "Introduction", depth: 0, page: 0), OutlineEntry(title: "色", depth: 1, page: nil)]),
                        nil
                    ),
                    (
                        .text(
                            id: 4, total: 3,
                            [
                                PageText.Glyph("色", .init(x: 10, y: 20, width: 12, height: 14)),
                                PageText.Glyph(" ", .init(x: 22, y: 20, width: 4, height: 14)),
                                PageText.Glyph("\n", .init(x: 26, y: 20, width: 0, height: 14)),
                            ]), nil
                    ),
                ]),
        ]
    }
}

#if FUZZING

    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// libFuzzer's driver, with this program's `main` (as in iro-fuzz).
    @main
    struct ProtocolFuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(
                runFuzzerDriver(
                    &argc, &argv,
                    { data, size in
                        _ = ProtocolHarness.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                        return 0
                    }))
        }
    }

#else

    /// `iro-protocol-fuzz FILE…` replays conversations, one line each;
    /// `iro-protocol-fuzz --write-seeds FOLDER` writes the seeds.
    @main
    struct ProtocolReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--write-seeds", arguments.count == 2 {
                for (name, bytes) in ProtocolHarness.seeds() {
                    let url = URL(fileURLWithPath: arguments[1]).appendingPathComponent(name)
                    do { try Data(bytes).write(to: url) } catch {
                        ProtocolHarness.say("cannot write \(url.path): \(error)")
                        exit(1)
                    }
                }
                return
            }
            guard !arguments.isEmpty else {
                ProtocolHarness.say("usage: iro-protocol-fuzz FILE…  |  iro-protocol-fuzz --write-seeds FOLDER")
                exit(2)
            }
            for name in arguments {
                guard let data = FileManager.default.contents(atPath: name) else {
                    ProtocolHarness.say("cannot read \(name)")
                    exit(1)
                }
                print("\((name as NSString).lastPathComponent): \(ProtocolHarness.run([UInt8](data)))")
            }
        }
    }

#endif
