import CGtk
import Foundation
import GObjectSupport
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Hostile and broken documents (BEHAVIOUR G1, F5): each costs its own tab a clear page,
/// never the app, and what can be shown is shown. Made here, by hand.
final class BadDocumentTests: XCTestCase {
    let fixtures = Fixtures()

    override func tearDown() {
        DecoderPool.deactivate()
        DecoderHelper.hangSeconds = 10
        super.tearDown()
    }

    typealias F = DocumentFixtures

    /// A catalog, a page tree of `pages` and the pages' objects after them.
    func document(pages: [[UInt8]], extra: [[UInt8]] = [], trailer: String = "") -> [UInt8] {
        let first = 3 + extra.count
        let kids = (0..<pages.count).map { "\(first + $0) 0 R" }.joined(separator: " ")
        return F.rawPDF(
            [F.object("<< /Type /Catalog /Pages 2 0 R >>"), F.object("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")]
                + extra + pages, trailer: trailer)
    }

    func testEncryptionByAnUnknownMethodSaysSoInsteadOfAskingForAPassword() throws {
        let encrypt = F.object(
            "<< /Filter /FOPN_foweb /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) /P -4 >>")
        let bytes = document(
            pages: [F.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>")], extra: [encrypt],
            trailer: "/Encrypt 3 0 R /ID [<01020304> <01020304>]")
        let path = RawPath(fixtures.bytes("foweb.pdf", bytes).path)
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path)) { error in
            guard case .unreadable(let detail) = error as? LoadError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("FOPN_foweb"), detail)
        }
    }

    func testAPageOfTwoHundredInchesASideOpensDrawnReduced() throws {
        // 14 400 points: 19 200 pixels a side at 96 dpi, 369 megapixels, beyond Iro's limits.
        let bytes = document(pages: [
            F.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>"),
            F.stream("1 0 0 rg 0 0 7200 7200 re f"),
        ])
        let path = RawPath(fixtures.bytes("poster.pdf", bytes).path)
        try DecoderSandboxTests.activateHelper()
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, detail: .screen(side: 1000)))
        XCTAssertTrue(ImageLimits.allows(width: image.imageWidth, height: image.imageHeight), "its 100 % is within the limits")
        XCTAssertEqual(image.imageWidth, image.imageHeight)
        XCTAssertGreaterThan(image.imageWidth, 10_000, "still large")
        XCTAssertEqual([image.width, image.height], [1000, 1000], "drawn at the screen's size")
        let pixel = RenderedPixels(pixbuf: image.pixbuf)
        XCTAssertEqual(pixel.pixel(100, 900), RGBA(255, 0, 0), "the red quarter at the bottom left")
        XCTAssertEqual(pixel.pixel(900, 100), RGBA(255, 255, 255))
    }

    func testAPageThatNeverEndsDrawingStopsItsHelperAndSaysSo() throws {
        // Forms drawing forms: 60⁶ rectangles, which would take days.
        var forms = [F.stream("0 0 1 1 re f", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 1 1]")]
        for level in 1...6 {
            forms.append(
                F.stream(
                    String(repeating: "/X Do ", count: 60),
                    dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /X \(2 + level) 0 R >> >>"))
        }
        // Objects: 1 catalog, 2 pages, 3…9 the forms, 10 the page, 11 its content.
        let bytes = F.rawPDF(
            [F.object("<< /Type /Catalog /Pages 2 0 R >>"), F.object("<< /Type /Pages /Kids [10 0 R] /Count 1 >>")] + forms + [
                F.object(
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Resources << /XObject << /X 9 0 R >> >> /Contents 11 0 R >>"),
                F.stream("/X Do"),
            ])
        let path = RawPath(fixtures.bytes("endless.pdf", bytes).path)
        try DecoderSandboxTests.activateHelper()
        DecoderHelper.hangSeconds = 1
        XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path, detail: .screen(side: 200))) { error in
            guard case .decoderStopped(let detail) = error as? LoadError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("stopped responding"), detail)
        }
        DecoderHelper.hangSeconds = 10
        // The pool goes on with a fresh helper.
        let good = RawPath(
            fixtures.bytes("good.pdf", document(pages: [F.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>")])).path)
        XCTAssertEqual(try ImageDecoder.decodeSynchronously(path: good)?.imageWidth, 96)
    }

    func testADocumentOfAHundredThousandPagesOpensAtAnyPage() throws {
        let count = 100_000
        let pages = (0..<count).map { _ in F.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 144] >>") }
        let path = RawPath(fixtures.bytes("many.pdf", document(pages: pages)).path)
        try DecoderSandboxTests.activateHelper()
        let last = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, page: DocumentPage(count - 1)))
        XCTAssertEqual(last.pageCount, count)
        XCTAssertEqual([last.imageWidth, last.imageHeight], [96, 192])
    }

    /// The fuzzer's find: a PDF that opens with no pages was refused and then freed twice.
    func testADocumentWithoutPagesIsDamagedAndFreedOnce() throws {
        let path = RawPath(fixtures.bytes("empty.pdf", document(pages: [])).path)
        for _ in 0..<3 {
            XCTAssertThrowsError(try ImageDecoder.decodeSynchronously(path: path)) { error in
                XCTAssertEqual(error as? LoadError, .damaged(detail: "the document has no pages"))
            }
        }
    }

    /// A JPEG 2000 (JPX) image that declares 100 000 × 100 000 pixels in one tile, on a small
    /// page: OpenJPEG, under poppler in the helper, gives it up (the helper's memory cap).
    func testAJPXBombCostsOnlyItsHelper() throws {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        let side = 100_000
        var codestream: [UInt8] = [0xFF, 0x4F] // SOC
        // SIZ: the image and its one tile 100 000 pixels square, one 8-bit component.
        codestream += [0xFF, 0x51] + u16(41) + u16(0) + u32(side) + u32(side) + u32(0) + u32(0) + u32(side) + u32(side)
        codestream += u32(0) + u32(0) + u16(1) + [7, 1, 1]
        // COD: no decomposition, 64 × 64 code blocks, the reversible transform; QCD: none.
        codestream += [0xFF, 0x52] + u16(12) + [0, 0] + u16(1) + [0, 0, 4, 4, 0, 1]
        codestream += [0xFF, 0x5C] + u16(4) + [0x40, 0x48]
        codestream += [0xFF, 0x90] + u16(10) + u16(0) + u32(0) + [0, 1] + [0xFF, 0x93] // SOT, SOD: no data
        codestream += [0xFF, 0xD9] // EOC
        try assertImageBombCostsOnlyItsHelper(
            named: "jpx-bomb.pdf", image: "/Width \(side) /Height \(side) /Filter /JPXDecode", data: codestream)
    }

    /// An image of JBIG2 data that declares 100 000 × 100 000 pixels (1.25 GB of bits) on a
    /// small page: drawn in this process it takes 1.3 GB; in the helper its memory cap stops it.
    func testAJBIG2BombCostsOnlyItsHelper() throws {
        var segment: [UInt8] = [0, 0, 0, 0, 48, 0, 1, 0, 0, 0, 19]
        for value in [100_000, 100_000, 0, 0] { segment += [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
        segment += [0, 0, 0]
        try assertImageBombCostsOnlyItsHelper(
            named: "jbig2-bomb.pdf",
            image: "/Width 100000 /Height 100000 /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter /JBIG2Decode", data: segment)
    }

    /// A page of 200 points drawing one image (`image`: its dictionary's entries, `data`: its
    /// stream) is drawn in the helper without it, or fails clearly; and the pool goes on.
    private func assertImageBombCostsOnlyItsHelper(named name: String, image: String, data: [UInt8]) throws {
        let object =
            Array("<< /Type /XObject /Subtype /Image \(image) /Length \(data.count) >>\nstream\n".utf8) + data
            + Array("\nendstream".utf8)
        let bytes = F.rawPDF([
            F.object("<< /Type /Catalog /Pages 2 0 R >>"), F.object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            F.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im 5 0 R >> >> /Contents 4 0 R >>"),
            F.stream("q 200 0 0 200 0 0 cm /Im Do Q"), object,
        ])
        let path = RawPath(fixtures.bytes(name, bytes).path)
        try DecoderSandboxTests.activateHelper()
        do {
            let shown = try ImageDecoder.decodeSynchronously(path: path, detail: .screen(side: 200))
            XCTAssertEqual(shown?.pageCount, 1, "drawn without the image it could not hold")
        } catch {
            switch error as? LoadError {
            case .decoderStopped?, .needsTooMuchMemory?, .damaged?: break
            default: XCTFail("a clear failure, got \(error)")
            }
        }
        let good = RawPath(
            fixtures.bytes("good.pdf", document(pages: [F.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>")])).path)
        XCTAssertEqual(try ImageDecoder.decodeSynchronously(path: good)?.imageWidth, 96, "the pool goes on")
    }
}
