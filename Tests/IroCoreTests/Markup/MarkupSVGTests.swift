import IroCore
import Testing

/// The markup file: every kind of item comes back equal, text of any kind survives XML, and
/// a hostile file is read within bounds, never crashing.
@Suite struct MarkupSVGTests {
    static func stroke(_ tool: MarkupStrokeTool, _ points: [MarkupPoint], colour: MarkupColour = .red, width: Double = 4) -> MarkupItem {
        guard let stroke = MarkupStroke(id: 0, tool: tool, colour: colour, width: width, points: points) else {
            preconditionFailure("points make a stroke")
        }
        return .stroke(stroke)
    }

    /// One of everything, with the awkward cases of each.
    static func everything() -> MarkupLayer {
        var layer = MarkupLayer()
        layer.add(stroke(.pen, [MarkupPoint(x: 1.25, y: 2), MarkupPoint(x: 30.5, y: 40.75), MarkupPoint(x: 60, y: 10)]))
        layer.add(stroke(.pen, [MarkupPoint(x: 5, y: 5)], colour: .black, width: 12.34)) // a dot
        layer.add(
            stroke(
                .pen, [MarkupPoint(x: 0, y: 0, pressure: 0.125), MarkupPoint(x: 10, y: 0, pressure: 1), MarkupPoint(x: 20, y: 0)],
                colour: MarkupColour(rgb: 0x123456, alpha: 200)))
        layer.add(stroke(.highlighter, [MarkupPoint(x: -3.5, y: 7), MarkupPoint(x: 99999.99, y: 7)], colour: .yellow, width: 24))
        layer.add(stroke(.highlighter, [MarkupPoint(x: 1, y: 1), MarkupPoint(x: 2, y: 2)], colour: MarkupColour(rgb: 0x00ff00, alpha: 77)))
        layer.add(
            .shape(MarkupShape(id: 0, kind: .arrow, from: Point(x: 10, y: 10), to: Point(x: 110.11, y: 57.5), colour: .blue, width: 3)))
        layer.add(.shape(MarkupShape(id: 0, kind: .arrow, from: Point(x: 10, y: 10), to: Point(x: 10, y: 10), colour: .blue, width: 3)))
        layer.add(
            .shape(
                MarkupShape(
                    id: 0, kind: .arrow, from: .zero, to: Point(x: 5, y: 5), colour: MarkupColour(rgb: 0xff0000, alpha: 100), width: 1)))
        layer.add(
            .shape(MarkupShape(id: 0, kind: .rectangle, from: Point(x: 80.01, y: 90), to: Point(x: 5.55, y: 3), colour: .green, width: 2)))
        layer.add(
            .shape(
                MarkupShape(
                    id: 0, kind: .ellipse, from: Point(x: 0.01, y: 0.03), to: Point(x: 33.33, y: 21.01),
                    colour: MarkupColour(rgb: 0xabcdef, alpha: 1), width: 0.5)))
        layer.add(.text(MarkupText(id: 0, origin: Point(x: 12.34, y: 56.78), text: "a < b && \"c\" > 'd'", colour: .black, size: 17.5)))
        layer.add(.text(MarkupText(id: 0, origin: .zero, text: "  東京タワー 🗼\n\n\tindented ]]> &amp; \n", colour: .orange, size: 9.99)))
        layer.add(.text(MarkupText(id: 0, origin: Point(x: 1, y: 1), text: "", colour: .red, size: 30)))
        layer.add(.note(MarkupNote(id: 0, origin: Point(x: 200, y: 100), text: "Remember: <milk> & \"eggs\"")))
        layer.add(
            .note(
                MarkupNote(
                    id: 0, origin: Point(x: 10, y: 300.5),
                    text: "この写真は京都で撮りました。" + String(repeating: "A long line that wraps. ", count: 6) + "\nend ",
                    colour: .blue, size: 12, collapsed: true)))
        layer.add(.note(MarkupNote(id: 0, origin: Point(x: 0, y: 0), text: "", colour: MarkupColour(rgb: 0x222222, alpha: 230))))
        return layer
    }

    static func roundTrip(_ layer: MarkupLayer) throws -> MarkupSVG.Contents {
        try MarkupSVG.contents(of: MarkupSVG.write(layer, width: 640, height: 480))
    }

    @Test func everyKindOfItemComesBackEqual() throws {
        let layer = Self.everything()
        let contents = try Self.roundTrip(layer)
        #expect(contents.skipped == 0)
        #expect(contents.width == 640 && contents.height == 480)
        #expect(contents.layer.items.count == layer.items.count)
        for (read, written) in zip(contents.layer.items, layer.items) { #expect(read == written) }
        #expect(contents.layer.nextID == layer.nextID)
        // And again: what is read writes the same file.
        #expect(MarkupSVG.write(contents.layer, width: 640, height: 480) == MarkupSVG.write(layer, width: 640, height: 480))
    }

    @Test func erasedIDsStayTheirs() throws {
        var layer = MarkupLayer()
        layer.add(Self.stroke(.pen, [MarkupPoint(x: 0, y: 0), MarkupPoint(x: 10, y: 0)]))
        layer.add(Self.stroke(.pen, [MarkupPoint(x: 0, y: 50), MarkupPoint(x: 10, y: 50)]))
        layer.erase(near: Point(x: 5, y: 0), radius: 1)
        let read = try Self.roundTrip(layer).layer
        #expect(read.items == layer.items)
        #expect(read.items.first?.id == 2)
    }

    @Test func theFileIsPlainSVG() {
        let svg = MarkupSVG.write(Self.everything(), width: 640, height: 480)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\""))
        #expect(svg.contains("viewBox=\"0 0 640 480\""))
        #expect(svg.contains("<path data-iro=\"pen\" data-iro-id=\"1\" d=\"M1.25 2 L30.5 40.75 L60 10\" fill=\"none\" stroke=\"#e01b24\""))
        #expect(svg.contains("stroke-linecap=\"round\" stroke-linejoin=\"round\""))
        #expect(svg.contains("data-iro-pressure=\"0.125 1 -\""))
        #expect(svg.contains("data-iro=\"highlighter\""))
        #expect(svg.contains("stroke-opacity=\"0.35\""))
        #expect(svg.contains("<text data-iro=\"text\""))
        #expect(svg.contains("a &lt; b &amp;&amp; &quot;c&quot; &gt; &apos;d&apos;"))
        #expect(svg.contains("東京タワー"))
        #expect(svg.contains("data-iro-collapsed=\"true\""))
        // The highlighter is written first, so other viewers draw it under the pen too.
        let highlighter = svg.firstRange(of: "data-iro=\"highlighter\"")?.lowerBound
        let pen = svg.firstRange(of: "data-iro=\"pen\"")?.lowerBound
        #expect(highlighter.flatMap { h in pen.map { h < $0 } } == true)
        #expect(MarkupSVG.write(MarkupLayer(), width: 1, height: 1).hasSuffix("data-iro-markup=\"1\">\n</svg>\n"))
    }

    @Test func notesTextIsTheNotesInReadingOrder() {
        var layer = MarkupLayer()
        layer.add(.note(MarkupNote(id: 0, origin: Point(x: 0, y: 500), text: "third")))
        layer.add(.note(MarkupNote(id: 0, origin: Point(x: 300, y: 10), text: "second")))
        layer.add(.note(MarkupNote(id: 0, origin: Point(x: 10, y: 10), text: "first\nline two")))
        layer.add(.note(MarkupNote(id: 0, origin: Point(x: 10, y: 10), text: " \n ")))
        layer.add(.text(MarkupText(id: 0, origin: .zero, text: "not a note", colour: .red, size: 10)))
        #expect(MarkupSVG.notesText(layer) == "first\nline two\n\nsecond\n\nthird")
        #expect(MarkupSVG.notesText(MarkupLayer()) == "")
    }

    // MARK: Other writers' files

    static func svg(_ body: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\(body)</svg>" }

    @Test func unknownElementsAreSkippedAndGroupsLookedInto() throws {
        let text = Self.svg(
            """
            <!-- a comment <path data-iro="pen"/> --><defs><path data-iro="pen" d="M0 0 L1 1" stroke="#000000" stroke-width="1"/></defs>
            <metadata>anything</metadata><circle cx="5" cy="5" r="3"/>
            <g transform="translate(1 1)"><g><path data-iro="pen" d="M0,0 10,10" stroke="#00ff00" stroke-width="2"/></g></g>
            <path data-iro="spiral" d="M0 0"/><![CDATA[ text ]]><?pi x?>
            <text data-iro="text" x="1" y="10" font-size="10" fill="#000000">plain &#x6771;&#20140; &unknown; &#0; &#xD800;</text>
            """)
        let contents = try MarkupSVG.contents(of: text)
        #expect(contents.skipped == 1, "the spiral")
        #expect(contents.layer.items.count == 2)
        guard case .stroke(let stroke) = contents.layer.items.first, case .text(let label) = contents.layer.items.last else {
            Issue.record("a stroke and a text: \(contents.layer.items)")
            return
        }
        #expect(stroke.points.map(\.point) == [.zero, Point(x: 10, y: 10)])
        #expect(stroke.colour == MarkupColour(rgb: 0x00ff00))
        #expect(label.text == "plain 東京 &unknown; &#0; &#xD800;")
        #expect(label.origin == Point(x: 1, y: 1))
    }

    @Test func notMarkupIsRefused() {
        #expect(throws: MarkupSVGError.notSVG) { try MarkupSVG.contents(of: "") }
        #expect(throws: MarkupSVGError.notSVG) { try MarkupSVG.contents(of: "<html><svg/></html>") }
        #expect(throws: MarkupSVGError.notSVG) { try MarkupSVG.contents(of: "just text") }
        #expect(throws: MarkupSVGError.notSVG) { try MarkupSVG.contents(ofBytes: [0xFF, 0xFE, 0x00, 0x3C]) }
        #expect(MarkupSVG.read("just text").isEmpty, "no markup, for the tab that opens it")
    }

    // MARK: Hostile files

    @Test func aTruncatedFileKeepsWhatCameBeforeTheCut() throws {
        let full = Array(MarkupSVG.write(Self.everything(), width: 640, height: 480).utf8)
        let count = Self.everything().items.count
        var previous = 0
        // Every cut point would be 5 000 parses; every 7th byte still cuts inside every element.
        for end in stride(from: 0, through: full.count, by: 7) {
            let read: Int
            do {
                read = try MarkupSVG.contents(ofBytes: Array(full[..<end])).layer.items.count
            } catch {
                #expect(end < 200, "only a cut before the <svg> tag is not markup")
                continue
            }
            #expect(read <= count)
            #expect(read >= previous - 1, "a longer prefix loses at most the item it cuts")
            previous = read
        }
        #expect(try MarkupSVG.contents(ofBytes: full).layer.items.count == count)
    }

    @Test func badNumbersSkipTheirElement() throws {
        let elements = [
            "<path data-iro=\"pen\" d=\"M0 0 L1e308 1\" stroke=\"#000000\" stroke-width=\"1\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"NaN\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"inf\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"1e999\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"-2\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2px\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 C1 1 2 2 3 3\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1 M5 5 L6 6\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<path data-iro=\"pen\" d=\"M0x10 0\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"red\" stroke-width=\"2\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2\" stroke-opacity=\"1.5\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2\" data-iro-pressure=\"0.5\"/>",
            "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2\" data-iro-pressure=\"0.5 nan\"/>",
            "<path data-iro=\"pen\" d=\"\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<rect data-iro=\"rectangle\" x=\"0\" y=\"0\" width=\"-5\" height=\"5\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<ellipse data-iro=\"ellipse\" cx=\"0\" cy=\"0\" rx=\"5\" stroke=\"#000000\" stroke-width=\"2\"/>",
            "<text data-iro=\"text\" x=\"0\" y=\"0\" font-size=\"0\" fill=\"#000000\">x</text>",
            "<g data-iro=\"note\"><rect x=\"0\" y=\"0\" fill=\"#ffff00\"/></g>",
            "<g data-iro=\"arrow\" stroke=\"#000000\" stroke-width=\"2\"><line x1=\"0\" y1=\"0\" x2=\"1\"/></g>",
        ]
        let good = "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let contents = try MarkupSVG.contents(of: Self.svg((elements + [good]).joined(separator: "\n")))
        #expect(contents.skipped == elements.count)
        #expect(contents.layer.items.count == 1)
    }

    @Test func aMillionPointStrokeIsRefused() throws {
        var d = "M0 0"
        d.reserveCapacity(6_000_000)
        for i in 0..<1_000_000 { d += " L\(i % 1000) 1" }
        let huge = "<path data-iro=\"pen\" d=\"\(d)\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let small = "<path data-iro=\"pen\" d=\"M0 0 L5 5\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let contents = try MarkupSVG.contents(of: Self.svg(huge + small))
        #expect(contents.skipped == 1)
        #expect(contents.layer.items.count == 1)
    }

    @Test func allStrokesTogetherAreBounded() throws {
        let points = (0..<(MarkupSVG.maximumStrokePoints / 2)).map { " L\($0) 0" }.joined()
        let stroke = "<path data-iro=\"pen\" d=\"M-1 0\(points)\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let count = MarkupSVG.maximumPoints / (MarkupSVG.maximumStrokePoints / 2) + 3
        let contents = try MarkupSVG.contents(of: Self.svg(String(repeating: stroke, count: count)))
        let total = contents.layer.items.reduce(0) { total, item in
            guard case .stroke(let stroke) = item else { return total }
            return total + stroke.points.count
        }
        #expect(total <= MarkupSVG.maximumPoints)
        #expect(contents.skipped >= 3)
    }

    @Test func manyItemsAreBounded() throws {
        let one = "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let contents = try MarkupSVG.contents(of: Self.svg(String(repeating: one, count: MarkupSVG.maximumItems + 10)))
        #expect(contents.layer.items.count == MarkupSVG.maximumItems)
        #expect(contents.skipped == 10)
    }

    @Test func deepNestingAndGarbageDoNotCrash() throws {
        let deep =
            String(repeating: "<g>", count: 100_000) + "<path data-iro=\"pen\" d=\"M0 0 L1 1\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let nested = try MarkupSVG.contents(of: Self.svg(deep))
        #expect(nested.layer.items.count <= 1)

        let unclosed = try MarkupSVG.contents(of: "<svg><!-- never closed <path data-iro=\"pen\"/>")
        #expect(unclosed.layer.isEmpty)
        let quotes = try MarkupSVG.contents(of: "<svg><path data-iro=\"pen d=\"M0 0\"/><text data-iro='text' x=1>x</text></svg>")
        #expect(quotes.layer.isEmpty)
        let ids = try MarkupSVG.contents(
            of:
                Self.svg(
                    """
                    <path data-iro="pen" data-iro-id="99999999999999999999999" d="M0 0 L1 1" stroke="#000000" stroke-width="2"/>
                    <path data-iro="pen" data-iro-id="-4" d="M0 0 L1 1" stroke="#000000" stroke-width="2"/>
                    <path data-iro="pen" data-iro-id="7" d="M0 0 L1 1" stroke="#000000" stroke-width="2"/>
                    <path data-iro="pen" data-iro-id="7" d="M0 0 L1 1" stroke="#000000" stroke-width="2"/>
                    """))
        #expect(ids.layer.items.map(\.id) == [8, 9, 7, 10])

        // Random bytes flipped in a real file: whatever is read, nothing crashes.
        var generator = SeededGenerator(seed: 42)
        let valid = Array(MarkupSVG.write(Self.everything(), width: 10, height: 10).utf8)
        for _ in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try MarkupSVG.contents(ofBytes: bytes)
            } catch {
                #expect(error == .notSVG)
            }
        }
    }

    @Test func aFileTooLargeIsRefused() {
        let padding = String(repeating: " ", count: MarkupSVG.maximumBytes)
        #expect(throws: MarkupSVGError.tooLarge) { try MarkupSVG.contents(of: "<svg>" + padding + "</svg>") }
    }
}
