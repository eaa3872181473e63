import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// The properties panel's facts as read from files (BEHAVIOUR F4), in this process
/// (`PropertiesReaderInHelperTests` runs them all again through the decoder helper).
class PropertiesReaderTests: XCTestCase {
    let fixtures = Fixtures()

    func jpeg(_ name: String, tiff: [UInt8]?) -> RawPath {
        let plain = fixtures.image("plain-\(name)", width: 64, height: 48, type: "jpeg") { _, _ in RGBA(200, 40, 40) }
        let bytes = fixtures.data(of: plain)
        return RawPath(fixtures.bytes(name, tiff.map { ExifFixture.inserting($0, into: bytes) } ?? bytes).path)
    }

    func testACameraJPEGsMetadataIsReadTagByTag() throws {
        let camera = ExifFixture.camera
        let path = jpeg("camera.jpg", tiff: ExifFixture.tiff(ifd0: camera.ifd0, exif: camera.exif, gps: camera.gps))
        let (photo, problem) = PropertiesReader.photo(at: path)
        XCTAssertNil(problem)
        let read = try XCTUnwrap(photo)
        XCTAssertEqual(read.make, "Canon")
        XCTAssertEqual(read.model, "Canon EOS 5D Mark IV")
        XCTAssertEqual(read.lens, "EF50mm f/1.8 STM")
        XCTAssertEqual(read.taken, "2024:05:01 12:34:56")
        XCTAssertEqual(read.exposure?.numerator, 1)
        XCTAssertEqual(read.exposure?.denominator, 250)
        XCTAssertEqual(read.fNumber ?? 0, 2.8, accuracy: 1e-9)
        XCTAssertEqual(read.iso, 200)
        XCTAssertEqual(read.focalLength ?? 0, 50, accuracy: 1e-9)
        XCTAssertEqual(read.flash, "No, compulsory") // 16: did not fire, flash forced off
        let position = try XCTUnwrap(read.position)
        XCTAssertEqual(position.latitude, 48 + 51.0 / 60 + 30.12 / 3600, accuracy: 1e-6)
        XCTAssertEqual(position.longitude, 2 + 17.0 / 60 + 40.08 / 3600, accuracy: 1e-6)
        XCTAssertEqual(read.altitude ?? 0, 35, accuracy: 1e-9)
    }

    func testSouthAndWestAreNegative() throws {
        let gps: [ExifFixture.Tag] = [
            .bytes(0x0000, [2, 3, 0, 0]), .ascii(0x0001, "S"), .rational(0x0002, [(33, 1), (52, 1), (0, 1)]),
            .ascii(0x0003, "W"), .rational(0x0004, [(70, 1), (30, 1), (0, 1)]),
        ]
        let path = jpeg("south-west.jpg", tiff: ExifFixture.tiff(ifd0: [.ascii(0x010F, "X")], gps: gps))
        let position = try XCTUnwrap(PropertiesReader.photo(at: path).metadata?.position)
        XCTAssertEqual(position.latitude, -(33 + 52.0 / 60), accuracy: 1e-6)
        XCTAssertEqual(position.longitude, -70.5, accuracy: 1e-6)
    }

    func testAJPEGWithoutMetadataHasNoCameraData() {
        let (photo, _) = PropertiesReader.photo(at: jpeg("none.jpg", tiff: nil))
        XCTAssertTrue(photo?.isEmpty ?? true)
    }

    /// Offsets past the end, counts that overflow, an IFD pointing at itself: whatever can
    /// be read is, the rest is left out, and nothing crashes.
    func testBrokenEXIFGivesNoCameraDataAndNoCrash() {
        var header: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]
        let brokenTIFFs: [[UInt8]] = [
            header + [2, 0, 0x0F, 0x01, 2, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0xF0, 0xFF, 0, 0], // Make: 2 GB, far past the end
            [0x49, 0x49, 0x2A, 0, 0xF0, 0xFF, 0xFF, 0x0F], // IFD0 beyond the file
            header + [1, 0, 0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0], // Exif IFD is IFD0 again
            Array(header.prefix(5)), // cut short
        ]
        header[0] = 0x4D // neither byte order
        for (index, tiff) in (brokenTIFFs + [header]).enumerated() {
            let path = jpeg("broken-\(index).jpg", tiff: tiff)
            let (photo, _) = PropertiesReader.photo(at: path)
            XCTAssertNil(photo?.make, "case \(index)")
            XCTAssertNil(photo?.position, "case \(index)")
        }
    }

    func testTheFileFactsComeFromTheFileSystemAndItsFirstBytes() throws {
        let path = jpeg("facts.jpg", tiff: nil)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path.displayString)[.size] as? Int)
        let file = PropertiesReader.file(at: path)
        XCTAssertEqual(file.name, "facts.jpg")
        XCTAssertEqual(file.size, size)
        XCTAssertEqual(file.format, "JPEG image")
        XCTAssertNotNil(file.modified)
        // A PNG named .jpg is described by what it is.
        let png = fixtures.image("really-a-png.jpg", width: 4, height: 4) { _, _ in RGBA(0, 0, 0) }
        XCTAssertEqual(PropertiesReader.file(at: RawPath(png.path)).format, "PNG image")
    }

    func testTheHomeFolderIsWrittenAsATilde() {
        let home = String(cString: g_get_home_dir())
        XCTAssertEqual(PropertiesReader.displayFolder(RawPath(home + "/Pictures/2024")), "~/Pictures/2024")
        XCTAssertEqual(PropertiesReader.displayFolder(RawPath("/srv/photos")), "/srv/photos")
    }
}

/// The same reads through the decoder helper, which parses the metadata there (BEHAVIOUR
/// F5): every test above, with the pool active; and gexiv2 is loaded by the helper.
final class PropertiesReaderInHelperTests: PropertiesReaderTests {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try DecoderSandboxTests.activateHelper()
    }

    override func tearDown() {
        DecoderPool.deactivate()
        super.tearDown()
    }

    func testTheHelperReadsTheMetadata() throws {
        let camera = ExifFixture.camera
        let path = jpeg("in-helper.jpg", tiff: ExifFixture.tiff(ifd0: camera.ifd0, exif: camera.exif, gps: camera.gps))
        XCTAssertNotNil(PropertiesReader.photo(at: path).metadata?.make)
        let pool = try XCTUnwrap(DecoderPool.active)
        let helpers = DecoderSandboxTests.decoders(under: pool.helperPIDs)
        XCTAssertFalse(helpers.isEmpty)
        for helper in helpers {
            let maps = procFile("/proc/\(helper)/maps")
            XCTAssertTrue(maps.contains("libgexiv2"), "gexiv2 is loaded in the helper \(helper)")
        }
    }
}
