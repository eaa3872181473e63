import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Edits saved to a JPEG without recompression (`JPEGLosslessEdit`, BEHAVIOUR D7), on JPEGs
/// cjpeg makes in the test: each of the eight transforms and each EXIF orientation moves the
/// pixels as gdk-pixbuf's own flips, turns and orientation do; the bytes are jpegtran's; a
/// crop is lossless on the grid of the result (turned with it) and refused off it; a
/// transform that would move a partial MCU is refused; damaged files throw.
final class JPEGLosslessEditTests: XCTestCase {
    let fixtures = Fixtures()

    /// A grey or colour picture with no symmetry: red (or the grey) rises to the right, green
    /// down, blue is a diagonal texture. Any wrong turn or flip moves bright onto dark.
    static func scene(x: Int, y: Int, width: Int, height: Int, grey: Bool) -> RGBA {
        let level = UInt8(30 + 150 * x / max(1, width - 1) + 60 * y / max(1, height - 1))
        if grey { return RGBA(level, level, level) }
        return RGBA(UInt8(255 * x / max(1, width - 1)), UInt8(255 * y / max(1, height - 1)), UInt8((x + 2 * y) % 7 * 36))
    }

    /// cjpeg's JPEG of `scene`: `sample` "1x1" is 4:4:4, "2x1" 4:2:2, "2x2" 4:2:0, "1x2" 4:4:0,
    /// "4x1" 4:1:1; `grey` gives a one-component file, `neutral` grey pixels in a colour file.
    static func jpeg(
        _ fixtures: Fixtures, width: Int, height: Int, sample: String = "1x1", grey: Bool = false, neutral: Bool = false,
        options: [String] = ["-quality", "90"]
    ) throws -> [UInt8] {
        var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width {
                let c = scene(x: x, y: y, width: width, height: height, grey: grey || neutral)
                ppm += [c.r, c.g, c.b]
            }
        }
        let name = "scene-\(width)x\(height)-\(sample)\(grey ? "-grey" : "")\(neutral ? "-neutral" : "")-\(options.joined())"
        let input = fixtures.bytes(name + ".ppm", ppm), output = fixtures.url(name + ".jpg")
        try HEIFFixtures.run(
            "cjpeg", options + (grey ? ["-grayscale"] : ["-sample", sample]) + ["-outfile", output.path, input.path])
        return fixtures.data(of: output)
    }

    /// `bytes` decoded by gdk-pixbuf's JPEG loader (libjpeg), as stored: no orientation applied.
    func decode(_ bytes: [UInt8]) throws -> OpaquePointer { try JPEGDecodingTests.referenceDecode(bytes) }

    /// What the edit should make of the original: gdk-pixbuf stands it up by its EXIF
    /// orientation, mirrors and turns it with its own functions, then cuts the crop — nothing
    /// of `ImageTransform`'s arithmetic or libjpeg-turbo's. +1.
    func expected(_ original: [UInt8], _ edit: ImageEdit) throws -> OpaquePointer {
        let stored = try decode(original)
        var picture = try XCTUnwrap(gdk_pixbuf_apply_embedded_orientation(stored))
        g_object_unref(UnsafeMutableRawPointer(stored))
        func replace(_ made: OpaquePointer?) throws {
            let next = try XCTUnwrap(made)
            g_object_unref(UnsafeMutableRawPointer(picture))
            picture = next
        }
        if edit.transform.mirrored { try replace(gdk_pixbuf_flip(picture, 1)) }
        for _ in 0..<edit.transform.quarterTurns { try replace(gdk_pixbuf_rotate_simple(picture, GDK_PIXBUF_ROTATE_CLOCKWISE)) }
        if let crop = edit.crop {
            try replace(gdk_pixbuf_new_subpixbuf(picture, Int32(crop.x), Int32(crop.y), Int32(crop.width), Int32(crop.height)))
        }
        return picture
    }

    /// How far the lossless result's pixels (as stored: the orientation tag is the saver's to
    /// reset) are from what the edit should make. The DCT blocks are moved exactly, but the
    /// decoder's integer IDCT does its two passes in the other order on a transposed block, and
    /// rounds negated (mirrored) coefficients the other way: a sample may come out one step off,
    /// in Y, Cb and Cr alike. In RGB that is at most 1 + 1.772 < 3 a channel (B = Y + 1.772 Cb;
    /// R and G gain less), and 1 in a grey file or where the chroma is flat; measured 0–3. A
    /// wrong turn or flip of `scene` is off by far more (`testAWrongTransformIsFarOutsideTheTolerance`).
    func difference(_ result: [UInt8], _ original: [UInt8], _ edit: ImageEdit) throws -> Int {
        let got = try decode(result), want = try expected(original, edit)
        defer {
            g_object_unref(UnsafeMutableRawPointer(got))
            g_object_unref(UnsafeMutableRawPointer(want))
        }
        return largestChannelDifference(got, want)
    }

    static let tolerance = 3

    static let transforms = (0..<8).map { ImageTransform(quarterTurns: $0 % 4, mirrored: $0 >= 4) }

    func testEachTransformMovesThePixelsAsTheEditSays() throws {
        for grey in [false, true] {
            let original = try Self.jpeg(fixtures, width: 48, height: 32, grey: grey)
            XCTAssertEqual(JPEGLosslessEdit.mcuSize(ofJPEG: original).map { [$0.width, $0.height] }, [8, 8])
            for transform in Self.transforms {
                let edit = ImageEdit(transform: transform)
                let result = try XCTUnwrap(try JPEGLosslessEdit.apply(edit, toJPEG: original, orientation: 1), "\(transform)")
                XCTAssertLessThanOrEqual(try difference(result, original, edit), Self.tolerance, "\(transform), grey \(grey)")
            }
        }
    }

    func testAWrongTransformIsFarOutsideTheTolerance() throws {
        let original = try Self.jpeg(fixtures, width: 48, height: 48)
        for transform in Self.transforms {
            let result = try XCTUnwrap(try JPEGLosslessEdit.apply(ImageEdit(transform: transform), toJPEG: original, orientation: 1))
            for other in Self.transforms where other != transform {
                XCTAssertGreaterThan(try difference(result, original, ImageEdit(transform: other)), 40, "\(transform) is not \(other)")
            }
        }
    }

    /// The edit is of the picture as shown; the file stores it turned by its EXIF orientation,
    /// which the lossless transform composes in (`ImageEdit.stored`).
    func testEachOrientationIsComposedIn() throws {
        let plain = try Self.jpeg(fixtures, width: 48, height: 32)
        let edits = [
            ImageEdit(), ImageEdit(transform: .turnRight), ImageEdit(transform: .flipHorizontal),
            ImageEdit(transform: ImageTransform(quarterTurns: 1, mirrored: true)),
            // A crop on the 8 × 8 grid of whatever comes out.
            ImageEdit(transform: .turnLeft, crop: PixelRect(x: 8, y: 16, width: 13, height: 11)),
        ]
        for orientation in 1...8 {
            let original = ExifFixture.inserting(ExifFixture.tiff(ifd0: [.short(274, UInt16(orientation))]), into: plain)
            for edit in edits {
                let result = try XCTUnwrap(try JPEGLosslessEdit.apply(edit, toJPEG: original, orientation: orientation))
                XCTAssertLessThanOrEqual(try difference(result, original, edit), Self.tolerance, "orientation \(orientation), \(edit)")
                let size = edit.outputSize(width: orientation >= 5 ? 32 : 48, height: orientation >= 5 ? 48 : 32)
                let got = try decode(result)
                XCTAssertEqual([Int(gdk_pixbuf_get_width(got)), Int(gdk_pixbuf_get_height(got))], [size.width, size.height])
                g_object_unref(UnsafeMutableRawPointer(got))
                let tag = result.withUnsafeBufferPointer { JPEGOrientation.read($0) }
                XCTAssertEqual(tag, orientation, "the markers are copied as they were: resetting the tag is the saver's part")
            }
        }
    }

    /// The same operation as jpegtran's, byte for byte, EXIF and all: both copy every marker
    /// and set the EXIF pixel dimensions (0xA002, 0xA003) to the result's.
    func testTheBytesAreJpegtransOwn() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/jpegtran"), "jpegtran is missing (libjpeg-turbo-progs)")
        let exif = ExifFixture.tiff(
            ifd0: ExifFixture.camera.ifd0 + [.short(274, 1)], exif: ExifFixture.camera.exif + [.short(0xA002, 64), .short(0xA003, 48)])
        let original = ExifFixture.inserting(exif, into: try Self.jpeg(fixtures, width: 64, height: 48, sample: "2x2"))
        let input = fixtures.bytes("camera.jpg", original)
        let operations: [(ImageTransform, [String])] = [
            (.turnRight, ["-rotate", "90"]), (ImageTransform(quarterTurns: 2), ["-rotate", "180"]), (.turnLeft, ["-rotate", "270"]),
            (.flipHorizontal, ["-flip", "horizontal"]), (.flipVertical, ["-flip", "vertical"]),
            (ImageTransform(quarterTurns: 3, mirrored: true), ["-transpose"]),
            (ImageTransform(quarterTurns: 1, mirrored: true), ["-transverse"]),
        ]
        for (transform, arguments) in operations {
            let output = fixtures.url("jpegtran\(arguments.joined()).jpg")
            try HEIFFixtures.run("jpegtran", arguments + ["-perfect", "-copy", "all", "-outfile", output.path, input.path])
            let ours = try XCTUnwrap(try JPEGLosslessEdit.apply(ImageEdit(transform: transform), toJPEG: original, orientation: 1))
            XCTAssertEqual(ours, fixtures.data(of: output), "\(transform) is jpegtran \(arguments.joined(separator: " "))")
            // Little-endian entries: tag, type, one value, the value. A width that changes is
            // rewritten as a LONG.
            let width: [UInt8] =
                transform.swapsSides ? [0x02, 0xA0, 4, 0, 1, 0, 0, 0, 48, 0, 0, 0] : [0x02, 0xA0, 3, 0, 1, 0, 0, 0, 64, 0]
            XCTAssertTrue(ours.indices.contains { ours[$0...].starts(with: width) }, "\(transform): the EXIF width is the result's")
        }
    }

    func testACropOnTheGridIsLosslessAndOffItIsNot() throws {
        // Grey pixels: the chroma is flat, so its upsampling at the new edges changes nothing
        // and a crop decodes to exactly the same pixels.
        let original = try Self.jpeg(fixtures, width: 64, height: 48, sample: "2x2", neutral: true)
        let mcu = try XCTUnwrap(JPEGLosslessEdit.mcuSize(ofJPEG: original))
        XCTAssertEqual([mcu.width, mcu.height], [16, 16])
        let onGrid = ImageEdit(crop: PixelRect(x: 16, y: 32, width: 30, height: 13))
        XCTAssertTrue(JPEGLosslessEdit.isLossless(onGrid, width: 64, height: 48, mcu: mcu, orientation: 1))
        let result = try XCTUnwrap(try JPEGLosslessEdit.apply(onGrid, toJPEG: original, orientation: 1))
        XCTAssertEqual(try difference(result, original, onGrid), 0, "not even turned: the very same blocks")
        XCTAssertEqual(result.withUnsafeBufferPointer { JPEGHeader.read($0)?.frame.map { [$0.width, $0.height] } }, [30, 13])

        let offGrid = ImageEdit(crop: PixelRect(x: 8, y: 37, width: 30, height: 8))
        XCTAssertFalse(JPEGLosslessEdit.isLossless(offGrid, width: 64, height: 48, mcu: mcu, orientation: 1))
        XCTAssertNil(try JPEGLosslessEdit.apply(offGrid, toJPEG: original, orientation: 1))
        // Snapped: the top-left moves up and left onto the grid, the bottom-right stays.
        let snapped = JPEGLosslessEdit.snappedCrop(offGrid.crop!, mcu: mcu, transform: .identity, orientation: 1)
        XCTAssertEqual(snapped, PixelRect(x: 0, y: 32, width: 38, height: 13))
        let fixed = ImageEdit(crop: snapped)
        let cropped = try XCTUnwrap(try JPEGLosslessEdit.apply(fixed, toJPEG: original, orientation: 1))
        XCTAssertEqual(try difference(cropped, original, fixed), 0)
        // A crop running out of the picture is not an edit of it.
        XCTAssertNil(
            try JPEGLosslessEdit.apply(ImageEdit(crop: PixelRect(x: 16, y: 16, width: 64, height: 8)), toJPEG: original, orientation: 1))
        // Nor is a colour change lossless.
        XCTAssertNil(try JPEGLosslessEdit.apply(ImageEdit(hue: 0.7), toJPEG: original, orientation: 1))
    }

    /// 4:2:2 is coded in 16 × 8 blocks; turned a quarter (by the edit, or by the orientation
    /// composed in) they stand 8 × 16, and the crop's top-left must be on that grid. (libjpeg-
    /// turbo 2.1 checks the stored grid instead: such crops take two passes, see `apply`.)
    func testATurnedPictureIsCroppedOnTheTurnedGrid() throws {
        let plain = try Self.jpeg(fixtures, width: 64, height: 48, sample: "2x1", neutral: true)
        let mcu = try XCTUnwrap(JPEGLosslessEdit.mcuSize(ofJPEG: plain))
        XCTAssertEqual([mcu.width, mcu.height], [16, 8])
        for (orientation, transform) in [
            (1, ImageTransform.turnRight), (6, .identity), (8, ImageTransform(quarterTurns: 2)), (5, .flipHorizontal),
        ] {
            let original =
                orientation == 1 ? plain : ExifFixture.inserting(ExifFixture.tiff(ifd0: [.short(274, UInt16(orientation))]), into: plain)
            let shown = orientation >= 5 ? (width: 48, height: 64) : (width: 64, height: 48)
            let grid = JPEGLosslessEdit.cropGrid(mcu: mcu, transform: transform, orientation: orientation)
            XCTAssertEqual([grid.width, grid.height], [8, 16], "orientation \(orientation), \(transform)")
            // The result is 48 × 64. On the turned grid only (two passes), and on both (one).
            for crop in [PixelRect(x: 8, y: 16, width: 24, height: 40), PixelRect(x: 16, y: 32, width: 17, height: 9)] {
                let edit = ImageEdit(transform: transform, crop: crop)
                XCTAssertTrue(
                    JPEGLosslessEdit.isLossless(edit, width: shown.width, height: shown.height, mcu: mcu, orientation: orientation))
                let result = try XCTUnwrap(try JPEGLosslessEdit.apply(edit, toJPEG: original, orientation: orientation), "\(crop)")
                XCTAssertLessThanOrEqual(try difference(result, original, edit), Self.tolerance, "orientation \(orientation), \(edit)")
                let got = try decode(result)
                XCTAssertEqual([Int(gdk_pixbuf_get_width(got)), Int(gdk_pixbuf_get_height(got))], [crop.width, crop.height])
                g_object_unref(UnsafeMutableRawPointer(got))
            }
            // On the stored grid but not the turned one.
            let offGrid = ImageEdit(transform: transform, crop: PixelRect(x: 16, y: 8, width: 16, height: 16))
            XCTAssertFalse(
                JPEGLosslessEdit.isLossless(offGrid, width: shown.width, height: shown.height, mcu: mcu, orientation: orientation))
            XCTAssertNil(try JPEGLosslessEdit.apply(offGrid, toJPEG: original, orientation: orientation))
            XCTAssertEqual(
                JPEGLosslessEdit.snappedCrop(offGrid.crop!, mcu: mcu, transform: transform, orientation: orientation),
                PixelRect(x: 16, y: 0, width: 16, height: 24))
        }
        // Unturned, the stored grid is the result's.
        let flipped = JPEGLosslessEdit.cropGrid(mcu: mcu, transform: .flipVertical, orientation: 1)
        XCTAssertEqual([flipped.width, flipped.height], [16, 8])
    }

    func testEachSamplingHasItsMCU() throws {
        // Turned, the sampling is too: 4:2:2 becomes 4:4:0. 4:1:1 becomes 4:4:1, which TurboJPEG
        // 2.1 does not know (it transforms it no further).
        let samplings = [
            ("1x1", [8, 8], [8, 8]), ("2x1", [16, 8], [8, 16]), ("2x2", [16, 16], [16, 16]), ("1x2", [8, 16], [16, 8]),
            ("4x1", [32, 8], nil),
        ]
        for (sample, size, turnedSize) in samplings {
            let jpeg = try Self.jpeg(fixtures, width: 64, height: 32, sample: sample)
            XCTAssertEqual(JPEGLosslessEdit.mcuSize(ofJPEG: jpeg).map { [$0.width, $0.height] }, size, sample)
            let turned = try XCTUnwrap(try JPEGLosslessEdit.apply(ImageEdit(transform: .turnRight), toJPEG: jpeg, orientation: 1), sample)
            XCTAssertEqual(JPEGLosslessEdit.mcuSize(ofJPEG: turned).map { [$0.width, $0.height] }, turnedSize, "\(sample) turned")
        }
        let grey = try Self.jpeg(fixtures, width: 64, height: 32, grey: true)
        XCTAssertEqual(JPEGLosslessEdit.mcuSize(ofJPEG: grey).map { [$0.width, $0.height] }, [8, 8])
        // 4:1:1 turned is 4:4:1, which libjpeg-turbo 2.1 cannot crop: the crop takes both grids.
        let grid = JPEGLosslessEdit.cropGrid(mcu: (32, 8), transform: .turnRight, orientation: 1)
        XCTAssertEqual([grid.width, grid.height], [32, 32])
    }

    /// 100 × 60 in 4:2:0 leaves partial MCUs on the right and at the bottom: a transform that
    /// would move them to the top or left is refused; the transpose moves none.
    func testATransformThatWouldMoveAPartialMCUIsRefused() throws {
        let original = try Self.jpeg(fixtures, width: 100, height: 60, sample: "2x2", neutral: true)
        let mcu = (width: 16, height: 16)
        for transform in Self.transforms {
            let edit = ImageEdit(transform: transform)
            let result = try JPEGLosslessEdit.apply(edit, toJPEG: original, orientation: 1)
            let lossless = transform.isIdentity || transform == ImageTransform(quarterTurns: 3, mirrored: true)
            XCTAssertEqual(result != nil, lossless, "\(transform)")
            XCTAssertEqual(JPEGLosslessEdit.isLossless(edit, width: 100, height: 60, mcu: mcu, orientation: 1), lossless, "\(transform)")
        }
        let transposed = ImageEdit(transform: ImageTransform(quarterTurns: 3, mirrored: true))
        let result = try XCTUnwrap(try JPEGLosslessEdit.apply(transposed, toJPEG: original, orientation: 1))
        XCTAssertLessThanOrEqual(try difference(result, original, transposed), Self.tolerance)
        // Stored with orientation 6, the picture shows 60 × 100 and is stored turned: its turn left
        // back is no transform at all, while a turn right (a half turn of the stored) is refused.
        XCTAssertTrue(JPEGLosslessEdit.isLossless(ImageEdit(transform: .turnLeft), width: 60, height: 100, mcu: mcu, orientation: 6))
        XCTAssertFalse(JPEGLosslessEdit.isLossless(ImageEdit(transform: .turnRight), width: 60, height: 100, mcu: mcu, orientation: 6))
    }

    func testDamagedInputThrowsAClearError() throws {
        let original = try Self.jpeg(fixtures, width: 64, height: 48)
        func assertDamaged(_ bytes: [UInt8], _ label: String) {
            XCTAssertThrowsError(try JPEGLosslessEdit.apply(ImageEdit(transform: .turnRight), toJPEG: bytes, orientation: 1), label) {
                error in
                guard case LoadError.damaged(let detail) = error else { return XCTFail("\(label): \(error)") }
                XCTAssertFalse(detail.isEmpty, label)
            }
        }
        assertDamaged([], "empty")
        // Noise, the same on every run (a linear congruential generator).
        var state: UInt32 = 12345
        let noise = (0..<4096).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(state >> 24)
        }
        assertDamaged(noise, "random bytes")
        assertDamaged([0xFF, 0xD8] + noise, "SOI, then random bytes")
        // Cut anywhere after its header (libjpeg would fill the rest with grey, with a warning).
        let scan = try XCTUnwrap((0..<(original.count - 1)).first { original[$0] == 0xFF && original[$0 + 1] == 0xDA })
        for length in stride(from: scan + 20, to: original.count - 2, by: 97) {
            assertDamaged(Array(original[0..<length]), "cut at \(length)")
        }
        // Any cut and any byte changed: an answer or an error, never a crash.
        for length in stride(from: 0, to: original.count, by: 7) {
            _ = try? JPEGLosslessEdit.apply(ImageEdit(transform: .turnLeft), toJPEG: Array(original[0..<length]), orientation: 3)
        }
        for index in stride(from: 0, to: min(original.count, 700), by: 3) {
            var changed = original
            changed[index] ^= 0x5A
            _ = try? JPEGLosslessEdit.apply(ImageEdit(transform: .flipVertical), toJPEG: changed, orientation: 1)
        }
    }

    /// A frame header declaring 65500 × 65500 is refused before libjpeg allocates its blocks.
    func testASizeBombIsRefusedByItsHeader() throws {
        var bomb = try Self.jpeg(fixtures, width: 16, height: 16)
        let sof = try XCTUnwrap((0..<(bomb.count - 1)).first { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC0 })
        bomb.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFF, 0xDC, 0xFF, 0xDC])
        XCTAssertThrowsError(try JPEGLosslessEdit.apply(ImageEdit(transform: .turnRight), toJPEG: bomb, orientation: 1)) { error in
            XCTAssertEqual(error as? LoadError, .tooLarge(width: 65500, height: 65500))
        }
    }
}
