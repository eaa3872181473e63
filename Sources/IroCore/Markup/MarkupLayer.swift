/// The markup of one image, or of one page of a document: its items in the order they are
/// drawn, and the changes to them that can be undone and redone.
///
/// The history keeps each change, not copies of the layer: a step holds only the items it
/// added, removed or changed, so a long session of strokes costs each stroke once. It keeps
/// the last `maximumUndoSteps` changes; older ones are forgotten (a clear holds all the items
/// it removed, so an unbounded history would hold every stroke ever drawn).
///
/// Layers are equal when they hold the same items; their histories may differ.
public struct MarkupLayer: Equatable, Sendable {
    /// In drawing order: highlighter strokes first, then pen strokes, shapes and text in the
    /// order they were made, then notes (see `MarkupItem.band`).
    public private(set) var items: [MarkupItem] = []
    /// Changes with every change to `items` (undo and redo too), so an observer can tell
    /// whether to redraw.
    public private(set) var revision = 0
    /// The id the next item added gets: ids are never reused in a layer, so one held by the
    /// UI never comes to mean another item.
    public private(set) var nextID = 1

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// Whether the last step may take in the next edit of the same note (see `Step.merges`).
    private var lastStepOpen = false

    /// How many changes can be undone.
    public static let maximumUndoSteps = 200

    public init() {}

    /// A layer of `items` (read from a file) with no history: put in drawing order, and with
    /// a new id for any that is not positive or repeats one before it.
    public init(items: [MarkupItem]) {
        var seen = Set<Int>()
        var renumber: [Int] = []
        var kept: [MarkupItem] = []
        for item in (0...2).flatMap({ band in items.filter { $0.band == band } }) {
            if item.id > 0, seen.insert(item.id).inserted { nextID = max(nextID, item.id + 1) } else { renumber.append(kept.count) }
            kept.append(item)
        }
        for index in renumber {
            kept[index] = kept[index].withID(nextID)
            nextID += 1
        }
        self.items = kept
    }

    public static func == (a: MarkupLayer, b: MarkupLayer) -> Bool { a.items == b.items }

    /// The items in the order to draw them (which is `items`' order).
    public var drawingOrder: [MarkupItem] { items }

    public var isEmpty: Bool { items.isEmpty }
    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    public func item(id: Int) -> MarkupItem? { items.first { $0.id == id } }

    /// The note on top at `point`, for a drag or a click to take.
    public func note(at point: Point) -> MarkupNote? {
        for case .note(let note) in items.reversed() where note.box.contains(point) { return note }
        return nil
    }

    // MARK: Changes

    /// Adds `item` on top of its band under a new id (`nextID`; the id it had is ignored),
    /// and returns that id.
    @discardableResult public mutating func add(_ item: MarkupItem) -> Int {
        let id = nextID
        nextID += 1
        let index = items.firstIndex { $0.band > item.band } ?? items.count
        apply(.insert(item.withID(id), at: index))
        return id
    }

    /// Removes every stroke, shape and text within `radius` of `point` (not notes), as one
    /// step; false when nothing was there.
    @discardableResult public mutating func erase(near point: Point, radius: Double) -> Bool {
        let hit = items.indices.filter { items[$0].isErasable && items[$0].isNear(point, radius: radius) }
        guard !hit.isEmpty else { return false }
        apply(.remove(hit.map { Removed(index: $0, item: items[$0]) }))
        return true
    }

    /// Removes the item `id` (a note closed by its button); false when there is none.
    @discardableResult public mutating func remove(id: Int) -> Bool {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return false }
        apply(.remove([Removed(index: index, item: items[index])]))
        return true
    }

    /// Removes everything, as one step that undo brings back; false when there was nothing.
    @discardableResult public mutating func clear() -> Bool {
        guard !items.isEmpty else { return false }
        apply(.remove(items.indices.map { Removed(index: $0, item: items[$0]) }))
        return true
    }

    /// Sets note `id`'s text. Typing into a note makes one step, not one for each key: edits
    /// of the same note in a row, with nothing else between, are undone together.
    @discardableResult public mutating func updateNote(id: Int, text: String) -> Bool {
        changeNote(id, merging: .text(id)) { $0.setText(text) }
    }

    /// Moves note `id`'s top-left corner to `origin`. Moves of the same note in a row are one
    /// step, so a drag may move it at every motion event (and two drags of the same note
    /// with nothing between are undone together).
    @discardableResult public mutating func moveNote(id: Int, to origin: Point) -> Bool {
        changeNote(id, merging: .move(id)) { $0.move(to: origin) }
    }

    /// Collapses note `id` to a small square, or opens it again.
    @discardableResult public mutating func setCollapsed(id: Int, _ collapsed: Bool) -> Bool {
        changeNote(id, merging: nil) { $0.setCollapsed(collapsed) }
    }

    private mutating func changeNote(_ id: Int, merging key: Step.MergeKey?, _ change: (inout MarkupNote) -> Void) -> Bool {
        guard let index = items.firstIndex(where: { $0.id == id }), case .note(var note) = items[index] else { return false }
        let old = items[index]
        change(&note)
        let new = MarkupItem.note(note)
        guard new != old else { return true }
        if lastStepOpen, let key, case .replace(let at, let first, _, let previous)? = undoSteps.last, previous == key, at == index {
            // The same note edited again: the step now ends at this edit.
            undoSteps[undoSteps.count - 1] = .replace(at: index, old: first, new: new, merge: key)
            items[index] = new
            revision += 1
            return true
        }
        apply(.replace(at: index, old: old, new: new, merge: key))
        lastStepOpen = key != nil
        return true
    }

    /// Undoes the last change; false when there is none.
    @discardableResult public mutating func undo() -> Bool {
        guard let step = undoSteps.popLast() else { return false }
        step.undo(&items)
        redoSteps.append(step)
        lastStepOpen = false
        revision += 1
        return true
    }

    /// Redoes the last change undone; false when there is none.
    @discardableResult public mutating func redo() -> Bool {
        guard let step = redoSteps.popLast() else { return false }
        step.redo(&items)
        undoSteps.append(step)
        lastStepOpen = false
        revision += 1
        return true
    }

    /// Makes `step` and records it; a new change forgets what was undone.
    private mutating func apply(_ step: Step) {
        step.redo(&items)
        undoSteps.append(step)
        if undoSteps.count > Self.maximumUndoSteps { undoSteps.removeFirst(undoSteps.count - Self.maximumUndoSteps) }
        redoSteps.removeAll()
        lastStepOpen = false
        revision += 1
    }
}

/// An item taken out of a layer, and where it was.
private struct Removed: Equatable, Sendable {
    let index: Int
    let item: MarkupItem
}

/// One change to a layer, which can be made again and taken back: only the items it touches.
private enum Step: Equatable, Sendable {
    case insert(MarkupItem, at: Int)
    /// In ascending order of index.
    case remove([Removed])
    case replace(at: Int, old: MarkupItem, new: MarkupItem, merge: MergeKey?)

    /// Which edits of a note in a row are one step.
    enum MergeKey: Equatable, Sendable {
        case text(Int)
        case move(Int)
    }

    func redo(_ items: inout [MarkupItem]) {
        switch self {
        case .insert(let item, let index): items.insert(item, at: index)
        case .remove(let removed): for entry in removed.reversed() { items.remove(at: entry.index) }
        case .replace(let index, _, let new, _): items[index] = new
        }
    }

    func undo(_ items: inout [MarkupItem]) {
        switch self {
        case .insert(_, let index): items.remove(at: index)
        case .remove(let removed): for entry in removed { items.insert(entry.item, at: entry.index) }
        case .replace(let index, let old, _, _): items[index] = old
        }
    }
}
