import IroCore
import Testing

/// What the eraser hits, items' bounds, and the colours they are drawn in.
@Suite struct MarkupItemTests {
    static func stroke(_ points: [MarkupPoint], width: Double = 10) -> MarkupStroke {
        guard let stroke = MarkupStroke(id: 1, tool: .pen, colour: .black, width: width, points: points) else {
            preconditionFailure("points make a stroke")
        }
        return stroke
    }

    @Test func aStrokeIsHitWithinHalfItsWidthAndTheRadius() {
        let line = Self.stroke([MarkupPoint(x: 0, y: 0), MarkupPoint(x: 100, y: 0), MarkupPoint(x: 100, y: 100)])
        #expect(line.isNear(Point(x: 50, y: 4.9), radius: 0))
        #expect(!line.isNear(Point(x: 50, y: 5.1), radius: 0))
        #expect(line.isNear(Point(x: 50, y: 7), radius: 2.5))
        #expect(line.isNear(Point(x: 104, y: 50), radius: 0), "the second segment")
        #expect(!line.isNear(Point(x: 50, y: 50), radius: 10), "the corner's inside is not ink")
        #expect(line.isNear(Point(x: -4, y: 0), radius: 0), "the round cap")
        #expect(line.bounds == MarkupRect(x: -5, y: -5, width: 110, height: 110))
    }

    @Test func aDotIsHitAroundItsPoint() {
        let dot = Self.stroke([MarkupPoint(x: 20, y: 20), MarkupPoint(x: 20, y: 20)])
        #expect(dot.points.count == 1, "a repeated point is dropped")
        #expect(dot.isNear(Point(x: 23, y: 23), radius: 0))
        #expect(!dot.isNear(Point(x: 25, y: 25), radius: 1))
        #expect(MarkupStroke(id: 1, tool: .pen, colour: .black, width: 1, points: []) == nil)
    }

    @Test func pressureNarrowsTheStroke() {
        let light = Self.stroke([MarkupPoint(x: 0, y: 0, pressure: 0), MarkupPoint(x: 100, y: 0, pressure: 0)])
        #expect(light.width(at: 0) == 2)
        #expect(light.isNear(Point(x: 50, y: 0.9), radius: 0))
        #expect(!light.isNear(Point(x: 50, y: 2), radius: 0))
        let full = Self.stroke([MarkupPoint(x: 0, y: 0, pressure: 1), MarkupPoint(x: 100, y: 0, pressure: 2)])
        #expect(full.points[1].pressure == 1, "pressure is held to 0…1")
        #expect(full.width(at: 1) == 10)
    }

    @Test func shapesAreHitByTheirOutline() {
        let rect = MarkupShape(id: 1, kind: .rectangle, from: Point(x: 100, y: 80), to: Point(x: 0, y: 0), colour: .red, width: 4)
        #expect(rect.from == .zero && rect.to == Point(x: 100, y: 80), "corners in order, however it was dragged")
        #expect(rect.isNear(Point(x: 50, y: 1), radius: 0))
        #expect(rect.isNear(Point(x: 99, y: 40), radius: 0))
        #expect(!rect.isNear(Point(x: 50, y: 40), radius: 5), "not the inside")

        let ellipse = MarkupShape(id: 2, kind: .ellipse, from: .zero, to: Point(x: 200, y: 100), colour: .red, width: 4)
        #expect(ellipse.isNear(Point(x: 200, y: 50), radius: 0))
        #expect(ellipse.isNear(Point(x: 100, y: 1), radius: 0))
        #expect(!ellipse.isNear(Point(x: 100, y: 50), radius: 10))
        #expect(!ellipse.isNear(Point(x: 5, y: 5), radius: 1), "not the bounding box's corner")

        let arrow = MarkupShape(id: 3, kind: .arrow, from: .zero, to: Point(x: 100, y: 0), colour: .red, width: 2)
        let head = arrow.arrowHead
        #expect(head.count == 3 && head[0] == Point(x: 100, y: 0))
        #expect(head[1].x < 100 && head[1].x == head[2].x && head[1].y == -head[2].y)
        #expect(arrow.isNear(Point(x: 92, y: 2.5), radius: 0), "inside the head")
        #expect(arrow.isNear(Point(x: 30, y: 0.9), radius: 0))
        #expect(!arrow.isNear(Point(x: 30, y: 5), radius: 0))
    }

    @Test func textAndNotesAreHitByTheirBox() {
        let text = MarkupText(id: 1, origin: Point(x: 10, y: 10), text: "Hello\nworld!", colour: .black, size: 20)
        let box = text.bounds
        #expect(box.x == 10 && box.y == 10 && box.height == 2 * MarkupTextLayout.lineHeight * 20)
        #expect(abs(box.width - 6 * 0.6 * 20) < 1e-9)
        #expect(text.isNear(Point(x: 20, y: 40), radius: 0))
        #expect(!text.isNear(Point(x: 200, y: 40), radius: 10))
        #expect(text.isNear(Point(x: 84, y: 40), radius: 3))

        let open = MarkupNote(id: 2, origin: Point(x: 0, y: 0), text: "short", size: 10)
        #expect(open.box == MarkupRect(x: 0, y: 0, width: 120, height: 3 * 12.5 + 10))
        let long = MarkupNote(id: 3, origin: .zero, text: String(repeating: "word ", count: 40), size: 10)
        #expect(long.box.height > open.box.height, "a long text wraps to more lines")
        let collapsed = MarkupNote(id: 4, origin: .zero, text: "x", size: 10, collapsed: true)
        #expect(collapsed.box == MarkupRect(x: 0, y: 0, width: 20, height: 20))
        #expect(!collapsed.isNear(Point(x: 50, y: 10), radius: 0))
    }

    @Test func numbersAreKeptFiniteAndBounded() {
        let point = MarkupPoint(x: .nan, y: 1e300, pressure: .infinity)
        #expect(point.x == 0 && point.y == 100_000 && point.pressure == nil)
        #expect(MarkupPoint(x: 1.23456, y: -0.004).x == 1.23)
        let text = MarkupText(id: 1, origin: .zero, text: "a\r\nb\rc\u{0}d\u{7}", colour: .black, size: -4)
        #expect(text.text == "a\nb\ncd")
        #expect(text.size == MarkupText.minimumSize)
    }

    @Test func coloursHaveNamesAndHex() {
        #expect(MarkupColour.swatches.count == 6)
        #expect(Set(MarkupColour.swatches.map(\.name)).count == 6)
        #expect(MarkupColour.red.name == "Red")
        #expect(MarkupColour(rgb: 0x123456).name == "Custom colour")
        #expect(MarkupColour.red.hex == "#e01b24")
        #expect(MarkupColour(hex: "#E01B24") == .red)
        #expect(MarkupColour(hex: " #fff ") == MarkupColour(red: 1, green: 1, blue: 1))
        let translucent = MarkupColour(hex: "#3584e480")
        #expect(translucent?.alpha == 128.0 / 255)
        #expect(translucent?.hex == "#3584e480")
        #expect(translucent?.rgbHex == "#3584e4")
        for bad in ["", "#", "e01b24", "#e01b2", "#e01b24ff00", "#gg0000", "#+1+1+1", "red"] { #expect(MarkupColour(hex: bad) == nil) }
        #expect(MarkupColour(red: .nan, green: 2, blue: -1, alpha: 0.5) == MarkupColour(red: 0, green: 1, blue: 0, alpha: 128.0 / 255))
        #expect(MarkupColour.yellow.isLight && !MarkupColour.blue.isLight)
    }
}
