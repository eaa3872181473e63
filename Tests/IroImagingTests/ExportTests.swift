import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// BEHAVIOUR D6 without a display: what "Export Adjusted Copy…" writes, how it replaces a
/// file, and what it refuses.
final class ExportTests: XCTestCase {
    let fixtures = Fixtures()

    // MARK: Content

    func testPNGHoldsExactlyTheDisplayedHueOfEveryPixel() throws {
        for alpha in [false, true] {
            let source = Self.pixbuf(width: 37, height: 23, alpha: alpha) { x, y in
                RGBA(UInt8(x * 7 % 256), UInt8(y * 11 % 256), UInt8((x * y) % 256), UInt8(255 - (x + y) % 128))
            }
            defer { g_object_unref(raw(source)) }
            let destination = fixtures.url("copy-\(alpha).png")
            let snapshot = try XCTUnwrap(PixbufSnapshot(copying: source))
            try HueExport.writeSynchronously(snapshot, hue: 0.8, to: RawPath(destination.path), original: nil)

            // Expected: the source through the same tables the display's CPU path uses.
            let expected = Self.bytes(of: source)
            let layout: PixelLayout = alpha ? .rgba : .rgb
            var adjusted = expected
            adjusted.withUnsafeMutableBufferPointer {
                HueMatrix(sliderValue: 0.8).apply(to: $0.baseAddress!, count: 37 * 23, layout: layout)
            }
            let written = try Self.load(destination)
            defer { g_object_unref(raw(written)) }
            XCTAssertEqual(gdk_pixbuf_get_has_alpha(written) != 0, alpha)
            XCTAssertEqual(Self.bytes(of: written), adjusted, "alpha \(alpha)")
            XCTAssertNotEqual(adjusted, expected, "the hue did change the pixels")
        }
    }

    /// +120°: pure red becomes (0, 113, 0) with the luminance-preserving matrix (see
    /// HuePixelTests), green becomes blue-ish, grey stays grey.
    func testAThirdOfATurnInTheFile() throws {
        let source = Self.pixbuf(width: 3, height: 1, alpha: false) { x, _ in
            [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(128, 128, 128)][x]
        }
        defer { g_object_unref(raw(source)) }
        let destination = fixtures.url("third.png")
        try HueExport.writeSynchronously(
            try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.5 + 1.0 / 3,
            to: RawPath(destination.path), original: nil)
        let written = try Self.load(destination)
        defer { g_object_unref(raw(written)) }
        let pixels = Self.bytes(of: written)
        XCTAssertEqual(Array(pixels[0..<3]), [0, 113, 0])
        XCTAssertEqual(Array(pixels[6..<9]), [128, 128, 128])
        XCTAssertLessThan(pixels[4], pixels[5], "green turns towards blue")
    }

    func testJPEGHoldsTheHueWithinCompressionTolerance() throws {
        let source = Self.pixbuf(width: 64, height: 48, alpha: false) { x, y in
            Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
        }
        defer { g_object_unref(raw(source)) }
        for name in ["copy.jpg", "COPY.JPEG"] {
            let destination = fixtures.url(name)
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.25,
                to: RawPath(destination.path), original: nil)
            XCTAssertEqual(Array(fixtures.data(of: destination).prefix(2)), [0xFF, 0xD8], "\(name) is a JPEG")
            let written = try Self.load(destination)
            defer { g_object_unref(raw(written)) }
            let matrix = HueMatrix(sliderValue: 0.25)
            for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
                let c = Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
                let e = matrix.apply(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255)
                let expected = RGBA(UInt8((e.r * 255).rounded()), UInt8((e.g * 255).rounded()), UInt8((e.b * 255).rounded()))
                let got = Self.pixel(written, x, y)
                XCTAssertTrue(got.isClose(to: expected, tolerance: 10), "\(name) (\(x),\(y)): \(got) vs \(expected)")
            }
        }
    }

    /// The pixels are sRGB (every decode converts to it), and the file says so.
    func testTheCopyIsTaggedAsSRGB() throws {
        let source = Self.pixbuf(width: 8, height: 8, alpha: false) { _, _ in RGBA(60, 120, 200) }
        defer { g_object_unref(raw(source)) }
        let png = fixtures.url("tagged.png"), jpeg = fixtures.url("tagged.jpg")
        for destination in [png, jpeg] {
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.5, to: RawPath(destination.path), original: nil)
        }
        // PNG: an sRGB chunk (length 1, perceptual) before the pixels.
        let pngBytes = fixtures.data(of: png)
        let chunk: [UInt8] = [0, 0, 0, 1] + Array("sRGB".utf8) + [0]
        let at = try XCTUnwrap(pngBytes.firstRange(of: chunk), "an sRGB chunk")
        XCTAssertLessThan(at.lowerBound, try XCTUnwrap(pngBytes.firstRange(of: Array("IDAT".utf8))).lowerBound)
        let reread = try Self.load(png)
        defer { g_object_unref(raw(reread)) }
        XCTAssertEqual(Self.pixel(reread, 4, 4), RGBA(60, 120, 200), "libpng reads the tagged file")
        // JPEG: an embedded ICC profile that is sRGB, which opening the copy leaves as it is.
        let loaded = try Self.load(jpeg)
        defer { g_object_unref(raw(loaded)) }
        let profile = try XCTUnwrap(ColourProfile.attached(to: loaded), "an embedded profile")
        XCTAssertEqual(profile, ColourProfile.sRGBProfile)
        XCTAssertNil(ColourProfile.transform(from: profile, alpha: false), "known as sRGB: nothing to convert")
    }

    func testTheSnapshotIsAPrivateCopyTakenWhenTheCommandStarts() throws {
        let source = Self.pixbuf(width: 8, height: 8, alpha: false) { _, _ in RGBA(255, 0, 0) }
        defer { g_object_unref(raw(source)) }
        let snapshot = try XCTUnwrap(PixbufSnapshot(copying: source))
        gdk_pixbuf_fill(source, 0x0000_FFFF) // the document changes afterwards
        let destination = fixtures.url("snap.png")
        try HueExport.writeSynchronously(snapshot, hue: 0.5, to: RawPath(destination.path), original: nil)
        let written = try Self.load(destination)
        defer { g_object_unref(raw(written)) }
        XCTAssertEqual(Self.pixel(written, 4, 4), RGBA(255, 0, 0), "written from the snapshot, not the later pixels")

        XCTAssertThrowsError(
            try HueExport.writeSynchronously(snapshot, hue: 0.7, to: RawPath(fixtures.url("again.png").path), original: nil)
        ) {
            XCTAssertEqual($0 as? ExportError, .snapshotUsed, "adjusted in place: one export per snapshot")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixtures.url("again.png").path))
    }

    func testWritingRunsInTheBackgroundAndComesBack() async throws {
        let source = Self.pixbuf(width: 8, height: 8, alpha: true) { _, _ in RGBA(10, 200, 30, 200) }
        let snapshot = try XCTUnwrap(PixbufSnapshot(copying: source))
        g_object_unref(raw(source))
        let destination = fixtures.url("async.png")
        try await HueExport.write(snapshot, hue: 0.3, to: RawPath(destination.path), original: nil)
        XCTAssertTrue(FileManager.default.fileExists(atPath: destination.path))
    }

    // MARK: Replacing atomically

    func testAnExistingFileIsReplacedWholeByRenameAndNoTemporaryFileIsLeft() throws {
        let destination = fixtures.bytes("existing.png", [UInt8](repeating: 0x5A, count: 300_000))
        let oldInode = try Self.inode(destination)
        let source = Self.pixbuf(width: 16, height: 16, alpha: false) { _, _ in RGBA(0, 0, 255) }
        defer { g_object_unref(raw(source)) }
        try HueExport.writeSynchronously(
            try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.5, to: RawPath(destination.path), original: nil)

        let data = fixtures.data(of: destination)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertLessThan(data.count, 300_000, "nothing of the old file is left at the end")
        XCTAssertFalse(data.contains(0x5A) && data.filter { $0 == 0x5A }.count > 1000)
        XCTAssertNotEqual(try Self.inode(destination), oldInode, "a new file renamed into place, not the old one rewritten")
        XCTAssertEqual(try Self.leftovers(in: fixtures.folder), [])
    }

    /// A replaced file keeps its permissions; a new one gets what the umask allows, as any new file.
    func testPermissionsAreKeptOrFollowTheUmask() throws {
        func mode(_ url: URL) throws -> mode_t {
            var info = stat()
            XCTAssertEqual(stat(url.path, &info), 0)
            return info.st_mode & 0o7777
        }
        let existing = fixtures.bytes("private.png", [1, 2, 3])
        XCTAssertEqual(chmod(existing.path, 0o640), 0)
        let fresh = fixtures.url("fresh.png")
        for destination in [existing, fresh] {
            let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
            defer { g_object_unref(raw(source)) }
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.5, to: RawPath(destination.path), original: nil)
        }
        XCTAssertEqual(try mode(existing), 0o640)
        let mask = umask(0)
        umask(mask)
        XCTAssertEqual(try mode(fresh), 0o666 & ~mask)
    }

    func testAFailedWriteLeavesNoPartialFileAndTheOldFileIntact() throws {
        let old = [UInt8](repeating: 0x42, count: 1000)
        let destination = fixtures.bytes("keep.png", old)
        // Noise compresses badly: ~200 KB of PNG, far past the 16 KiB file size limit below.
        var generator = SystemRandomNumberGenerator()
        let source = Self.pixbuf(width: 256, height: 256, alpha: true) { _, _ in
            RGBA(
                UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                UInt8.random(in: 0...255, using: &generator), 255)
        }
        defer { g_object_unref(raw(source)) }
        let snapshot = try XCTUnwrap(PixbufSnapshot(copying: source))

        // A real failure in the middle of writing: the kernel refuses to grow any file past
        // 16 KiB (EFBIG, with SIGXFSZ ignored), as a full disk would.
        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = 16 * 1024
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        let result = Result { try HueExport.writeSynchronously(snapshot, hue: 0.7, to: RawPath(destination.path), original: nil) }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, oldHandler)

        guard case .failure(let error) = result else { return XCTFail("the write should have failed") }
        guard case .writeFailed = error as? ExportError else { return XCTFail("\(error)") }
        XCTAssertEqual(fixtures.data(of: destination), old, "the file that was there is untouched")
        XCTAssertEqual(try Self.leftovers(in: fixtures.folder), [], "no partial file")
    }

    // MARK: Refusals and errors

    func testTheOpenedOriginalIsRefusedHoweverItIsNamed() throws {
        let original = fixtures.quadrants("original.png", width: 20, height: 20)
        let before = fixtures.data(of: original)
        let sub = fixtures.url("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let link = fixtures.url("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: original)
        let hardLink = fixtures.url("hard.png")
        XCTAssertEqual(Glibc.link(original.path, hardLink.path), 0)
        let names = [original, URL(fileURLWithPath: sub.path + "/../original.png"), link, hardLink]
        for destination in names {
            let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
            defer { g_object_unref(raw(source)) }
            XCTAssertThrowsError(
                try HueExport.writeSynchronously(
                    try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                    to: RawPath(destination.path), original: RawPath(original.path)), destination.path
            ) {
                XCTAssertEqual($0 as? ExportError, .sameAsOriginal)
            }
        }
        XCTAssertEqual(fixtures.data(of: original), before)
        XCTAssertEqual(try Self.leftovers(in: fixtures.folder), [])
        // Even once deleted, its name stays the original's.
        try FileManager.default.removeItem(at: original)
        XCTAssertTrue(HueExport.isSameFile(RawPath(fixtures.url("original.png").path), RawPath(original.path)))
    }

    func testOnlyPNGAndJPEGNamesAreAccepted() throws {
        XCTAssertEqual(HueExport.format(forFileName: "a.png"), .png)
        XCTAssertEqual(HueExport.format(forFileName: "a.PNG"), .png)
        XCTAssertEqual(HueExport.format(forFileName: "a.jpg"), .jpeg)
        XCTAssertEqual(HueExport.format(forFileName: "a.b.jpeg"), .jpeg)
        for name in ["a.gif", "a", "a.png.txt", ".png"] {
            XCTAssertNil(HueExport.format(forFileName: name), name)
        }
        let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
        defer { g_object_unref(raw(source)) }
        let destination = fixtures.url("copy.gif")
        XCTAssertThrowsError(
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                to: RawPath(destination.path), original: nil)
        ) {
            XCTAssertEqual($0 as? ExportError, .unsupportedFormat(fileName: "copy.gif"))
            XCTAssertTrue(($0 as? ExportError)?.message.contains(".png") == true)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
    }

    /// The app has no NSString (it links FoundationEssentials only), so the extension rule is
    /// written out; it must keep answering as NSString's `pathExtension` did.
    func testPathExtensionMatchesNSString() {
        for name in [
            "a.png", "a.b.jpeg", ".png", "..png", "..", "a.", "a", "dir/a.png", "dir.png/a",
            "a.png/", "/", "", "a.png ", "é.JPG", "a/.jpg",
        ] {
            XCTAssertEqual(RawPath(name).pathExtension, (name as NSString).pathExtension, name)
        }
    }

    func testAMissingFolderIsAClearError() throws {
        let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
        defer { g_object_unref(raw(source)) }
        let folder = fixtures.url("no such folder")
        XCTAssertThrowsError(
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                to: RawPath(folder.appendingPathComponent("x.png").path), original: nil)
        ) {
            XCTAssertEqual($0 as? ExportError, .folderMissing(path: folder.path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path))
    }

    /// Root may write anywhere, so this needs an ordinary user (run-tests runs the suite as
    /// root in CI); the next test gets a real refusal even as root.
    func testAReadOnlyFolderIsPermissionDenied() throws {
        try XCTSkipIf(geteuid() == 0, "running as root, which may write in any folder; run as an ordinary user")
        let folder = fixtures.url("read-only")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        defer { chmod(folder.path, 0o755) }
        let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
        defer { g_object_unref(raw(source)) }
        XCTAssertThrowsError(
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                to: RawPath(folder.appendingPathComponent("x.png").path), original: nil)
        ) {
            XCTAssertEqual($0 as? ExportError, .permissionDenied(path: folder.path))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAFolderNobodyCanCreateFilesInFailsCleanlyEvenForRoot() throws {
        let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
        defer { g_object_unref(raw(source)) }
        let destination = URL(fileURLWithPath: "/proc/iro-export-test.png")
        XCTAssertThrowsError(
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                to: RawPath(destination.path), original: nil)
        ) {
            XCTAssertNotNil($0 as? ExportError)
            XCTAssertFalse(($0 as? ExportError)?.message.isEmpty ?? true)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
    }

    /// File names are bytes: a folder named in Latin-1 is written into, and an original
    /// named so is still refused as itself.
    func testNamesThatAreNotUTF8() throws {
        let folder = RawPath(bytes: Array(fixtures.folder.path.utf8) + Array("/caf".utf8) + [0xE9])
        try XCTSkipIf(folder.withCString { mkdir($0, 0o700) } != 0, "this file system refuses names that are not UTF-8")
        let source = Self.pixbuf(width: 4, height: 4, alpha: false) { _, _ in RGBA(1, 2, 3) }
        defer { g_object_unref(raw(source)) }
        let copy = folder.appending("copy.png")
        try HueExport.writeSynchronously(try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7, to: copy, original: nil)
        var info = stat()
        XCTAssertEqual(copy.withCString { stat($0, &info) }, 0, "written under the folder's real name")
        XCTAssertThrowsError(
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                to: copy, original: copy)
        ) {
            XCTAssertEqual($0 as? ExportError, .sameAsOriginal)
        }
        let missing = folder.appending("gone")
        XCTAssertThrowsError(
            try HueExport.writeSynchronously(
                try XCTUnwrap(PixbufSnapshot(copying: source)), hue: 0.7,
                to: missing.appending("x.png"), original: nil)
        ) {
            XCTAssertEqual($0 as? ExportError, .folderMissing(path: fixtures.folder.path + "/caf\u{FFFD}/gone"))
        }
    }

    func testSuggestedName() {
        XCTAssertEqual(HueExport.suggestedName(for: RawPath("/p/photo.jpg")), "photo-adjusted.png")
        XCTAssertEqual(HueExport.suggestedName(for: RawPath("/p/a.b.tiff")), "a.b-adjusted.png")
        XCTAssertEqual(HueExport.suggestedName(for: RawPath("/p/noext")), "noext-adjusted.png")
        XCTAssertEqual(HueExport.suggestedName(for: RawPath("/p/.hidden")), ".hidden-adjusted.png", "a leading dot is no extension")
        XCTAssertEqual(
            HueExport.suggestedName(for: RawPath(bytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))),
            "caf\u{FFFD}-adjusted.png")
    }

    // MARK: Helpers

    static func pixbuf(width: Int, height: Int, alpha: Bool, _ color: (Int, Int) -> RGBA) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = alpha ? 4 : 3
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y), p = pixels + y * stride + x * channels
                p[0] = c.r
                p[1] = c.g
                p[2] = c.b
                if alpha { p[3] = c.a }
            }
        }
        return pixbuf
    }

    /// The pixel bytes without row padding.
    static func bytes(of pixbuf: OpaquePointer) -> [UInt8] {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<height).flatMap { y in (0..<width * channels).map { pixels[y * stride + $0] } }
    }

    static func pixel(_ pixbuf: OpaquePointer, _ x: Int, _ y: Int) -> RGBA {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let p = gdk_pixbuf_read_pixels(pixbuf)! + y * stride + x * channels
        return RGBA(p[0], p[1], p[2], channels == 4 ? p[3] : 255)
    }

    static func load(_ url: URL) throws -> OpaquePointer {
        try XCTUnwrap(try withGError { gdk_pixbuf_new_from_file(url.path, $0) })
    }

    static func inode(_ url: URL) throws -> UInt64 {
        var info = stat()
        XCTAssertEqual(stat(url.path, &info), 0)
        return UInt64(info.st_ino)
    }

    /// Temporary files an export left behind.
    static func leftovers(in folder: URL) throws -> [String] {
        // GIO's temporary files are hidden ones beside the destination.
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }
}
