import IroCore
import XCTest

final class PropertyTextTests: XCTestCase {
    let nnbsp = "\u{202F}"

    func testSizesAreDecimalWithTheExactByteCount() {
        XCTAssertEqual(PropertyText.fileSize(3_412_221), "3.4 MB (3\(nnbsp)412\(nnbsp)221 bytes)")
        XCTAssertEqual(PropertyText.fileSize(1), "1 byte")
        XCTAssertEqual(PropertyText.fileSize(999), "999 bytes")
        XCTAssertEqual(PropertyText.fileSize(1000), "1.0 kB (1\(nnbsp)000 bytes)")
        XCTAssertEqual(PropertyText.fileSize(999_960), "1.0 MB (999\(nnbsp)960 bytes)")
        XCTAssertEqual(PropertyText.fileSize(2_500_000_000), "2.5 GB (2\(nnbsp)500\(nnbsp)000\(nnbsp)000 bytes)")
    }

    func testDimensionsCarryMegapixels() {
        XCTAssertEqual(PropertyText.dimensions(width: 4000, height: 3000), "4000 × 3000 (12.0 MP)")
        XCTAssertEqual(PropertyText.dimensions(width: 640, height: 480), "640 × 480 (0.3 MP)")
    }

    func testShortExposuresAreOneOverAWholeNumber() {
        XCTAssertEqual(PropertyText.exposure(1, 250), "1/250 s")
        XCTAssertEqual(PropertyText.exposure(10, 2500), "1/250 s")
        XCTAssertEqual(PropertyText.exposure(1, 3), "1/3 s")
        XCTAssertEqual(PropertyText.exposure(4, 5), "0.8 s")
        XCTAssertEqual(PropertyText.exposure(4, 10), "0.4 s")
        XCTAssertEqual(PropertyText.exposure(1, 2), "0.5 s")
        XCTAssertEqual(PropertyText.exposure(30, 1), "30 s")
        XCTAssertNil(PropertyText.exposure(1, 0))
        XCTAssertNil(PropertyText.exposure(0, 100))
    }

    func testApertureFocalLengthAndDecimals() {
        XCTAssertEqual(PropertyText.aperture(2.8), "f/2.8")
        XCTAssertEqual(PropertyText.aperture(8), "f/8")
        XCTAssertEqual(PropertyText.focalLength(50), "50 mm")
        XCTAssertEqual(PropertyText.focalLength(4.25), "4.25 mm")
        XCTAssertEqual(PropertyText.decimal(-0.004, places: 2), "0.00")
        XCTAssertEqual(PropertyText.decimal(-1.25, places: 1), "-1.3")
        XCTAssertEqual(PropertyText.decimal(.nan, places: 1), "–")
    }

    func testCoordinatesNameTheirHemispheresAndMakeAGeoURI() {
        XCTAssertEqual(PropertyText.coordinates(latitude: 48.858367, longitude: 2.294467), "48.85837° N, 2.29447° E")
        XCTAssertEqual(PropertyText.coordinates(latitude: -33.8667, longitude: -70.5), "33.86670° S, 70.50000° W")
        XCTAssertEqual(PropertyText.geoURI(latitude: -33.8667, longitude: 151.2), "geo:-33.8667,151.2")
    }

    func testTheMakeIsNotRepeatedBeforeAModelThatNamesIt() {
        XCTAssertEqual(PropertyText.camera(make: "Canon", model: "Canon EOS 5D Mark IV"), "Canon EOS 5D Mark IV")
        XCTAssertEqual(PropertyText.camera(make: "NIKON CORPORATION", model: "NIKON D750"), "NIKON D750")
        XCTAssertEqual(PropertyText.camera(make: "FUJIFILM", model: "X-T4"), "FUJIFILM X-T4")
        XCTAssertEqual(PropertyText.camera(make: "Google", model: nil), "Google")
        XCTAssertNil(PropertyText.camera(make: nil, model: nil))
    }

    func testDatesFromEXIFAndXMP() {
        let exif = WallClock(parsing: "2024:05:01 12:34:56")
        XCTAssertEqual(exif, WallClock(year: 2024, month: 5, day: 1, hour: 12, minute: 34, second: 56))
        XCTAssertEqual(WallClock(parsing: "2024-05-01T12:34:56.12+02:00"), exif)
        XCTAssertEqual(WallClock(parsing: "2024-05-01"), WallClock(year: 2024, month: 5, day: 1))
        XCTAssertNil(WallClock(parsing: "0000:00:00 00:00:00")) // a camera whose clock was never set
        XCTAssertNil(WallClock(parsing: "    :  :     :  :  "))
        XCTAssertNil(WallClock(parsing: "yesterday"))
        XCTAssertEqual(PropertyText.date(exif!), "1 May 2024, 12:34:56")
        XCTAssertEqual(PropertyText.date(WallClock(year: 2024, month: 12, day: 31, hour: 9, minute: 5)), "31 December 2024, 09:05")
    }

    func testTagTextIsCleaned() {
        XCTAssertEqual(PhotoMetadata.cleaned("Canon\0\0  "), "Canon")
        XCTAssertEqual(PhotoMetadata.cleaned("lang=\"x-default\" A walk in the park"), "A walk in the park")
        XCTAssertNil(PhotoMetadata.cleaned("   "))
        XCTAssertNil(PhotoMetadata.cleaned(nil))
    }
}
