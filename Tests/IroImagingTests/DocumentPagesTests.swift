import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@_spi(Fuzzing) @testable import IroImaging

/// Documents with pages (BEHAVIOUR G1): every page of a PDF (poppler) and of a multi-page
/// TIFF (libtiff), each with its own size, decoded on its own, in this process and through
/// the sandboxed helper.
final class DocumentPagesTests: XCTestCase {
    let fixtures = Fixtures()

    override func tearDown() {
        DecoderPool.deactivate()
        super.tearDown()
    }

    static let pages = [
        DocumentFixtures.PDFPage(width: 300, height: 420, colour: (1, 0, 0), text: "Page one"),
        DocumentFixtures.PDFPage(width: 420, height: 300, colour: (0, 1, 0), text: "Page two"),
        DocumentFixtures.PDFPage(width: 200, height: 200, colour: (0, 0, 1), text: "Page three"),
    ]

    func madePDF(_ name: String = "three.pdf") -> URL {
        let url = fixtures.url(name)
        DocumentFixtures.writePDF(Self.pages, to: url)
        return url
    }

    func pixel(_ pixbuf: OpaquePointer, _ x: Int, _ y: Int) -> [Int] {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let p = gdk_pixbuf_read_pixels(pixbuf)! + y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * channels
        return (0..<3).map { Int(p[$0]) }
    }

    /// How many pixels of the rows `rows` are dark (text).
    func inkCount(_ pixbuf: OpaquePointer, rows: Range<Int>) -> Int {
        var count = 0
        for y in rows {
            for x in 0..<Int(gdk_pixbuf_get_width(pixbuf)) where pixel(pixbuf, x, y).allSatisfy({ $0 < 100 }) { count += 1 }
        }
        return count
    }

    func testEveryPageOfAPDFHasItsOwnSizeAndColour() throws {
        let path = RawPath(madePDF().path)
        let header = try InProcessDecoder.readHeader(ImageSource(path: path, page: DocumentPage(1)))
        XCTAssertEqual(header.formatName, "pdf")
        XCTAssertEqual(header.pageCount, 3)
        XCTAssertEqual([header.width, header.height], [560, 400], "420 × 300 points at 96 dpi")
        let expected: [(size: [Int], colour: [Int])] = [
            ([400, 560], [255, 0, 0]), ([560, 400], [0, 255, 0]), ([267, 267], [0, 0, 255]),
        ]
        for (page, want) in expected.enumerated() {
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(page)))
            XCTAssertEqual(image.pageCount, 3)
            XCTAssertEqual([image.imageWidth, image.imageHeight], want.size, "page \(page + 1)")
            XCTAssertEqual([image.width, image.height], want.size, "drawn whole at 100 %")
            XCTAssertEqual(pixel(image.pixbuf, 5, 5), want.colour, "page \(page + 1)'s own colour")
            XCTAssertEqual(pixel(image.pixbuf, image.width - 5, image.height / 2 - 2), [255, 255, 255], "the white band")
            XCTAssertGreaterThan(inkCount(image.pixbuf, rows: image.height / 3..<image.height * 2 / 3), 50, "its text is drawn")
        }
    }

    func testAPageIsDrawnAtTheScreensDetailAndItsTextSharpPastOneHundredPercent() throws {
        let path = RawPath(madePDF().path)
        let small = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, detail: .screen(side: 140)))
        XCTAssertEqual([small.width, small.height], [100, 140], "drawn at the screen's size, not reduced from 100 %")
        XCTAssertEqual([small.imageWidth, small.imageHeight], [400, 560])
        // Four times 100 %: a part of the text band drawn at that scale, not magnified.
        let wanted = PixelRect(x: 0, y: 200, width: 200, height: 80)
        let region = try XCTUnwrap(try ImageDecoder.decodeRegionSynchronously(path: path, covering: wanted, detail: 4))
        XCTAssertEqual(region.rect, PixelRect(x: 0, y: 800, width: 800, height: 320))
        XCTAssertEqual(region.maxScale, .infinity, "a page has no finest detail")
        // Sharp: text drawn at 4× has edges one or two pixels wide, so nearly every pixel of
        // the band is either ink or paper; a 4× magnification of 100 % would be mostly grey.
        var grey = 0, ink = 0
        for y in stride(from: 0, to: 320, by: 2) {
            for x in stride(from: 0, to: 800, by: 2) {
                let value = pixel(region.pixbuf, x, y)[0]
                if value < 60 { ink += 1 } else if value < 200 { grey += 1 }
            }
        }
        XCTAssertGreaterThan(ink, 200, "the text is there")
        XCTAssertLessThan(Double(grey), Double(ink) * 0.6, "edges, not blur: \(grey) grey against \(ink) ink")
    }

    func testThePagesComeThroughTheSandboxedHelper() throws {
        let path = RawPath(madePDF().path)
        try DecoderSandboxTests.activateHelper()
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(2)))
        XCTAssertEqual([image.imageWidth, image.imageHeight, image.pageCount], [267, 267, 3])
        XCTAssertEqual(pixel(image.pixbuf, 3, 3), [0, 0, 255])
        let region = try XCTUnwrap(
            try ImageDecoder.decodeRegionSynchronously(
                path: path, page: DocumentPage(1), covering: PixelRect(x: 0, y: 0, width: 40, height: 40), detail: 2))
        XCTAssertEqual(region.rect, PixelRect(x: 0, y: 0, width: 80, height: 80))
        XCTAssertEqual(pixel(region.pixbuf, 10, 10), [0, 255, 0], "page two's region")
    }

    func testAPageBeyondTheLastIsRefusedAsDamaged() throws {
        let path = RawPath(madePDF().path)
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(3))) { error in
            guard case .damaged(let detail) = error as? LoadError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("no page 4"), detail)
        }
    }

    func testABrokenCrossReferenceTableIsRepairedAndShown() throws {
        var bytes = fixtures.data(of: madePDF())
        // Every offset of the table off by a few bytes: poppler rebuilds it by scanning the file.
        let text = String(decoding: bytes, as: Unicode.ASCII.self)
        let xref = try XCTUnwrap(text.range(of: "\nxref\n")).upperBound.utf16Offset(in: text)
        for index in xref..<min(bytes.count, xref + 400) where bytes[index] >= 0x31 && bytes[index] <= 0x38 { bytes[index] += 1 }
        let path = RawPath(fixtures.bytes("broken-xref.pdf", bytes).path)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(1)))
        XCTAssertEqual(image.pageCount, 3)
        XCTAssertEqual(pixel(image.pixbuf, 5, 5), [0, 255, 0])
    }

    func testTextThatIsNoPDFAfterItsSignatureIsDamaged() throws {
        let path = RawPath(fixtures.bytes("garbage.pdf", Array("%PDF-1.7\nnothing here but words\n".utf8)).path)
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path)) { error in
            guard case .damaged = error as? LoadError else { return XCTFail("\(error)") }
        }
    }

    func testALockedPDFAsksForItsPasswordSaysWhenItIsWrongAndOpensWithIt() throws {
        let locked = fixtures.url("locked.pdf")
        try DocumentFixtures.lockPDF(madePDF(), password: "sésame", to: locked)
        let path = RawPath(locked.path)
        for inHelper in [false, true] {
            if inHelper { try DecoderSandboxTests.activateHelper() }
            XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path)) { error in
                XCTAssertEqual(error as? LoadError, .needsPassword(wrong: false), "no password given")
            }
            XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(0, password: "sesame"))) { error in
                XCTAssertEqual(error as? LoadError, .needsPassword(wrong: true), "the wrong one")
            }
            let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(1, password: "sésame")))
            XCTAssertEqual([image.imageWidth, image.imageHeight, image.pageCount], [560, 400, 3], inHelper ? "in the helper" : "here")
            XCTAssertEqual(pixel(image.pixbuf, 5, 5), [0, 255, 0])
        }
    }

    func testAPagesLinksAreReadWithTheirAreasAndTargets() throws {
        let url = fixtures.url("links.pdf")
        DocumentFixtures.writePDF(
            [
                .init(
                    width: 300, height: 420, colour: (1, 0, 0), text: "one",
                    links: [(20, 20, 90, 30, "dest='three'"), (20, 330, 120, 30, "uri='https://example.org/iro'")]),
                .init(width: 420, height: 300, colour: (0, 1, 0), text: "two"),
                .init(width: 200, height: 200, colour: (0, 0, 1), text: "three", destination: "three"),
            ], to: url)
        let path = RawPath(url.path)
        for inHelper in [false, true] {
            if inHelper { try DecoderSandboxTests.activateHelper() }
            let links = try awaitResult { try await ImageDecoder.links(path: path, page: .first) }
            XCTAssertEqual(links.count, 2, inHelper ? "in the helper" : "here")
            let toPage = try XCTUnwrap(links.first { $0.target == .page(2) }, "the link to page three")
            // Points at 96 dpi: 4/3 of a pixel each, from the page's top left.
            XCTAssertEqual(toPage.x, 20 * 4 / 3, accuracy: 1)
            XCTAssertEqual(toPage.y, 20 * 4 / 3, accuracy: 1)
            XCTAssertEqual(toPage.width, 90 * 4 / 3, accuracy: 1)
            XCTAssertEqual(toPage.height, 30 * 4 / 3, accuracy: 1)
            let web = try XCTUnwrap(links.first { $0.target == .uri("https://example.org/iro") }, "the web link")
            XCTAssertEqual(web.y, 330 * 4 / 3, accuracy: 1)
            XCTAssertEqual(try awaitResult { try await ImageDecoder.links(path: path, page: DocumentPage(1)) }, [], "page two has none")
        }
    }

    func testTextIsFoundOnItsPagesAndAPageWithoutTextSaysSo() throws {
        let url = fixtures.url("words.pdf")
        DocumentFixtures.writePDF(
            [
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "alpha one"),
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "beta two"),
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "Alpha three alpha"),
                .init(width: 300, height: 420, colour: (0, 0, 1), text: ""),
            ], to: url)
        let path = RawPath(url.path)
        for inHelper in [false, true] {
            if inHelper { try DecoderSandboxTests.activateHelper() }
            let pages = try awaitResult { try await ImageDecoder.find("alpha", path: path, page: .first, count: 16) }
            XCTAssertEqual(pages.map(\.page), [0, 1, 2, 3], "every page, and no further than the last")
            XCTAssertEqual(pages.map(\.areas.count), [1, 0, 2, 0], "case is ignored")
            XCTAssertEqual(pages.map(\.hasText), [true, true, true, true], "the document has text, known from the first page")
            let last = try awaitResult { try await ImageDecoder.find("alpha", path: path, page: DocumentPage(3), count: 1) }
            XCTAssertEqual(last.map(\.hasText), [false], "asked alone, the last page says it has none")
            // The match is where the text was written: 20 points in, halfway down (96 dpi).
            let area = try XCTUnwrap(pages.first?.areas.first)
            XCTAssertEqual(area.x, 20 * 4 / 3, accuracy: 2)
            XCTAssertEqual(area.y + area.height, 210 * 4 / 3, accuracy: 8, "its baseline")
            let later = try awaitResult { try await ImageDecoder.find("two", path: path, page: DocumentPage(1), count: 2) }
            XCTAssertEqual(later.map(\.page), [1, 2], "from the page asked")
            XCTAssertEqual(later.first?.areas.count, 1)
        }
    }

    /// A search as the search bar runs it: runs of consecutive pages from the page shown,
    /// round to the start, two requests in flight and the batches in the order of the pages.
    func testASearchComesInTheOrderOfThePagesFromThePageShown() throws {
        XCTAssertTrue(TextSearch.runs(of: [3, 4, 5, 0, 1]).elementsEqual([(3, 3), (0, 2)]) { $0 == $1 })
        XCTAssertTrue(TextSearch.runs(of: Array(0..<40)).elementsEqual([(0, 8), (8, 16), (24, 16)]) { $0 == $1 })
        XCTAssertTrue(
            TextSearch.runs(of: Array(0..<200)).elementsEqual([(0, 8), (8, 16), (24, 32), (56, 48), (104, 48), (152, 48)]) { $0 == $1 },
            "runs grow to the longest a request may be")
        let url = fixtures.url("order.pdf")
        DocumentFixtures.writePDF(
            (0..<40).map { .init(width: 200, height: 200, colour: (1, 1, 1), text: $0 % 10 == 7 ? "needle" : "hay") }, to: url)
        try DecoderSandboxTests.activateHelper()
        let path = RawPath(url.path)
        let order = Array(20..<40) + Array(0..<20)
        let batches = try awaitResult {
            var all: [TextSearch.Batch] = []
            for await batch in TextSearch.pages("needle", of: path, password: nil, order: order) { all.append(batch) }
            return all
        }
        XCTAssertEqual(batches.flatMap { $0.pages.map(\.page) }, order, "every page once, in the order asked")
        XCTAssertEqual(batches.reduce(0) { $0 + $1.searched }, 40)
        XCTAssertEqual(batches.flatMap { $0.pages.filter { !$0.areas.isEmpty }.map(\.page) }, [27, 37, 7, 17])
    }

    /// Answers cut short (here by the size of a message; a request's time running out cuts
    /// them the same way) still come in the order of the pages: the pages an answer left
    /// out are asked before the request already in flight for later pages is taken.
    func testASearchWhoseAnswersAreCutShortStillComesInPageOrder() throws {
        let url = fixtures.url("dense.pdf")
        let line = String(repeating: "e", count: 100)
        DocumentFixtures.writePDF(
            Array(
                repeating: .init(width: 600, height: 420, colour: (1, 1, 1), text: "", body: Array(repeating: line, count: 12)), count: 24),
            to: url)
        try DecoderSandboxTests.activateHelper()
        let batches = try awaitResult {
            var all: [TextSearch.Batch] = []
            for await batch in TextSearch.pages("e", of: RawPath(url.path), password: nil, order: Array(0..<24)) { all.append(batch) }
            return all
        }
        XCTAssertGreaterThan(batches.count, TextSearch.runs(of: Array(0..<24)).count, "some answers were cut short")
        XCTAssertEqual(batches.flatMap { $0.pages.map(\.page) }, Array(0..<24), "every page once, in order")
        XCTAssertEqual(Set(batches.flatMap { $0.pages.map(\.areas.count) }), [1200])
    }

    /// A request for slow pages answers once its time is spent, with the pages done so far
    /// (always one at least), and the search asks for the rest next.
    func testASearchRequestAnswersWhenItsTimeIsSpent() throws {
        let url = fixtures.url("slow.pdf")
        DocumentFixtures.writePDF(Array(repeating: .init(width: 200, height: 200, colour: (1, 1, 1), text: "hay"), count: 6), to: url)
        let source = ImageSource(path: RawPath(url.path))
        let spent = try PDFRendering.find("hay", in: source, count: 6, timeBudget: 0, isCancelled: { false })
        XCTAssertEqual(spent.map(\.page), [0], "a budget spent at once still answers for one page")
        let all = try PDFRendering.find("hay", in: source, count: 6, timeBudget: 60, isCancelled: { false })
        XCTAssertEqual(all.map(\.page), Array(0..<6), "with time enough, every page asked")
    }

    /// A search that finds more than one answer can carry comes in several: the answer
    /// holds fewer pages than asked, and every area of each (before, a reply longer than
    /// 16 KB left the helper waited on for ever).
    func testASearchFindingMoreThanAMessageHoldsComesPageByPage() throws {
        let url = fixtures.url("many.pdf")
        let line = String(repeating: "e", count: 280)
        DocumentFixtures.writePDF(
            Array(repeating: .init(width: 4400, height: 420, colour: (1, 1, 1), text: line), count: 16), to: url)
        try DecoderSandboxTests.activateHelper()
        let path = RawPath(url.path)
        let first = try awaitResult { try await ImageDecoder.find("e", path: path, page: .first, count: 16) }
        XCTAssertGreaterThan(first.count, 0)
        XCTAssertLessThan(first.count, 16, "16 pages of 280 matches are more than one message holds")
        XCTAssertEqual(first.map(\.page), Array(0..<first.count), "the pages from the one asked, in order")
        XCTAssertEqual(Set(first.map(\.areas.count)), [280], "every match of each page it holds")
        let rest = try awaitResult { try await ImageDecoder.find("e", path: path, page: DocumentPage(first.count), count: 16) }
        XCTAssertEqual(rest.first?.page, first.count, "the next request goes on where the answer stopped")
    }

    /// BEHAVIOUR G10: a page's text, each character with its box, in this process and through
    /// the helper; a page with more characters than one answer carries comes whole.
    func testAPagesTextComesWithEveryCharactersBox() throws {
        let url = fixtures.url("text.pdf")
        let body = (0..<80).map { String(format: "%03d ", $0) + String(repeating: "x", count: 96) }
        DocumentFixtures.writePDF(
            [
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "alpha one"),
                .init(width: 600, height: 842, colour: (1, 1, 1), text: "", body: body),
                .init(width: 300, height: 420, colour: (0, 0, 1), text: ""),
            ], to: url)
        let path = RawPath(url.path)
        for inHelper in [false, true] {
            if inHelper { try DecoderSandboxTests.activateHelper() }
            let first = try awaitResult { try await ImageDecoder.text(path: path, page: .first) }
            XCTAssertEqual(first.text(from: 0, to: first.glyphs.count - 1).trimmingCharacters(in: .whitespacesAndNewlines), "alpha one")
            // The "a" is where it was written: 20 points in, its baseline halfway down (96 dpi).
            let a = try XCTUnwrap(first.glyphs.first?.box)
            XCTAssertEqual(a.x, 20 * 4 / 3, accuracy: 2)
            XCTAssertEqual(a.y + a.height, 210 * 4 / 3, accuracy: 8)
            XCTAssertEqual(first.glyph(at: Point(x: a.x + a.width / 2, y: a.y + a.height / 2)), 0)
            let dense = try awaitResult { try await ImageDecoder.text(path: path, page: DocumentPage(1)) }
            XCTAssertGreaterThan(dense.glyphs.count, PageText.glyphsPerReply, "more than one answer's worth")
            let all = dense.text(from: 0, to: dense.glyphs.count - 1)
            XCTAssertTrue(all.hasPrefix("000 xxx"), String(all.prefix(20)))
            XCTAssertTrue(all.contains("079 " + String(repeating: "x", count: 96)), "the last line, whole")
            XCTAssertEqual(try awaitResult { try await ImageDecoder.text(path: path, page: DocumentPage(2)) }.glyphs, [], "no text")
        }
    }

    func testTheOutlineIsReadInOrderWithDepthsAndPages() throws {
        let url = fixtures.url("outlined.pdf")
        DocumentFixtures.writePDF(
            [
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "one", destination: "one"),
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "two", destination: "two"),
                .init(width: 300, height: 420, colour: (1, 1, 1), text: "three", destination: "three"),
            ], outline: [("Introduction", 0, "one"), ("Details", 1, "two"), ("Colours 色", 1, "three"), ("End", 0, "three")], to: url)
        let path = RawPath(url.path)
        for inHelper in [false, true] {
            if inHelper { try DecoderSandboxTests.activateHelper() }
            let outline = try awaitResult { try await ImageDecoder.outline(path: path, page: .first) }
            XCTAssertEqual(
                outline,
                [
                    OutlineEntry(title: "Introduction", depth: 0, page: 0), OutlineEntry(title: "Details", depth: 1, page: 1),
                    OutlineEntry(title: "Colours 色", depth: 1, page: 2), OutlineEntry(title: "End", depth: 0, page: 2),
                ], inHelper ? "in the helper" : "here")
        }
        let plain = RawPath(madePDF("plain.pdf").path)
        XCTAssertEqual(try awaitResult { try await ImageDecoder.outline(path: plain, page: .first) }, [], "none without an outline")
    }

    /// Runs `work` to its end from this synchronous test.
    func awaitResult<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, any Error>?
        Task.detached {
            do { result = .success(try await work()) } catch { result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try XCTUnwrap(result).get()
    }

    /// A request's header and pixels parse the document once: it is kept with the bytes.
    func testTheBytesOfARequestAreParsedOncePerKey() throws {
        final class Parsed {}
        let bytes = ImageBytes(Array("%PDF-1.7".utf8))
        var opened = 0
        func open(_ key: String) throws -> Parsed {
            try bytes.document(key: key) { () throws(LoadError) in
                opened += 1
                return Parsed()
            }
        }
        let first = try open("pdf:")
        XCTAssertTrue(try open("pdf:") === first, "the same document again")
        XCTAssertEqual(opened, 1)
        XCTAssertFalse(try open("pdf:secret") === first, "another password opens it anew")
        XCTAssertEqual(opened, 2)
    }

    // MARK: TIFF

    static let tiffPages = [
        DocumentFixtures.TIFFPage(width: 40, height: 30, rgb: (0, 0, 255)),
        DocumentFixtures.TIFFPage(width: 24, height: 16, rgb: (0, 255, 0), orientation: 6, marksCorner: true),
        DocumentFixtures.TIFFPage(width: 10, height: 50, rgb: (255, 255, 0), orientation: 3, marksCorner: true),
    ]

    func testEveryPageOfATIFFHasItsOwnSizeAndOrientation() throws {
        let path = RawPath(fixtures.bytes("three.tiff", DocumentFixtures.tiff(Self.tiffPages)).path)
        let first = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path))
        XCTAssertEqual([first.width, first.height, first.pageCount], [40, 30, 3])
        XCTAssertEqual(pixel(first.pixbuf, 20, 15), [0, 0, 255])
        // Orientation 6: the stored rows turned a quarter clockwise, so the stored top-left
        // corner (red) is now at the top right.
        let second = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(1)))
        XCTAssertEqual([second.width, second.height, second.pageCount], [16, 24, 3])
        XCTAssertEqual(pixel(second.pixbuf, 15, 0), [255, 0, 0], "the stored top-left, turned to the top right")
        XCTAssertEqual(pixel(second.pixbuf, 0, 0), [0, 255, 0])
        // Orientation 3: turned half round, the corner is at the bottom right.
        let third = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(2)))
        XCTAssertEqual([third.width, third.height], [10, 50])
        XCTAssertEqual(pixel(third.pixbuf, 9, 49), [255, 0, 0])
        XCTAssertEqual(pixel(third.pixbuf, 0, 0), [255, 255, 0])
    }

    func testATIFFOfOnePageStaysAnImage() throws {
        let path = RawPath(fixtures.bytes("one.tiff", DocumentFixtures.tiff([Self.tiffPages[0]])).path)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path))
        XCTAssertEqual([image.width, image.height, image.pageCount], [40, 30, 1])
        XCTAssertEqual(try InProcessDecoder.readHeader(ImageSource(path: path)).pageCount, 1)
    }

    func testATIFFWhosePagesLoopBackHasEachPageOnce() throws {
        let path = RawPath(fixtures.bytes("loop.tiff", DocumentFixtures.tiff(Array(Self.tiffPages[0...1]), loopsBack: true)).path)
        try DecoderSandboxTests.activateHelper()
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(1)))
        XCTAssertEqual(image.pageCount, 2, "the loop is cut where it comes back")
        XCTAssertEqual([image.width, image.height], [16, 24])
    }
}
