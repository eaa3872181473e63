import IroCore
import XCTest

final class ImagePropertiesTests: XCTestCase {
    func testACameraPhotoListsImageFileAndCameraRows() {
        var photo = PhotoMetadata()
        photo.make = "Canon"
        photo.model = "Canon EOS 5D Mark IV"
        photo.exposure = (1, 250)
        photo.fNumber = 2.8
        photo.iso = 200
        photo.taken = "2024:05:01 12:34:56"
        photo.position = (48.858367, 2.294467)
        let properties = ImageProperties(
            image: .init(width: 6720, height: 4480, hasAlpha: false),
            file: .init(name: "a.jpg", folder: "~/Pictures", format: "JPEG image", size: 3_412_221), photo: photo)
        XCTAssertEqual(properties.sections.map(\.title), ["Image", "File", "Camera"])
        XCTAssertEqual(properties.value(of: "Dimensions"), "6720 × 4480 (30.1 MP)")
        XCTAssertEqual(properties.value(of: "Format"), "JPEG image")
        XCTAssertEqual(properties.value(of: "Colour"), "RGB")
        XCTAssertEqual(properties.value(of: "Camera"), "Canon EOS 5D Mark IV")
        XCTAssertEqual(properties.value(of: "Exposure"), "1/250 s")
        XCTAssertEqual(properties.value(of: "Aperture"), "f/2.8")
        XCTAssertEqual(properties.value(of: "ISO"), "200")
        XCTAssertEqual(properties.value(of: "Taken"), "1 May 2024, 12:34:56")
        let location = properties.sections[2].rows.first { $0.label == "Location" }
        XCTAssertEqual(location?.link, .uri("geo:48.858367,2.294467"))
        XCTAssertEqual(properties.sections[1].rows.first { $0.label == "Folder" }?.link, .showInFolder)
        XCTAssertNil(properties.sections[2].note)
    }

    func testNoMetadataSaysNoCameraData() {
        for photo in [nil, PhotoMetadata()] {
            let properties = ImageProperties(image: .init(width: 2, height: 2, hasAlpha: true), file: nil, photo: photo)
            let camera = properties.sections.last
            XCTAssertEqual(camera?.title, "Camera")
            XCTAssertEqual(camera?.rows, [])
            XCTAssertEqual(camera?.note, "No camera data")
            XCTAssertEqual(properties.value(of: "Colour"), "RGB with transparency")
        }
    }

    func testAnimationsCountTheirFrames() {
        let animated = ImageProperties(
            image: .init(width: 2, height: 2, hasAlpha: false, isAnimated: true, frameCount: 12), file: nil, photo: nil)
        XCTAssertEqual(animated.value(of: "Animation"), "12 frames")
        let still = ImageProperties(image: .init(width: 2, height: 2, hasAlpha: false), file: nil, photo: nil)
        XCTAssertNil(still.value(of: "Animation"))
    }

    /// A file that could not be decoded still has its file facts.
    func testAnUnreadableImageStillListsTheFile() {
        let properties = ImageProperties(image: nil, file: .init(name: "bad.png", folder: "/tmp", size: 12), photo: nil)
        XCTAssertEqual(properties.sections.map(\.title), ["File", "Camera"])
        XCTAssertEqual(properties.value(of: "Size"), "12 bytes")
        XCTAssertNil(properties.value(of: "Dimensions"))
    }
}
