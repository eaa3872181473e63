import CGtk
import CPNGWriter
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// BEHAVIOUR H2: thumbnails Iro makes are valid per the freedesktop standard, a current one
/// in the cache is used without decoding the image, a stale one is remade, and a file that
/// cannot be decoded gets one failure entry. In this process, and through the helper.
final class ThumbnailStoreTests: XCTestCase {
    let fixtures = Fixtures()
    var cache: ThumbnailCache { ThumbnailCache(cacheHome: RawPath(fixtures.url("cache").path)) }
    let red = RGBA(220, 30, 30), blue = RGBA(20, 40, 220)

    override func tearDown() {
        DecoderPool.deactivate()
        super.tearDown()
    }

    private func thumbnail(_ url: URL) async throws -> ThumbnailStore.Outcome {
        let outcome = await ThumbnailStore.thumbnail(of: RawPath(url.path), size: .large, in: cache)
        return try XCTUnwrap(outcome)
    }

    private func image(of outcome: ThumbnailStore.Outcome, file: StaticString = #filePath, line: UInt = #line) throws -> DecodedImage {
        guard case .thumbnail(let image) = outcome else {
            XCTFail("no thumbnail: \(outcome)", file: file, line: line)
            throw XCTSkip("no thumbnail")
        }
        return image
    }

    private func centre(_ image: DecodedImage) -> RGBA {
        let pixels = gdk_pixbuf_read_pixels(image.pixbuf)!, stride = Int(gdk_pixbuf_get_rowstride(image.pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(image.pixbuf))
        let p = pixels + (image.height / 2) * stride + (image.width / 2) * channels
        return RGBA(p[0], p[1], p[2])
    }

    /// A thumbnail at the cache's path for `url`, blue, recording `chunks` (the right ones by default).
    private func premade(
        for url: URL, size: ThumbnailCache.Size = .large, width: Int = 256, height: Int = 171, chunks: [(key: String, value: String)]? = nil
    ) throws -> URL {
        let (record, hash) = try XCTUnwrap(ThumbnailStore.record(of: RawPath(url.path)))
        let target = URL(fileURLWithPath: String(decoding: cache.path(hash: hash, size: size).bytes, as: UTF8.self))
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let made = fixtures.image(
            "premade.png", width: width, height: height, options: (chunks ?? record.chunks).map { ("tEXt::" + $0.key, $0.value) }
        ) { _, _ in blue }
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: made, to: target)
        return target
    }

    func testAMadeThumbnailIsValidPerTheStandard() async throws {
        let photo = fixtures.image("photo.jpg", width: 1200, height: 800, type: "jpeg") { _, _ in red }
        let made = try image(of: try await thumbnail(photo))
        XCTAssertEqual([made.width, made.height], [256, 171])
        XCTAssertTrue(centre(made).isClose(to: red, tolerance: 12), "\(centre(made))")
        let (record, hash) = try XCTUnwrap(ThumbnailStore.record(of: RawPath(photo.path)))
        XCTAssertEqual(record.uri, photo.absoluteURL.absoluteString)
        let written = cache.path(hash: hash, size: .large)
        let read = try CachedThumbnail.read(ImageSource(path: written))
        defer { g_object_unref(raw(read.pixbuf)) }
        XCTAssertEqual(read.chunks["Thumb::URI"], record.uri)
        let attributes = try FileManager.default.attributesOfItem(atPath: photo.path)
        let modified = try XCTUnwrap(attributes[.modificationDate] as? Date)
        XCTAssertEqual(read.chunks["Thumb::MTime"], String(Int64(modified.timeIntervalSince1970)))
        XCTAssertEqual(read.chunks["Thumb::Size"], String(try XCTUnwrap(attributes[.size] as? Int)))
        XCTAssertEqual(read.chunks["Thumb::Image::Width"], "1200")
        XCTAssertEqual([gdk_pixbuf_get_width(read.pixbuf), gdk_pixbuf_get_height(read.pixbuf)], [256, 171])
        let path = String(decoding: written.bytes, as: UTF8.self)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
        let folder = (path as NSString).deletingLastPathComponent
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int, 0o700)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [hash + ".png"], "no temporary file left")
    }

    /// The thumbnail's own PNG writer (libpng, one filter, Huffman coding alone) loses
    /// nothing: every byte of an RGB and of a translucent RGBA image reads back as it was, and
    /// a text that is not ASCII is kept too (as UTF-8).
    func testAWrittenThumbnailHoldsEveryPixelAndItsText() throws {
        for channels in [3, 4] {
            let width = 37, height = 23
            let image = DecodedImage(
                adopting: try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, Int32(width), Int32(height))),
                formatName: "png", imageWidth: 900, imageHeight: 600)
            let pixbuf = image.pixbuf
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = try XCTUnwrap(gdk_pixbuf_get_pixels(pixbuf))
            for y in 0..<height {
                for x in 0..<width * channels { pixels[y * stride + x] = UInt8(truncatingIfNeeded: x * 7 + y * 13 + (x * y) % 5) }
            }
            let url = fixtures.url("written-\(channels).png")
            ThumbnailStore.write(image, of: ThumbnailRecord(uri: "file:///t%C3%A9/photo.png", modified: 7, bytes: 9), to: RawPath(url.path))
            let read = try XCTUnwrap(gdk_pixbuf_new_from_file(url.path, nil), "a PNG gdk-pixbuf reads")
            defer { g_object_unref(raw(read)) }
            XCTAssertEqual(gdk_pixbuf_get_n_channels(read), Int32(channels))
            XCTAssertEqual([gdk_pixbuf_get_width(read), gdk_pixbuf_get_height(read)], [Int32(width), Int32(height)])
            let back = try XCTUnwrap(gdk_pixbuf_read_pixels(read)), backStride = Int(gdk_pixbuf_get_rowstride(read))
            let differing = (0..<height).reduce(0) { count, y in
                count + (0..<width * channels).filter { back[y * backStride + $0] != pixels[y * stride + $0] }.count
            }
            XCTAssertEqual(differing, 0, "\(channels) channels: every byte as written")
            XCTAssertEqual(String(cString: try XCTUnwrap(gdk_pixbuf_get_option(read, "tEXt::Thumb::URI"))), "file:///t%C3%A9/photo.png")
            XCTAssertEqual(String(cString: try XCTUnwrap(gdk_pixbuf_get_option(read, "tEXt::Thumb::Image::Width"))), "900")
        }
        var encoded: UnsafeMutablePointer<UInt8>?
        var length = 0
        let pixel: [UInt8] = [1, 2, 3]
        let key = strdup("Title"), value = strdup("写真 café")
        defer {
            free(key)
            free(value)
        }
        XCTAssertEqual(iro_png_encode(pixel, 1, 1, 3, 3, [UnsafePointer(key)], [UnsafePointer(value)], 1, &encoded, &length), 1)
        let url = fixtures.url("text.png")
        try Data(bytes: try XCTUnwrap(encoded), count: length).write(to: url)
        g_free(encoded)
        let read = try XCTUnwrap(gdk_pixbuf_new_from_file(url.path, nil))
        defer { g_object_unref(raw(read)) }
        XCTAssertEqual(String(cString: try XCTUnwrap(gdk_pixbuf_get_option(read, "tEXt::Title"))), "写真 café", "kept as UTF-8 (iTXt)")
        XCTAssertEqual(iro_png_encode(pixel, 1, 1, 2, 3, nil, nil, 0, &encoded, &length), 0, "a row longer than its stride is refused")
    }

    func testACurrentThumbnailIsUsedWithoutDecodingTheImage() async throws {
        // The file cannot be decoded at all: only the cache can give a picture of it.
        let photo = fixtures.bytes("photo.jpg", Array(repeating: 0x5A, count: 4000))
        _ = try premade(for: photo)
        let used = try image(of: try await thumbnail(photo))
        XCTAssertTrue(centre(used).isClose(to: blue), "\(centre(used))")
    }

    func testALargerSizeServesAndIsScaledDown() async throws {
        let photo = fixtures.bytes("photo.jpg", Array(repeating: 0x5A, count: 4000))
        _ = try premade(for: photo, size: .xLarge, width: 512, height: 342)
        let used = try image(of: try await thumbnail(photo))
        XCTAssertEqual([used.width, used.height], [256, 171])
        XCTAssertTrue(centre(used).isClose(to: blue))
    }

    func testAStaleThumbnailIsRemade() async throws {
        let photo = fixtures.image("photo.png", width: 600, height: 400) { _, _ in red }
        let (record, _) = try XCTUnwrap(ThumbnailStore.record(of: RawPath(photo.path)))
        let stale = ThumbnailRecord(uri: record.uri, modified: record.modified - 60, bytes: record.bytes)
        let target = try premade(for: photo, chunks: stale.chunks)
        let remade = try image(of: try await thumbnail(photo))
        XCTAssertTrue(centre(remade).isClose(to: red), "\(centre(remade))")
        let read = try CachedThumbnail.read(ImageSource(path: RawPath(target.path)))
        defer { g_object_unref(raw(read.pixbuf)) }
        XCTAssertTrue(record.isDescribed(by: read.chunks), "written over the stale one: \(read.chunks)")
    }

    func testAnOversizedCachedFileIsNotTakenForAThumbnail() async throws {
        let photo = fixtures.image("photo.png", width: 300, height: 200) { _, _ in red }
        _ = try premade(for: photo, width: 2000, height: 8)
        let made = try image(of: try await thumbnail(photo))
        XCTAssertTrue(centre(made).isClose(to: red))
        XCTAssertEqual([made.width, made.height], [256, 171])
    }

    func testAFileThatCannotBeDecodedGetsOneFailureEntry() async throws {
        let broken = fixtures.bytes("broken.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100))
        guard case .failed(let first) = try await thumbnail(broken) else { return XCTFail("a thumbnail of a broken file") }
        let (record, hash) = try XCTUnwrap(ThumbnailStore.record(of: RawPath(broken.path)))
        let entry = cache.failurePath(hash: hash)
        let read = try CachedThumbnail.read(ImageSource(path: entry))
        defer { g_object_unref(raw(read.pixbuf)) }
        XCTAssertTrue(record.isDescribed(by: read.chunks), "\(read.chunks)")
        guard case .failed(let second) = try await thumbnail(broken) else { return XCTFail("a thumbnail of a broken file") }
        XCTAssertNotEqual(first, second, "the second time, the entry answers: \(second)")
        // Changed (fixed), the file is tried again.
        _ = fixtures.image("broken.png", width: 40, height: 20) { _, _ in red }
        let fixed = try await thumbnail(broken)
        XCTAssertTrue(centre(try image(of: fixed)).isClose(to: red))
    }

    func testTheCachesOwnFilesGetNoThumbnails() async throws {
        let inside = cache.root.appending("large").appending("0123.png")
        let url = URL(fileURLWithPath: String(decoding: inside.bytes, as: UTF8.self))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let made = fixtures.image("thumb.png", width: 256, height: 171) { _, _ in red }
        try FileManager.default.moveItem(at: made, to: url)
        let shown = try image(of: try await thumbnail(url))
        XCTAssertTrue(centre(shown).isClose(to: red))
        let files = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        XCTAssertEqual(files, ["0123.png"], "browsing the cache does not grow it")
    }

    func testThroughTheHelper() async throws {
        try DecoderSandboxTests.activateHelper()
        let undecodable = fixtures.bytes("photo.jpg", Array(repeating: 0x5A, count: 4000))
        _ = try premade(for: undecodable)
        let cached = try await thumbnail(undecodable)
        XCTAssertTrue(centre(try image(of: cached)).isClose(to: blue))
        let photo = fixtures.image("other.jpg", width: 900, height: 600, type: "jpeg") { _, _ in red }
        let made = try image(of: try await thumbnail(photo))
        XCTAssertEqual([made.width, made.height], [256, 171])
        // Read back through the helper: current, then stale once the file changes.
        let (record, hash) = try XCTUnwrap(ThumbnailStore.record(of: RawPath(photo.path)))
        XCTAssertNotNil(try ImageDecoder.cachedThumbnail(at: cache.path(hash: hash, size: .large), of: record))
        let later = ThumbnailRecord(uri: record.uri, modified: record.modified + 1, bytes: record.bytes)
        XCTAssertNil(try ImageDecoder.cachedThumbnail(at: cache.path(hash: hash, size: .large), of: later))
    }
}
