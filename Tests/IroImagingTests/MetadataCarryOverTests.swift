import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// A photo's metadata carried into its edited copy (BEHAVIOUR D7), read back by gexiv2: what
/// describes the shot survives, what described the old pixels is made true of the new ones.
final class MetadataCarryOverTests: XCTestCase {
    let fixtures = Fixtures()

    /// A 64 × 48 camera JPEG stored on its side (orientation 6), with an EXIF thumbnail, XMP
    /// (orientation, creator, a thumbnail of its own) and IPTC (by-line).
    func cameraOriginal() throws -> [UInt8] { try Self.cameraOriginal(fixtures) }

    static func cameraOriginal(_ fixtures: Fixtures) throws -> [UInt8] {
        let plain = fixtures.image("plain.jpg", width: 64, height: 48, type: "jpeg") { x, y in
            Fixtures.quadrantColor(x: x, y: y, width: 64, height: 48)
        }
        let camera = ExifFixture.camera
        let exif = camera.exif + [.short(0xA002, 64), .short(0xA003, 48)] // PixelXDimension, PixelYDimension
        let tiff = ExifFixture.tiff(ifd0: camera.ifd0 + [.short(0x0112, 6)], exif: exif, gps: camera.gps)
        let url = fixtures.bytes("camera.jpg", ExifFixture.inserting(tiff, into: fixtures.data(of: plain)))
        let thumbnail = fixtures.data(of: fixtures.image("thumb.jpg", width: 16, height: 12, type: "jpeg") { _, _ in RGBA(9, 9, 9) })
        let probe = try GExiv2Probe(path: url.path)
        try probe.setThumbnail(thumbnail)
        try probe.set("Xmp.tiff.Orientation", "6")
        try probe.set("Xmp.dc.creator", "Ada Lovelace")
        try probe.setSequence("Xmp.xmp.Thumbnails")
        try probe.set("Xmp.xmp.Thumbnails[1]/xmpGImg:image", "AAAA")
        try probe.set("Iptc.Application2.Byline", "A. Lovelace")
        try probe.save(to: url.path)
        let bytes = fixtures.data(of: url)
        // The fixture is what the test says it is.
        let original = try GExiv2Probe(bytes)
        XCTAssertEqual(original.tag("Exif.Image.Orientation"), "6")
        XCTAssertNotNil(original.thumbnail)
        XCTAssertEqual(original.tag("Iptc.Application2.Byline"), "A. Lovelace")
        return bytes
    }

    /// The original stood up (64 × 48 on its side: 48 × 64), cut to 40 × 30 after a turn, encoded.
    func editedCopy(_ format: SavedFormat) throws -> [UInt8] {
        let source = ExportTests.pixbuf(width: 48, height: 64, alpha: false) { x, y in RGBA(UInt8(x * 5), UInt8(y * 3), 90) }
        defer { g_object_unref(raw(source)) }
        let edit = ImageEdit(transform: .turnLeft, crop: PixelRect(x: 10, y: 8, width: 40, height: 30))
        let edited = try EditedPixels.apply(edit, to: source)
        defer { g_object_unref(raw(edited)) }
        return try EditEncoding.encode(edited, as: format)
    }

    func testTheShotSurvivesAndThePixelsAreDescribedAnew() throws {
        let original = try cameraOriginal()
        for (name, format) in [("JPEG", SavedFormat.jpeg(quality: 90)), ("PNG", .png), ("WebP", .webpLossless)] {
            let edited = try editedCopy(format)
            let carried = try MetadataCarryOver.carry(from: original, into: edited, width: 40, height: 30)

            let photo = try XCTUnwrap(carried.withUnsafeBytes { PropertiesReader.photo(inMemory: $0) }.metadata, name)
            XCTAssertEqual(photo.make, "Canon", name)
            XCTAssertEqual(photo.model, "Canon EOS 5D Mark IV", name)
            XCTAssertEqual(photo.taken, "2024:05:01 12:34:56", name)
            XCTAssertEqual(photo.lens, "EF50mm f/1.8 STM", name)
            XCTAssertEqual(photo.position?.latitude ?? 0, 48 + 51.0 / 60 + 30.12 / 3600, accuracy: 1e-6, name)
            XCTAssertEqual(photo.author, "Ada Lovelace", name)

            let read = try GExiv2Probe(carried)
            XCTAssertEqual(read.tag("Exif.Image.Orientation"), "1", name)
            XCTAssertEqual(read.tag("Xmp.tiff.Orientation"), "1", name)
            XCTAssertEqual(read.tag("Exif.Photo.PixelXDimension"), "40", name)
            XCTAssertEqual(read.tag("Exif.Photo.PixelYDimension"), "30", name)
            XCTAssertNil(read.thumbnail, "\(name): no EXIF thumbnail of the old picture")
            XCTAssertEqual(read.tags.filter { $0.contains("Thumbnail") }, [], name)
            // Exiv2 writes IPTC to JPEG and PNG only.
            XCTAssertEqual(read.tag("Iptc.Application2.Byline"), format == .webpLossless ? nil : "A. Lovelace", name)

            // Still the same picture, with its sRGB tag.
            let type = ["JPEG": "jpeg", "PNG": "png", "WebP": "webp"][name]!
            let before = try EditedPixelsTests.decode(edited, type: type), after = try EditedPixelsTests.decode(carried, type: type)
            defer {
                g_object_unref(raw(before))
                g_object_unref(raw(after))
            }
            XCTAssertEqual(ExportTests.bytes(of: after), ExportTests.bytes(of: before), name)
            XCTAssertEqual(ColourProfile.attached(to: after), ColourProfile.attached(to: before), name)
            if case .jpeg = format { XCTAssertEqual(ColourProfile.attached(to: after), ColourProfile.sRGBProfile, "the ICC profile stays") }
            if format == .png { XCTAssertNotNil(carried.firstRange(of: [0, 0, 0, 1] + Array("sRGB".utf8) + [0]), "the sRGB chunk stays") }
        }
    }

    /// The new file is written over a copy of the edited bytes: when it is shorter (the
    /// edited file had more metadata than the original), none of the old tail is left.
    func testAShorterResultKeepsNothingOfTheEditedBytesTail() throws {
        let big = try cameraOriginal()
        let small = ExifFixture.inserting(
            ExifFixture.tiff(ifd0: [.ascii(0x010F, "Nikon")]), into: try editedCopy(.jpeg(quality: 80)))
        let carried = try MetadataCarryOver.carry(from: small, into: big, width: 48, height: 64)
        XCTAssertLessThan(carried.count, big.count)
        XCTAssertEqual(Array(carried.suffix(2)), [0xFF, 0xD9], "ends where the JPEG ends")
        XCTAssertEqual(try GExiv2Probe(carried).tag("Exif.Image.Make"), "Nikon")
        let decoded = try EditedPixelsTests.decode(carried, type: "jpeg")
        g_object_unref(raw(decoded))
    }

    /// Nothing to carry is no failure: the edited bytes come back as they are.
    func testNoMetadataGivesTheEditedBytesBack() throws {
        let edited = try editedCopy(.png)
        let plain = fixtures.data(of: fixtures.image("plain.png", width: 8, height: 8) { _, _ in RGBA(1, 2, 3) })
        let originals: [(String, [UInt8])] = [
            ("no metadata", plain), ("not an image", Array("just some text, no picture at all".utf8)), ("empty", []),
            ("cut short", Array(try cameraOriginal().prefix(200))),
        ]
        for (name, original) in originals {
            XCTAssertEqual(try MetadataCarryOver.carry(from: original, into: edited, width: 40, height: 30), edited, name)
        }
    }

    /// Broken EXIF (offsets past the end, loops) is read as far as it can be, or not at all:
    /// either way a valid file comes back, and nothing crashes.
    func testBrokenMetadataNeverCrashes() throws {
        let edited = try editedCopy(.jpeg(quality: 80))
        let base = fixtures.data(of: fixtures.image("base.jpg", width: 8, height: 8, type: "jpeg") { _, _ in RGBA(1, 2, 3) })
        let header: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]
        let brokenTIFFs: [[UInt8]] = [
            header + [2, 0, 0x0F, 0x01, 2, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0xF0, 0xFF, 0, 0],
            [0x49, 0x49, 0x2A, 0, 0xF0, 0xFF, 0xFF, 0x0F],
            header + [1, 0, 0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0],
            Array(header.prefix(5)),
        ]
        for (index, tiff) in brokenTIFFs.enumerated() {
            let carried = try MetadataCarryOver.carry(from: ExifFixture.inserting(tiff, into: base), into: edited, width: 40, height: 30)
            let decoded = try EditedPixelsTests.decode(carried, type: "jpeg")
            XCTAssertEqual(gdk_pixbuf_get_width(decoded), 40, "case \(index)")
            g_object_unref(raw(decoded))
        }
    }

    /// Metadata to carry but nothing Exiv2 can write it into: a failure, with the reason.
    func testAnEditedFileExiv2CannotWriteIsAnError() throws {
        let original = try cameraOriginal()
        let edited = try editedCopy(.png)
        for (name, bytes) in [("not an image", Array("no picture here".utf8)), ("cut short", Array(edited.prefix(40))), ("empty", [])] {
            XCTAssertThrowsError(try MetadataCarryOver.carry(from: original, into: bytes, width: 40, height: 30), name) { error in
                guard case .writeFailed(let detail) = error as? ExportError else { return XCTFail("\(name): \(error)") }
                XCTAssertFalse(detail.isEmpty, name)
            }
        }
    }
}

/// gexiv2 called directly (dlopen) to make and check fixtures: Iro's wrapper only reads what
/// the properties panel shows, and writes only through iro_exif_carry_over.
final class GExiv2Probe {
    typealias Failure = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    private struct API {
        let new: @convention(c) () -> OpaquePointer?
        let openPath: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> gboolean
        let openBuffer: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, Failure) -> gboolean
        let getString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> UnsafeMutablePointer<CChar>?
        let hasTag: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> gboolean
        let setString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Failure) -> gboolean
        let setStruct: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Failure) -> gboolean
        let setThumbnail: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int32, Failure) -> Void
        let thumbnail:
            @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int32>?) -> gboolean
        let save: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> gboolean
        let tagLists: [@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?]
    }

    private static let api: API? = {
        guard let library = dlopen("libgexiv2.so.2", RTLD_NOW) else { return nil }
        func load<F>(_ name: String, as _: F.Type = F.self) -> F? { dlsym(library, name).map { unsafeBitCast($0, to: F.self) } }
        typealias Start = @convention(c) () -> gboolean
        guard let start = load("gexiv2_initialize", as: Start.self), start() != 0,
            let new = load("gexiv2_metadata_new", as: (@convention(c) () -> OpaquePointer?).self),
            let openPath = load(
                "gexiv2_metadata_open_path", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> gboolean).self),
            let openBuffer = load(
                "gexiv2_metadata_open_buf", as: (@convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, Failure) -> gboolean).self),
            let getString = load(
                "gexiv2_metadata_try_get_tag_string",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> UnsafeMutablePointer<CChar>?).self),
            let hasTag = load(
                "gexiv2_metadata_try_has_tag", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> gboolean).self),
            let setString = load(
                "gexiv2_metadata_try_set_tag_string",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Failure) -> gboolean).self),
            let setStruct = load(
                "gexiv2_metadata_try_set_xmp_tag_struct",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Failure) -> gboolean).self),
            let setThumbnail = load(
                "gexiv2_metadata_try_set_exif_thumbnail_from_buffer",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int32, Failure) -> Void).self),
            let thumbnail = load(
                "gexiv2_metadata_get_exif_thumbnail",
                as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int32>?) ->
                    gboolean).self),
            let save = load(
                "gexiv2_metadata_save_file", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Failure) -> gboolean).self)
        else { return nil }
        typealias List = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let lists = ["gexiv2_metadata_get_exif_tags", "gexiv2_metadata_get_xmp_tags", "gexiv2_metadata_get_iptc_tags"].compactMap {
            load($0, as: List.self)
        }
        return API(
            new: new, openPath: openPath, openBuffer: openBuffer, getString: getString, hasTag: hasTag, setString: setString,
            setStruct: setStruct, setThumbnail: setThumbnail, thumbnail: thumbnail, save: save, tagLists: lists)
    }()

    private let api: API
    private let metadata: OpaquePointer
    /// What was read from memory stays here while the metadata lives: Exiv2 reads it in place.
    private let bytes: [UInt8]

    private init(keeping bytes: [UInt8]) throws {
        api = try XCTUnwrap(Self.api, "gexiv2 is installed")
        metadata = try XCTUnwrap(api.new())
        self.bytes = bytes
    }

    convenience init(path: String) throws {
        try self.init(keeping: [])
        _ = try withGError { api.openPath(metadata, path, $0) }
    }

    convenience init(_ bytes: [UInt8]) throws {
        try self.init(keeping: bytes)
        _ = try withGError { error in self.bytes.withUnsafeBufferPointer { api.openBuffer(metadata, $0.baseAddress, $0.count, error) } }
    }

    deinit { g_object_unref(raw(metadata)) }

    /// The tag's raw value; nil when the file does not have it.
    func tag(_ name: String) -> String? {
        guard api.hasTag(metadata, name, nil) != 0 else { return nil }
        return takeString(api.getString(metadata, name, nil))
    }

    /// Every EXIF, XMP and IPTC tag the file has.
    var tags: [String] {
        api.tagLists.flatMap { list -> [String] in
            guard let names = list(metadata) else { return [] }
            defer { g_strfreev(names) }
            var found: [String] = []
            var at = names
            while let name = at.pointee {
                found.append(String(cString: name))
                at += 1
            }
            return found
        }
    }

    /// The EXIF thumbnail's bytes, if there is one.
    var thumbnail: [UInt8]? {
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: Int32 = 0
        guard api.thumbnail(metadata, &buffer, &size) != 0, let buffer, size > 0 else { return nil }
        defer { g_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    func set(_ name: String, _ value: String) throws { _ = try withGError { api.setString(metadata, name, value, $0) } }
    /// An XMP array of structures (an ordered one).
    func setSequence(_ name: String) throws { _ = try withGError { api.setStruct(metadata, name, 22, $0) } }
    func setThumbnail(_ jpeg: [UInt8]) throws {
        _ = try withGError { error in jpeg.withUnsafeBufferPointer { api.setThumbnail(metadata, $0.baseAddress, Int32($0.count), error) } }
    }
    func save(to path: String) throws { _ = try withGError { api.save(metadata, path, $0) } }
}
