/// The markup file: a layer as an SVG document the size of its image (`Name.notesdoc/Markup.svg`
/// beside `Image.png` and `Text.txt`), which any SVG viewer shows over the image, and which
/// Iro reads back (`read`, in MarkupSVG+Reading.swift) as the items written.
///
/// It is a small subset of SVG, each element marked with `data-iro` (what it is) and
/// `data-iro-id`:
/// - a stroke: `<path data-iro="pen|highlighter" d="M x y L x y …" stroke=… stroke-width=…>`,
///   round caps and joins; a stylus's pressure as `data-iro-pressure="p p …"`, one value (or
///   `-` for none) for each point of `d`: other viewers draw the line at its full width;
/// - an arrow: `<g data-iro="arrow">` holding a `<line>` and its head, a filled `<path>`;
/// - `<rect data-iro="rectangle">` and `<ellipse data-iro="ellipse">`, outlined;
/// - text: `<text data-iro="text">`, a `<tspan>` for each line;
/// - a note: `<g data-iro="note" data-iro-collapsed="true|false">` holding its `<rect>` and
///   its `<text>` (a `<tspan>` for each line as wrapped, `data-iro-wrap` on those that
///   continue the line before).
/// Numbers are written to 1/100 px (centres and baselines to 1/1000), the precision the
/// model keeps, so what is read back is equal to what was written.
public enum MarkupSVG {
    /// Its name in a note package.
    public static let fileName = "Markup.svg"

    /// `layer` as an SVG document of `width` × `height` image pixels.
    public static func write(_ layer: MarkupLayer, width: Int, height: Int) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        out += " data-iro-markup=\"1\">\n"
        for item in layer.drawingOrder {
            switch item {
            case .stroke(let stroke): out += element(stroke)
            case .shape(let shape): out += element(shape)
            case .text(let text): out += element(text)
            case .note(let note): out += element(note)
            }
            out += "\n"
        }
        return out + "</svg>\n"
    }

    /// The text of `layer`'s notes, in reading order (top to bottom, then left to right),
    /// a blank line between them, empty ones left out: what a note package's `Text.txt` holds.
    public static func notesText(_ layer: MarkupLayer) -> String {
        let notes = layer.items.compactMap { item -> MarkupNote? in
            guard case .note(let note) = item, note.text.contains(where: { !$0.isWhitespace }) else { return nil }
            return note
        }
        let ordered = notes.sorted { ($0.origin.y, $0.origin.x) < ($1.origin.y, $1.origin.x) }
        return ordered.map(\.text).joined(separator: "\n\n")
    }

    // MARK: Elements

    private static func number(_ value: Double, decimals: Int = 2) -> String { MarkupNumber.format(value, decimals: decimals) }

    /// ` name="value"`, the value escaped.
    private static func attribute(_ name: String, _ value: String) -> String { " \(name)=\"\(escaped(value))\"" }

    /// The colour as SVG 1.1 has it: `name="#rrggbb"`, and `opacityName` when not opaque.
    private static func paint(_ name: String, _ colour: MarkupColour, opacity: Double, _ opacityName: String) -> String {
        attribute(name, colour.rgbHex) + (opacity < 1 ? attribute(opacityName, number(opacity, decimals: 4)) : "")
    }

    private static func marks(_ kind: String, id: Int) -> String { attribute("data-iro", kind) + attribute("data-iro-id", String(id)) }

    private static let roundEnds = " stroke-linecap=\"round\" stroke-linejoin=\"round\""

    private static func element(_ stroke: MarkupStroke) -> String {
        // One point is a dot: a zero-length segment, which round caps draw.
        let points = stroke.points.count == 1 ? stroke.points + stroke.points : stroke.points
        var d = ""
        for (i, point) in points.enumerated() { d += (i == 0 ? "M" : " L") + number(point.x) + " " + number(point.y) }
        var out = "<path" + marks(stroke.tool.rawValue, id: stroke.id) + attribute("d", d) + " fill=\"none\""
        out += paint("stroke", stroke.colour, opacity: stroke.opacity, "stroke-opacity")
        out += attribute("stroke-width", number(stroke.width)) + roundEnds
        if stroke.hasPressure {
            let pressures = points.map { $0.pressure.map { number($0, decimals: 3) } ?? "-" }
            out += attribute("data-iro-pressure", pressures.joined(separator: " "))
        }
        return out + "/>"
    }

    private static func element(_ shape: MarkupShape) -> String {
        let stroke = paint("stroke", shape.colour, opacity: 1, "") + attribute("stroke-width", number(shape.width))
        let opacity = shape.colour.alpha < 1 ? attribute("stroke-opacity", number(shape.colour.alpha, decimals: 4)) : ""
        switch shape.kind {
        case .arrow:
            // A group, so that a translucent arrow is one shape and not a darker head over its line.
            var out = "<g" + marks("arrow", id: shape.id) + stroke + roundEnds + paint("fill", shape.colour, opacity: 1, "")
            if shape.colour.alpha < 1 { out += attribute("opacity", number(shape.colour.alpha, decimals: 4)) }
            out += "><line" + attribute("x1", number(shape.from.x)) + attribute("y1", number(shape.from.y))
            out += attribute("x2", number(shape.to.x)) + attribute("y2", number(shape.to.y)) + "/>"
            let head = shape.arrowHead
            if head.count == 3 {
                let d = "M" + head.map { number($0.x, decimals: 3) + " " + number($0.y, decimals: 3) }.joined(separator: " L") + " Z"
                out += "<path" + attribute("d", d) + "/>"
            }
            return out + "</g>"
        case .rectangle:
            let rect = shape.rect
            var out = "<rect" + marks("rectangle", id: shape.id) + attribute("x", number(rect.x)) + attribute("y", number(rect.y))
            out += attribute("width", number(rect.width)) + attribute("height", number(rect.height))
            return out + " fill=\"none\"" + stroke + opacity + " stroke-linejoin=\"round\"/>"
        case .ellipse:
            let rect = shape.rect
            var out = "<ellipse" + marks("ellipse", id: shape.id)
            out +=
                attribute("cx", number(rect.x + rect.width / 2, decimals: 3))
                + attribute("cy", number(rect.y + rect.height / 2, decimals: 3))
            out += attribute("rx", number(rect.width / 2, decimals: 3)) + attribute("ry", number(rect.height / 2, decimals: 3))
            return out + " fill=\"none\"" + stroke + opacity + "/>"
        }
    }

    /// `<text>` with a `<tspan>` for each of `lines` (continuing the line before when in
    /// `continued`), the first line's top at `top`.
    private static func textElement(
        _ marks: String, x: Double, top: Double, size: Double, fill: String, extra: String, lines: [Substring], continued: Set<Int> = []
    ) -> String {
        var out = "<text" + marks + attribute("x", number(x)) + attribute("y", number(top + MarkupTextLayout.ascent * size, decimals: 3))
        out += " font-family=\"sans-serif\"" + attribute("font-size", number(size)) + fill + extra + " xml:space=\"preserve\">"
        for (i, line) in lines.enumerated() {
            let baseline = top + (MarkupTextLayout.ascent + Double(i) * MarkupTextLayout.lineHeight) * size
            out += "<tspan" + attribute("x", number(x)) + attribute("y", number(baseline, decimals: 3))
            if continued.contains(i) { out += " data-iro-wrap=\"1\"" }
            out += ">" + escaped(String(line)) + "</tspan>"
        }
        return out + "</text>"
    }

    private static func element(_ text: MarkupText) -> String {
        textElement(
            marks("text", id: text.id), x: text.origin.x, top: text.origin.y, size: text.size,
            fill: paint("fill", text.colour, opacity: text.colour.alpha, "fill-opacity"), extra: "", lines: text.lines)
    }

    private static func element(_ note: MarkupNote) -> String {
        var out = "<g" + marks("note", id: note.id) + attribute("data-iro-collapsed", note.collapsed ? "true" : "false") + ">"
        let box = note.box
        out += "<rect" + attribute("x", number(box.x)) + attribute("y", number(box.y)) + attribute("width", number(box.width))
        out += attribute("height", number(box.height)) + attribute("rx", number(note.size / 4))
        out += paint("fill", note.colour, opacity: note.colour.alpha, "fill-opacity") + " stroke=\"#000000\" stroke-opacity=\"0.2\"/>"
        // The lines as wrapped, so that other viewers show them inside the note too; the
        // breaks the wrapping made are marked, so that reading joins them back.
        let lines = note.lines
        var continued = Set<Int>()
        for i in lines.indices.dropFirst() where lines[i].startIndex == lines[i - 1].endIndex { continued.insert(i) }
        let ink = note.colour.isLight ? "#000000" : "#ffffff"
        out += textElement(
            "", x: note.textBox.x, top: note.textBox.y, size: note.size, fill: attribute("fill", ink),
            extra: note.collapsed ? " display=\"none\"" : "", lines: lines, continued: continued)
        return out + "</g>"
    }

    /// `text` safe in XML content and in attribute values of either quote.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
