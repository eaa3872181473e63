import CGtk
import Foundation
import GtkSupport
import IroCore
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR F4: Print… prints the image as shown, fitted to the page. Checked through GTK's
/// own PDF export (what “Print to File” writes), rendered back with pdftoppm.
final class PrintTests: XCTestCase {
    /// The PDF's first page as pixels, at `dpi`.
    static func render(_ pdf: URL, dpi: Int = 30) throws -> RenderedPixels {
        let stem = pdf.deletingPathExtension().path
        _ = try output("pdftoppm", ["-r", String(dpi), "-png", "-singlefile", pdf.path, stem])
        return try XCTUnwrap(RenderedPixels(pngAt: stem + ".png"))
    }

    /// Prints the selected tab to `pdf` and waits for GTK to finish it.
    @MainActor static func printToPDF(_ window: DocumentWindow, _ pdf: URL) throws {
        var finished = false, failure: String?
        PrintImage.begin(in: window, exportingTo: RawPath(pdf.path)) {
            failure = $0
            finished = true
        }
        XCTAssertTrue(GtkTestEnvironment.pump(timeout: 30) { finished }, "the print operation finished")
        XCTAssertNil(failure)
    }

    /// The bounds of what is not white paper.
    static func inkBounds(_ page: RenderedPixels) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<page.height {
            for x in 0..<page.width where !page.pixel(x, y).isClose(to: RGBA(255, 255, 255), tolerance: 8) {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    func testAWideImagePrintsOnALandscapePageFittedWithItsColours() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.quadrants("wide.png", width: 400, height: 300)]))
            XCTAssertTrue(window.actions.isEnabled("print"))
            let pdf = harness.fixtures.url("wide.pdf")
            try Self.printToPDF(window, pdf)
            let page = try Self.render(pdf)
            XCTAssertGreaterThan(page.width, page.height, "a landscape page for a wide image")
            let ink = try XCTUnwrap(Self.inkBounds(page))
            // Fitted: the image fills the printable area's height (within the margins), at its aspect.
            XCTAssertEqual(Double(ink.width) / Double(ink.height), 4.0 / 3, accuracy: 0.03)
            XCTAssertGreaterThan(Double(ink.height), Double(page.height) * 0.75, "fills the page's height")
            XCTAssertEqual(Double(ink.x + ink.width / 2), Double(page.width) / 2, accuracy: Double(page.width) * 0.02, "centred")
            for (fx, fy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let printed = page.pixel(ink.x + Int(fx * Double(ink.width)), ink.y + Int(fy * Double(ink.height)))
                let expected = Fixtures.quadrantColor(x: Int(fx * 400), y: Int(fy * 300), width: 400, height: 300)
                XCTAssertTrue(printed.isClose(to: expected, tolerance: 6), "(\(fx), \(fy)): \(printed) vs \(expected)")
            }
        }
    }

    func testWhatPrintsIsWhatIsShownHueAndRotation() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.image("red.png", width: 200, height: 100) { _, _ in RGBA(255, 0, 0) }
            let window = try XCTUnwrap(harness.open([url]))
            let view = try XCTUnwrap(window.selectedView)
            view.hueControl.value = 0.5 + 1.0 / 3
            window.actions.activate("rotate-clockwise")
            let pdf = harness.fixtures.url("shown.pdf")
            try Self.printToPDF(window, pdf)
            let page = try Self.render(pdf)
            XCTAssertLessThan(page.width, page.height, "turned upright, the image is tall: a portrait page")
            let ink = try XCTUnwrap(Self.inkBounds(page))
            XCTAssertEqual(Double(ink.height) / Double(ink.width), 2, accuracy: 0.05)
            let centre = page.pixel(ink.x + ink.width / 2, ink.y + ink.height / 2)
            let model = HueMatrix(degrees: 120).apply(r: 1, g: 0, b: 0)
            XCTAssertTrue(
                centre.isClose(to: RGBA(UInt8(model.r * 255), UInt8(model.g * 255), UInt8(model.b * 255)), tolerance: 6),
                "red at +120°, as on screen: \(centre)")
            XCTAssertEqual(
                view.model.levels?.image.map { RenderedPixels(pixbuf: $0.pixbuf).pixel(0, 0) }, RGBA(255, 0, 0), "the document is untouched"
            )
        }
    }

    func testAnErrorTabCannotBePrinted() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let window = try XCTUnwrap(harness.open([harness.fixtures.bytes("broken.png", [0x89, 0x50, 0x4E, 0x47, 0, 1])]))
            XCTAssertFalse(window.actions.isEnabled("print"))
        }
    }

    /// What a poppler-utils command prints, as text; it must succeed.
    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let path = try XCTUnwrap(
            ["/usr/bin/\(tool)", "/usr/local/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "\(tool) is not installed (poppler-utils; meson-helpers/install-deps.sh installs it)")
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    func testADocumentPrintsItsPagesAtThePrintersResolution() throws {
        try onMain {
            let harness = AppHarness()
            defer { harness.close() }
            let url = harness.fixtures.url("three.pdf")
            DocumentFixtures.writePDF(
                [
                    .init(width: 300, height: 420, colour: (1, 0, 0), text: "one"),
                    .init(width: 300, height: 420, colour: (0, 1, 0), text: "two"),
                    .init(width: 300, height: 420, colour: (0, 0, 1), text: "three"),
                ], to: url)
            let window = try XCTUnwrap(harness.open([url]))
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 10) { window.selectedModel?.document.pageCount == 3 })
            let pdf = harness.fixtures.url("printed.pdf")
            var finished = false, failure: String?
            // The dialog's page ranges and Current Page are GTK's own; an export prints every page.
            PrintDocument.begin(in: window, exportingTo: RawPath(pdf.path)) {
                failure = $0
                finished = true
            }
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 30) { finished }, "the print operation finished")
            XCTAssertNil(failure)
            let info = try Self.output("pdfinfo", [pdf.path])
            XCTAssertTrue(info.contains("Pages:           3"), "every page: \(info)")
            let first = try Self.render(pdf)
            let ink = try XCTUnwrap(Self.inkBounds(first))
            XCTAssertTrue(first.pixel(ink.x + ink.width / 2, ink.y + 3).isClose(to: RGBA(255, 0, 0), tolerance: 24), "page one first")
            // Each page is an image drawn at 300 dpi or more on the paper, not the screen's 96.
            let images = try Self.output("pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2)
            XCTAssertEqual(images.count, 3, "one image a page")
            for line in images {
                let columns = line.split(separator: " ", omittingEmptySubsequences: true)
                let xppi = try XCTUnwrap(Int(columns[12]), "x-ppi in \(line)")
                XCTAssertGreaterThanOrEqual(xppi, 290, "printed at the printer's resolution: \(line)")
            }
        }
    }
}
