// A PDF's copy with markup under the fuzzer (see Fuzz/README.md): what the decoder helper
// does for Save a Copy of a marked-up PDF (MarkedUpPDF), and the markup bundle it is sent.
import Foundation
import IroCore
@_spi(Fuzzing) import IroImaging

extension FuzzHarness {
    /// The input's copy with a stroke and a word on its first and last pages: it must open
    /// again as a PDF of as many pages. And the input read as a markup bundle, which may fail
    /// but never crash.
    static func markedUpCopy(_ path: RawPath, pageCount: Int) -> String {
        _ = try? MarkupBundle.layers(in: Array((try? Data(contentsOf: URL(fileURLWithPath: path.displayString))) ?? Data()))
        var layer = MarkupLayer()
        if let stroke = MarkupStroke(
            id: 0, tool: .pen, colour: .red, width: 6, points: [MarkupPoint(x: 4, y: 4), MarkupPoint(x: 90, y: 60)])
        {
            layer.add(.stroke(stroke))
        }
        layer.add(.text(MarkupText(id: 0, origin: Point(x: 10, y: 30), text: "fuzz 東京", colour: .black, size: 14)))
        // The first page and the last, which are one page in a document of one.
        let layers = Dictionary(uniqueKeysWithValues: Set([0, max(0, pageCount - 1)]).map { ($0, layer) })
        do throws(LoadError) {
            let bytes = try MarkedUpPDF.make(ImageSource(path: path), layers: layers, isCancelled: { false })
            let copy = inputPath + ".marked.pdf"
            FileManager.default.createFile(atPath: copy, contents: Data(bytes))
            defer { unlink(copy) }
            let header = try InProcessDecoder.readHeader(ImageSource(path: RawPath(copy)))
            check(header.pageCount == pageCount, "a marked-up copy of \(pageCount) pages, got \(header.pageCount)")
            return "marked-up copy: \(bytes.count) bytes"
        } catch {
            return "marked-up copy: \(describe(error))"
        }
    }
}
