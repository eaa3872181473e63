import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// The formats Iro decodes itself (JPEG XL, JPEG 2000, camera RAW) are images of a folder as
/// the loaders' are, in the file manager's order, and the desktop entry names them.
final class DecodedFormatsListingTests: XCTestCase {
    let fixtures = Fixtures()

    /// data/decoded-mime-types.txt (the desktop entry's extra types) and `ImageFormats` agree.
    func testTheDesktopEntrysListAndImageFormatsAgree() throws {
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/decoded-mime-types.txt")
        let listed = Set(
            try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") })
        XCTAssertEqual(listed, ImageFormats.decodedImageMimeTypes.union(ImageFormats.documentMimeTypes))
        XCTAssertTrue(ImageFormats.openableMimeTypes.isSuperset(of: listed))
    }

    /// A camera's folder: each RAW beside the JPEG the camera wrote with it, and JPEG XL and
    /// JPEG 2000 files among them, all listed.
    func testAFolderListsThemWithEachRawBesideItsJPEG() throws {
        let folder = fixtures.url("camera")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let jpeg = fixtures.data(of: fixtures.quadrants("q.jpeg", width: 16, height: 16, type: "jpeg"))
        let dng = fixtures.data(of: try CodecFixtures.dng(fixtures.url("q.dng")))
        let names = [
            "IMG_0002.CR3", "IMG_0001.JPG", "IMG_0010.NEF", "IMG_0002.JPG", "IMG_0001.CR3", "IMG_0010.JPG", "scan.jp2", "web.jxl",
            "notes.txt",
        ]
        for name in names {
            let bytes = name.hasSuffix(".JPG") ? jpeg : name.hasSuffix(".txt") ? Array("text".utf8) : dng
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        let entries = try FolderReader.images(in: RawPath(folder.path)).get()
        let ordered = entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { $0.name.displayString }
        XCTAssertEqual(
            ordered,
            ["IMG_0001.CR3", "IMG_0001.JPG", "IMG_0002.CR3", "IMG_0002.JPG", "IMG_0010.JPG", "IMG_0010.NEF", "scan.jp2", "web.jxl"])
    }
}
