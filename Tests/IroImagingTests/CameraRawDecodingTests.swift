import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Camera RAW through LibRaw (`CameraRawDecoding`), on DNGs our own writer makes in the test
/// (Tests/Fixtures/make-dng.py): the embedded preview first, the sensor's picture developed
/// when more detail is asked for (with the white balance as shot), the RAW's own flip, the
/// camera's data, and a size bomb refused by its header.
final class CameraRawDecodingTests: XCTestCase {
    let fixtures = Fixtures()

    func decode(_ url: URL, detail: DecodeDetail) throws -> DecodedImage {
        try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: detail))
    }

    /// The scene's colour at (x, y) of a stored `width` × `height` picture, checked in `image`
    /// (which may be reduced) at the same place.
    func assertScene(
        _ image: DecodedImage, width: Int, height: Int, tolerance: Int, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (x, y) in [(width / 8, height / 8), (3 * width / 8, height / 2), (3 * width / 4, height / 2), (3 * width / 4, height / 8)] {
            let want = CodecFixtures.dngSceneColour(x: x, y: y, width: width, height: height)
            let seen = decodedPixel(image, x * image.width / width, y * image.height / height)
            XCTAssertTrue(
                seen.isClose(to: want, tolerance: tolerance), "\(label) at (\(x), \(y)): \(seen), not \(want)", file: file, line: line)
        }
    }

    func checkPreviewThenSensor() throws {
        // The sensor's 256 × 192, a 64 × 48 preview, and a tint the as-shot white balance undoes.
        let dng = try CodecFixtures.dng(fixtures.url("photo.dng"), ["--size", "256x192", "--preview", "64x48", "--neutral", "0.5,1,0.8"])
        let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(dng.path)))
        XCTAssertEqual([header.formatName, "\(header.width)×\(header.height)"], ["raw", "256×192"])
        // A screen's worth the preview holds: the preview, knowing the sensor's size.
        let preview = try decode(dng, detail: .screen(width: 64, height: 48))
        XCTAssertEqual([preview.width, preview.height, preview.imageWidth, preview.imageHeight], [64, 48, 256, 192])
        assertScene(preview, width: 256, height: 192, tolerance: 20, "preview")
        // More detail than the preview has: the sensor's, developed at half size (the detail
        // counted in the whole picture's pixels: 0.3 of 256 needs all 128 of half size) …
        for scale in [0.5, 0.3] {
            let half = try decode(dng, detail: .scale(scale))
            XCTAssertEqual([half.width, half.height], [128, 96], "at \(scale)")
            assertScene(half, width: 256, height: 192, tolerance: 12, "half size")
        }
        // … or whole, demosaiced, the tint gone.
        let whole = try decode(dng, detail: .full)
        XCTAssertEqual([whole.width, whole.height], [256, 192])
        assertScene(whole, width: 256, height: 192, tolerance: 12, "developed")
    }

    func testPreviewThenSensorInProcess() throws { try checkPreviewThenSensor() }

    func testPreviewThenSensorInTheHelper() throws {
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        try checkPreviewThenSensor()
    }

    /// Orientation 6 (a quarter clockwise): the header's size is upright, and both the
    /// preview and the developed picture show the stored top-left (green) at the top right.
    func testTheRawsFlipTurnsPreviewAndSensorAlike() throws {
        let dng = try CodecFixtures.dng(fixtures.url("turned.dng"), ["--size", "128x96", "--preview", "128x96", "--orientation", "6"])
        let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(dng.path)))
        XCTAssertEqual([header.width, header.height], [96, 128])
        for detail in [DecodeDetail.screen(width: 96, height: 128), .full] {
            let image = try decode(dng, detail: detail)
            XCTAssertEqual([image.width, image.height], [96, 128], "\(detail)")
            XCTAssertTrue(
                decodedPixel(image, 90, 6).isClose(to: RGBA(40, 170, 60), tolerance: 20),
                "\(detail): green at the top right, \(decodedPixel(image, 90, 6))")
            XCTAssertTrue(
                decodedPixel(image, 48, 110).isClose(to: RGBA(40, 60, 200), tolerance: 20),
                "\(detail): blue at the bottom, \(decodedPixel(image, 48, 110))")
        }
    }

    /// One request's bytes (the helper's) developed at two details: LibRaw develops once per
    /// opening, so the second opens the file again.
    func testTheSameBytesDevelopTwice() throws {
        let dng = try CodecFixtures.dng(fixtures.url("twice.dng"), ["--size", "64x48", "--no-preview"])
        let source = ImageSource(bytes: ImageBytes(fixtures.data(of: dng)), name: RawPath("twice.dng"))
        for detail in [DecodeDetail.full, .scale(0.5), .full] {
            let image = try XCTUnwrap(try InProcessDecoder.decode(source, detail: detail))
            assertScene(image, width: 64, height: 48, tolerance: 12, "\(detail)")
        }
    }

    /// Without a preview the sensor's picture is developed even for the first look.
    func testAFileWithoutAPreviewIsDeveloped() throws {
        let dng = try CodecFixtures.dng(fixtures.url("bare.dng"), ["--size", "64x48", "--no-preview"])
        let image = try decode(dng, detail: .screen(width: 1920, height: 1080))
        XCTAssertEqual([image.width, image.height], [64, 48])
        assertScene(image, width: 64, height: 48, tolerance: 12, "developed")
    }

    /// A header that declares more pixels than Iro opens is refused as too large; one within
    /// that but far more than a file of a few kilobytes could hold, as damaged: both at once,
    /// before LibRaw allocates for it.
    func testSizeBombsAreRefusedByTheirHeader() throws {
        let huge = try CodecFixtures.dng(fixtures.url("huge.dng"), ["--declared", "30000x30000"])
        let large = try CodecFixtures.dng(fixtures.url("large.dng"), ["--declared", "16000x16000"])
        let started = Date()
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(huge.path))) { error in
            guard case LoadError.tooLarge(let width, let height) = error else { return XCTFail("\(error)") }
            XCTAssertEqual([width, height], [30_000, 30_000])
        }
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: RawPath(large.path))) { error in
            guard case LoadError.damaged(let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("16000 × 16000"), detail)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    /// The properties panel shows the camera's data and names the format by the file's own
    /// type (a DNG's bytes alone say TIFF).
    func testTheCamerasDataAndFormatAreRead() throws {
        let dng = try CodecFixtures.dng(fixtures.url("camera.dng"))
        let photo = try XCTUnwrap(PropertiesReader.photo(at: RawPath(dng.path)).metadata)
        XCTAssertEqual([photo.make, photo.model], ["Iro", "Test Camera"])
        XCTAssertEqual(photo.iso, 200)
        XCTAssertEqual(photo.fNumber ?? 0, 5.6, accuracy: 0.01)
        let description = try XCTUnwrap(g_content_type_get_description("image/x-adobe-dng"))
        defer { g_free(description) }
        XCTAssertEqual(PropertiesReader.format(of: RawPath(dng.path)), String(cString: description))
    }

    /// LibRaw's own record of the shot, which the panel falls back on where Exiv2 reads
    /// nothing (a CR3 on Debian 12).
    func testLibRawsRecordOfTheShotIsRead() throws {
        let dng = try CodecFixtures.dng(fixtures.url("shot.dng"))
        let photo = try XCTUnwrap(fixtures.data(of: dng).withUnsafeBytes { CameraRawMetadata.read($0) })
        XCTAssertEqual([photo.make, photo.model, photo.taken], ["Iro", "Test Camera", "2026:01:02 03:04:05"])
        XCTAssertEqual(photo.iso, 200)
        XCTAssertEqual(photo.exposure?.numerator, 1)
        XCTAssertEqual(photo.exposure?.denominator, 125)
        XCTAssertEqual(photo.fNumber ?? 0, 5.6, accuracy: 0.01)
        XCTAssertEqual(photo.focalLength ?? 0, 35, accuracy: 0.01)
        XCTAssertNil(fixtures.data(of: fixtures.quadrants("plain.png", width: 8, height: 8)).withUnsafeBytes { CameraRawMetadata.read($0) })
    }

    /// A plain TIFF (no camera's tags) is not taken for a RAW: gdk-pixbuf's loader reads it.
    func testAPlainTIFFIsNotARaw() throws {
        let tiff = fixtures.quadrants("plain.tiff", width: 40, height: 30, type: "tiff")
        XCTAssertFalse(CameraRawDecoding.mightBeRaw(ImageSource(path: RawPath(tiff.path))))
        XCTAssertEqual(try InProcessDecoder.readHeader(ImageSource(path: RawPath(tiff.path))).formatName, "tiff")
    }
}
