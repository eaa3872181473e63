import IroCore
import XCTest

/// BEHAVIOUR F5: the decoder protocol reads back what was written, and refuses anything a
/// broken or hostile helper could send: cut, padded, out of range, not UTF-8.
final class DecoderMessagesTests: XCTestCase {
    let pixels = DecodedPixels(
        width: 640, height: 480, stride: 1920, hasAlpha: false, imageWidth: 5120, imageHeight: 3840, formatName: "jpeg",
        damage: "the JPEG data ends early")

    func testRequestsAndRepliesRoundTrip() throws {
        let requests: [DecoderRequest] = [
            .decode(id: 1, name: Array("a b.jpg".utf8), detail: .full),
            .decode(id: 2, name: [0xFF, 0x2E, 0x70], detail: .screen(width: 1920, height: 1080)),
            .decode(id: 3, name: [], detail: .scale(0.25)),
            .region(id: 4, name: Array("x.svg".utf8), rect: PixelRect(x: 10, y: 20, width: 300, height: 200), detail: 2.5),
            .decode(id: 9, name: Array("book.pdf".utf8), detail: .screen(width: 800, height: 600), page: DocumentPage(351)),
            .decode(id: 11, name: Array("locked.pdf".utf8), detail: .full, page: DocumentPage(0, password: "sésame 開け")),
            .region(
                id: 10, name: Array("scan.tiff".utf8), rect: PixelRect(x: 0, y: 0, width: 8, height: 8), detail: 4, page: DocumentPage(2)),
            .cancel(id: 5), .nextFrame(id: 7), .metadata(id: 8, name: Array("IMG_1.JPG".utf8)), .forbidden(id: 6, what: 2),
            .thumbnail(id: 12, record: ThumbnailRecord(uri: "file:///tmp/%E7%8C%AB.jpg", modified: -5, bytes: 1 << 40)),
            .saveEdit(
                id: 13, name: Array("photo.jpg".utf8),
                edit: ImageEdit(
                    transform: ImageTransform(quarterTurns: 3, mirrored: true), crop: PixelRect(x: 16, y: 8, width: 580, height: 420),
                    hue: 0.25),
                format: .jpeg(quality: 87)),
            .saveEdit(id: 14, name: Array("a.png".utf8), edit: .none, format: .png),
            .saveEdit(id: 15, name: Array("b.webp".utf8), edit: ImageEdit(transform: .turnRight), format: .webpLossless),
            .saveEdit(id: 16, name: Array("c.jpg".utf8), edit: ImageEdit(hue: 0.6), format: .jpeg(quality: nil)),
            .markUpPDF(id: 17, name: Array("slides.pdf".utf8), page: DocumentPage(0, password: "pass")),
        ]
        for request in requests { XCTAssertEqual(try DecoderRequest(bytes: request.bytes), request) }
        var region = pixels
        region.region = (PixelRect(x: 4, y: 8, width: 640, height: 480), 0.5, .infinity)
        var page = pixels
        page.pageCount = 27
        var frame = pixels
        (frame.imageWidth, frame.imageHeight) = (frame.width, frame.height)
        let replies: [DecoderReply] = [
            .progress(id: 1, fraction: 0.5), .image(id: 2, pixels), .image(id: 3, region), .nothing(id: 4),
            .frame(id: 5, frame, frameCount: 12, delay: 70), .frame(id: 5, frame, frameCount: nil, delay: nil),
            .failure(id: 6, .damaged(detail: "cut")), .failure(id: 7, .tooLarge(width: 70_000, height: 2)),
            .failure(id: 8, .needsTooMuchMemory(limitMegabytes: 4096)), .failure(id: 9, .unsupportedFormat),
            .image(id: 10, page), .failure(id: 11, .needsPassword(wrong: false)), .failure(id: 12, .needsPassword(wrong: true)),
            .encoded(id: 13, length: 123_456),
        ]
        for reply in replies { XCTAssertEqual(try DecoderReply(bytes: reply.bytes), reply) }
        for photo in [PhotoMetadata(), Self.photo] {
            XCTAssertEqual(try DecoderReply(bytes: DecoderReply.metadata(id: 3, photo).bytes), .metadata(id: 3, photo))
        }
    }

    static let photo: PhotoMetadata = {
        var photo = PhotoMetadata()
        (photo.make, photo.model, photo.lens, photo.taken) = ("Canon", "Canon EOS 5D", "EF 50mm f/1.8", "2024:05:01 12:34:56")
        (photo.flash, photo.description, photo.author, photo.copyright) = ("Fired", "Kyoto, 京都", "A. Person", "© 2024")
        (photo.exposure, photo.fNumber, photo.focalLength, photo.iso) = ((1, 250), 1.8, 50, 400)
        (photo.position, photo.altitude) = ((35.0116, 135.7681), -12.5)
        return photo
    }()

    /// Metadata text longer than a message carries is cut between characters, so it still reads.
    func testLongTextIsCutBetweenCharacters() throws {
        var photo = PhotoMetadata()
        photo.description = String(repeating: "a", count: WireReader.maxText - 1) + "京都"
        guard case .metadata(_, let read) = try DecoderReply(bytes: DecoderReply.metadata(id: 1, photo).bytes) else {
            return XCTFail("not metadata")
        }
        XCTAssertEqual(read.description, String(repeating: "a", count: WireReader.maxText - 1))
    }

    func testEveryCutOrPaddedMessageIsRefused() {
        let bytes = DecoderReply.image(id: 2, pixels).bytes
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try DecoderReply(bytes: Array(bytes.prefix(length))), "cut at \(length)")
        }
        XCTAssertThrowsError(try DecoderReply(bytes: bytes + [0]), "a byte too many")
        XCTAssertThrowsError(try DecoderRequest(bytes: DecoderRequest.cancel(id: 1).bytes + [0]))
    }

    func testFieldsOutOfRangeAreRefused() {
        func image(_ change: (inout DecodedPixels) -> Void) -> [UInt8] {
            var changed = pixels
            change(&changed)
            return DecoderReply.image(id: 1, changed).bytes
        }
        let lies: [(String, [UInt8])] = [
            ("no width", image { $0.width = 0 }),
            ("wider than a side may be", image { $0.width = 40_000 }),
            ("more pixels than allowed", image { ($0.width, $0.height, $0.stride) = (32_000, 32_000, 96_000) }),
            ("a stride shorter than a row", image { $0.stride = 100 }),
            ("a stride far beyond a row", image { $0.stride = 1_000_000 }),
            ("a region whose size is not the pixels'", image { $0.region = (PixelRect(x: 0, y: 0, width: 2, height: 2), 1, 1) }),
            ("no pages", image { $0.pageCount = 0 }),
            ("more pages than a document may have", image { $0.pageCount = DecodedPixels.maxPages + 1 }),
        ]
        for (what, bytes) in lies { XCTAssertThrowsError(try DecoderReply(bytes: bytes), what) }
        XCTAssertThrowsError(
            try DecoderReply(bytes: DecoderReply.frame(id: 1, pixels, frameCount: 2, delay: 20).bytes), "a frame of part of an image")
        var frame = pixels
        (frame.imageWidth, frame.imageHeight) = (frame.width, frame.height)
        var negativeDelay = DecoderReply.frame(id: 1, frame, frameCount: 2, delay: 20).bytes
        for index in (negativeDelay.count - 4)..<negativeDelay.count { negativeDelay[index] = 0xF0 }
        XCTAssertThrowsError(try DecoderReply(bytes: negativeDelay), "a delay below -1")
        func photo(_ change: (inout PhotoMetadata) -> Void) -> [UInt8] {
            var changed = Self.photo
            change(&changed)
            return DecoderReply.metadata(id: 1, changed).bytes
        }
        let photoLies: [(String, [UInt8])] = [
            ("a latitude off the Earth", photo { $0.position = (91, 0) }),
            ("a negative exposure", photo { $0.exposure = (-1, 100) }),
            ("an exposure over nothing", photo { $0.exposure = (1, 0) }),
            ("an infinite altitude", photo { $0.altitude = .infinity }),
            ("a negative f-number", photo { $0.fNumber = -2 }),
        ]
        for (what, bytes) in photoLies { XCTAssertThrowsError(try DecoderReply(bytes: bytes), what) }
        var notUTF8 = DecoderReply.failure(id: 1, .damaged(detail: "ab")).bytes
        notUTF8[notUTF8.count - 1] = 0xFF
        XCTAssertThrowsError(try DecoderReply(bytes: notUTF8), "text that is not UTF-8")
        var wrongMagic = DecoderReply.nothing(id: 1).bytes
        wrongMagic[0] ^= 1
        XCTAssertThrowsError(try DecoderReply(bytes: wrongMagic))
        var nanProgress = DecoderReply.progress(id: 1, fraction: 0.5).bytes
        for index in (nanProgress.count - 8)..<nanProgress.count { nanProgress[index] = 0xFF }
        XCTAssertThrowsError(try DecoderReply(bytes: nanProgress), "NaN progress")
    }

    /// BEHAVIOUR G10: a page's text comes in answers that fit in a message, and a character
    /// that is no Unicode scalar, or a box beyond what a page measures, is refused.
    func testPageTextRoundTripsFitsInAMessageAndIsChecked() throws {
        let request = DecoderRequest.text(id: 4, name: Array("book.pdf".utf8), page: DocumentPage(3, password: "pw"), from: 6000)
        XCTAssertEqual(try DecoderRequest(bytes: request.bytes), request)
        let glyphs = [
            PageText.Glyph("京", TextMatches.Area(x: 10.5, y: 20.25, width: 12, height: 16)),
            PageText.Glyph("\n", TextMatches.Area(x: 22.5, y: 20.25, width: 0, height: 16)),
        ]
        XCTAssertEqual(try DecoderReply(bytes: DecoderReply.text(id: 5, total: 2, glyphs).bytes), .text(id: 5, total: 2, glyphs))
        let full = Array(
            repeating: PageText.Glyph("w", TextMatches.Area(x: 30_000, y: 30_000, width: 9, height: 9)), count: PageText.glyphsPerReply)
        let fullBytes = DecoderReply.text(id: 6, total: PageText.maxGlyphs, full).bytes
        XCTAssertLessThanOrEqual(fullBytes.count, DecoderReply.maxBytes, "the most characters an answer carries fit in a message")
        XCTAssertEqual(try DecoderReply(bytes: fullBytes), .text(id: 6, total: PageText.maxGlyphs, full))
        // The character of the first glyph sits right after the two counts.
        let start = 4 + 1 + 4 + 4 + 4
        var surrogate = DecoderReply.text(id: 7, total: 1, [glyphs[0]]).bytes
        surrogate.replaceSubrange(start..<(start + 4), with: [0x00, 0xD8, 0, 0])
        XCTAssertThrowsError(try DecoderReply(bytes: surrogate), "a surrogate is no character")
        var farBox = DecoderReply.text(id: 7, total: 1, [glyphs[0]]).bytes
        farBox.replaceSubrange((start + 4)..<(start + 8), with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertThrowsError(try DecoderReply(bytes: farBox), "a box beyond any page")
        XCTAssertThrowsError(
            try DecoderReply(bytes: DecoderReply.text(id: 8, total: 1, glyphs).bytes), "more characters than the page was said to have")
    }
}
