import IroCore
import Testing

/// The markup of a document's pages as the decoder helper is sent it: every page's layer
/// comes back equal, and bytes that are not a bundle are refused, never trusted.
@Suite struct MarkupBundleTests {
    static func document() -> MarkupDocument {
        var document = MarkupDocument()
        document[3] = MarkupSVGTests.everything()
        var small = MarkupLayer()
        small.add(MarkupSVGTests.stroke(.pen, [MarkupPoint(x: 1, y: 2), MarkupPoint(x: 3, y: 4)]))
        document[0] = small
        document[7] = MarkupLayer() // a page once marked, now empty: not sent
        return document
    }

    @Test func everyMarkedPageComesBackEqual() throws {
        let document = Self.document()
        let layers = try MarkupBundle.layers(in: MarkupBundle.bytes(of: document))
        #expect(layers.keys.sorted() == [0, 3])
        #expect(layers[0]?.items == document[0].items)
        #expect(layers[3]?.items == document[3].items)
    }

    @Test func noMarkupIsAnEmptyBundle() throws {
        #expect(try MarkupBundle.layers(in: MarkupBundle.bytes(of: MarkupDocument())).isEmpty)
    }

    @Test func bytesThatAreNotABundleAreRefused() {
        let good = MarkupBundle.bytes(of: Self.document())
        var pastTheEnd = good
        pastTheEnd.append(0)
        var twice = Array("IRM1".utf8) + [2, 0, 0, 0]
        let svg = Array(MarkupSVG.write(MarkupLayer(), width: 0, height: 0).utf8)
        for _ in 0..<2 { twice += [1, 0, 0, 0] + [UInt8(svg.count & 0xFF), UInt8(svg.count >> 8), 0, 0] + svg }
        let hostile: [(String, [UInt8])] = [
            ("empty", []), ("another magic", Array("IRM2".utf8) + [0, 0, 0, 0]), ("cut short", Array(good.prefix(good.count - 3))),
            ("a byte past the end", pastTheEnd),
            ("a length past the end", Array("IRM1".utf8) + [1, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 127]),
            ("a billion pages", Array("IRM1".utf8) + [0, 0, 0, 64]), ("a page twice", twice),
            ("not SVG", Array("IRM1".utf8) + [1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0] + Array("hello".utf8)),
        ]
        for (what, bytes) in hostile {
            #expect(throws: MarkupBundle.Malformed.self, "\(what)") { try MarkupBundle.layers(in: bytes) }
        }
        // Every cut of a good bundle is refused, and none crashes.
        for length in stride(from: 0, to: good.count, by: 97) {
            #expect(throws: MarkupBundle.Malformed.self) { try MarkupBundle.layers(in: Array(good.prefix(length))) }
        }
    }
}
