import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@_spi(Fuzzing) @testable import IroImaging

/// Save a Copy of a PDF with markup (BEHAVIOUR I4): a new PDF with every page, each page's
/// markup drawn on it where it was drawn on screen, and the pages' text still text (what
/// `pdftotext` reads); made in this process and in the sandboxed helper alike.
final class MarkedUpPDFTests: XCTestCase {
    let fixtures = Fixtures()

    override func tearDown() {
        DecoderPool.deactivate()
        super.tearDown()
    }

    /// A thick red line across the second page's green top third (image pixels at 100 %:
    /// the page is 560 × 400), and a word of markup text under it.
    static func markup() throws -> MarkupDocument {
        var layer = MarkupLayer()
        let points = [MarkupPoint(x: 60, y: 50), MarkupPoint(x: 500, y: 50)]
        let stroke = try XCTUnwrap(MarkupStroke(id: 0, tool: .pen, colour: .red, width: 12, points: points))
        layer.add(.stroke(stroke))
        layer.add(.text(MarkupText(id: 0, origin: Point(x: 60, y: 90), text: "Checked", colour: .black, size: 20)))
        var document = MarkupDocument()
        document[1] = layer
        return document
    }

    func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
        let channels = Int(gdk_pixbuf_get_n_channels(image.pixbuf))
        let p = gdk_pixbuf_read_pixels(image.pixbuf)! + y * Int(gdk_pixbuf_get_rowstride(image.pixbuf)) + x * channels
        return (0..<3).map { Int(p[$0]) }
    }

    func checkCopy(inHelper: Bool, locked: Bool = false) throws {
        var source = fixtures.url("three.pdf")
        DocumentFixtures.writePDF(DocumentPagesTests.pages, to: source)
        if locked {
            let target = fixtures.url("locked.pdf")
            try DocumentFixtures.lockPDF(source, password: "sesame", to: target)
            source = target
        }
        if inHelper { try DecoderSandboxTests.activateHelper() }
        let bytes = try ImageDecoder.markUpPDF(
            path: RawPath(source.path), page: DocumentPage(0, password: locked ? "sesame" : nil), markup: try Self.markup())
        let copy = fixtures.url("marked.pdf")
        try Data(bytes).write(to: copy)
        let path = RawPath(copy.path)
        let want: [(size: [Int], colour: [Int])] = [([400, 560], [255, 0, 0]), ([560, 400], [0, 255, 0]), ([267, 267], [0, 0, 255])]
        for (page, expected) in want.enumerated() {
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(page)))
            XCTAssertEqual(image.pageCount, 3, "every page is in the copy")
            XCTAssertEqual([image.imageWidth, image.imageHeight], expected.size, "page \(page + 1) keeps its size")
            XCTAssertEqual(pixel(image, 5, 5), expected.colour, "page \(page + 1) as it was")
            if page == 1 {
                let ink = pixel(image, 280, 50)
                XCTAssertTrue(ink[0] > 180 && ink[1] < 90 && ink[2] < 90, "the stroke where it was drawn: \(ink)")
                XCTAssertEqual(pixel(image, 280, 70), [0, 255, 0], "and nowhere else")
            } else if page == 2 {
                XCTAssertEqual(pixel(image, 100, 50), [0, 0, 255], "another page's markup stays on its own page")
            }
        }
        // The pages' text is text still, and so is the markup's.
        let text = fixtures.url("marked.txt")
        try HEIFFixtures.run("pdftotext", [copy.path, text.path])
        let extracted = try String(contentsOf: text, encoding: .utf8)
        for words in ["Page one", "Page two", "Page three", "Checked"] {
            XCTAssertTrue(extracted.contains(words), "“\(words)” extracted from \(extracted.debugDescription)")
        }
    }

    func testACopyInThisProcessKeepsEveryPageItsTextAndTheMarkup() throws { try checkCopy(inHelper: false) }

    func testACopyMadeInTheHelperKeepsEveryPageItsTextAndTheMarkup() throws { try checkCopy(inHelper: true) }

    func testALockedPDFIsCopiedWithItsPassword() throws { try checkCopy(inHelper: true, locked: true) }

    /// A copy without the password is refused as the document is: the password is asked for.
    func testALockedPDFWithoutItsPasswordIsNotCopied() throws {
        let source = fixtures.url("three.pdf")
        DocumentFixtures.writePDF(DocumentPagesTests.pages, to: source)
        let locked = fixtures.url("locked.pdf")
        try DocumentFixtures.lockPDF(source, password: "sesame", to: locked)
        try DecoderSandboxTests.activateHelper()
        XCTAssertThrowsError(try ImageDecoder.markUpPDF(path: RawPath(locked.path), page: .first, markup: try Self.markup())) {
            XCTAssertEqual($0 as? LoadError, .needsPassword(wrong: false))
        }
    }

    /// Whatever the helper is sent as markup, it answers with a failure and goes on serving.
    func testBytesThatAreNotMarkupAreAFailureNotACrash() throws {
        let source = fixtures.url("three.pdf")
        DocumentFixtures.writePDF(DocumentPagesTests.pages, to: source)
        let bundle = Array("IRM1".utf8) + [1, 0, 0, 0, 1, 0, 0, 0, 255, 255, 0, 0]
        XCTAssertThrowsError(try MarkedUpPDF.make(ImageSource(path: RawPath(source.path)), bundle: bundle, isCancelled: { false }))
        XCTAssertThrowsError(
            try MarkedUpPDF.make(ImageSource(path: RawPath(source.path)), bundle: Array("IRM1".utf8), isCancelled: { false }))
        let notPDF = fixtures.image("red.png", width: 4, height: 4) { _, _ in RGBA(255, 0, 0) }
        XCTAssertThrowsError(try MarkedUpPDF.make(ImageSource(path: RawPath(notPDF.path)), layers: [:], isCancelled: { false })) {
            XCTAssertEqual($0 as? LoadError, .unsupportedFormat)
        }
    }
}
