/// One thing drawn on an image in markup mode, in image pixels (the upright image as Iro
/// shows it, before the view's zoom and turn).
public enum MarkupItem: Equatable, Sendable {
    case stroke(MarkupStroke)
    case shape(MarkupShape)
    case text(MarkupText)
    case note(MarkupNote)

    /// Unique in its layer, and never reused there (`MarkupLayer.nextID`): what the UI names
    /// an item by.
    public var id: Int {
        switch self {
        case .stroke(let stroke): stroke.id
        case .shape(let shape): shape.id
        case .text(let text): text.id
        case .note(let note): note.id
        }
    }

    /// The same item under another id.
    func withID(_ id: Int) -> MarkupItem {
        switch self {
        case .stroke(var stroke):
            stroke.id = id
            return .stroke(stroke)
        case .shape(var shape):
            shape.id = id
            return .shape(shape)
        case .text(var text):
            text.id = id
            return .text(text)
        case .note(var note):
            note.id = id
            return .note(note)
        }
    }

    /// Everything the item draws on (text and notes by `MarkupTextLayout`'s estimate).
    public var bounds: MarkupRect {
        switch self {
        case .stroke(let stroke): stroke.bounds
        case .shape(let shape): shape.bounds
        case .text(let text): text.bounds
        case .note(let note): note.bounds
        }
    }

    /// Whether `point` is within `radius` of the item: of a stroke's ink, a shape's outline,
    /// or a text's or note's box.
    public func isNear(_ point: Point, radius: Double) -> Bool {
        switch self {
        case .stroke(let stroke): stroke.isNear(point, radius: radius)
        case .shape(let shape): shape.isNear(point, radius: radius)
        case .text(let text): text.isNear(point, radius: radius)
        case .note(let note): note.isNear(point, radius: radius)
        }
    }

    /// Whether the eraser takes it: notes are closed by their own button, not rubbed out on
    /// the way across the image.
    public var isErasable: Bool {
        if case .note = self { return false }
        return true
    }

    /// Which band of the drawing order the item is in: highlighter ink lowest (it never dulls
    /// the pen's), then pen, shapes and text in the order they were made, notes on top (they
    /// hold text that must stay readable).
    var band: Int {
        switch self {
        case .stroke(let stroke): stroke.tool == .highlighter ? 0 : 1
        case .shape, .text: 1
        case .note: 2
        }
    }
}
