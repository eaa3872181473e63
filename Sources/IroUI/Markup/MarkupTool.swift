import IroCore

/// What a drag does in markup mode (BEHAVIOUR I1), with its key, name and icon.
enum MarkupTool: String, CaseIterable, Sendable {
    case pen, highlighter, eraser, text, note, arrow, rectangle, ellipse

    /// The key that picks it while markup is on (bare letters no other command uses).
    var key: String {
        switch self {
        case .pen: "d"
        case .highlighter: "k"
        case .eraser: "x"
        case .text: "i"
        case .note: "n"
        case .arrow: "a"
        case .rectangle: "q"
        case .ellipse: "o"
        }
    }

    var name: String {
        switch self {
        case .pen: tr("Pen")
        case .highlighter: tr("Highlighter")
        case .eraser: tr("Eraser")
        case .text: tr("Text")
        case .note: tr("Sticky Note")
        case .arrow: tr("Arrow")
        case .rectangle: tr("Rectangle")
        case .ellipse: tr("Ellipse")
        }
    }

    var iconName: String {
        switch self {
        case .text: "insert-text-symbolic"
        default: "iro-\(rawValue)-symbolic"
        }
    }

    /// The window action that picks it.
    var action: String { "markup-\(rawValue)" }

    /// It draws by dragging (the others place something where the pointer presses).
    var drags: Bool { self != .text && self != .note }
}
