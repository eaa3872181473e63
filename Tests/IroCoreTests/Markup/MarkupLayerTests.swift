import IroCore
import Testing

/// A layer's order and history: what undo, redo and clear bring back, and what a new
/// change forgets.
@Suite struct MarkupLayerTests {
    /// What a change answered: `#expect` cannot call a mutating method itself.
    func did(_ answer: Bool) -> Bool { answer }

    static func pen(_ y: Double, tool: MarkupStrokeTool = .pen, id: Int = 0) -> MarkupItem {
        let points = [MarkupPoint(x: 0, y: y), MarkupPoint(x: 100, y: y)]
        guard let stroke = MarkupStroke(id: id, tool: tool, colour: .red, width: 4, points: points) else {
            preconditionFailure("two points make a stroke")
        }
        return .stroke(stroke)
    }

    static func note(_ text: String = "", at origin: Point = Point(x: 10, y: 10), id: Int = 0) -> MarkupItem {
        .note(MarkupNote(id: id, origin: origin, text: text))
    }

    @Test func itemsGetNewIDsAndTheirPlaceInTheDrawingOrder() {
        var layer = MarkupLayer()
        #expect(layer.isEmpty && !layer.canUndo && !layer.canRedo)
        let first = layer.add(Self.pen(10))
        let note = layer.add(Self.note())
        let highlight = layer.add(Self.pen(20, tool: .highlighter))
        let second = layer.add(.shape(MarkupShape(id: 99, kind: .arrow, from: .zero, to: Point(x: 5, y: 5), colour: .blue, width: 2)))
        #expect([first, note, highlight, second] == [1, 2, 3, 4])
        // The highlighter under the pen, the notes over everything.
        #expect(layer.drawingOrder.map(\.id) == [highlight, first, second, note])
        #expect(layer.nextID == 5)
    }

    @Test func undoAndRedoWalkTheHistory() {
        var layer = MarkupLayer()
        layer.add(Self.pen(1))
        layer.add(Self.pen(2))
        layer.add(Self.pen(3))
        #expect(did(layer.undo()))
        #expect(did(layer.undo()))
        #expect(layer.items.map(\.id) == [1])
        #expect(layer.canUndo && layer.canRedo)
        #expect(did(layer.redo()))
        #expect(layer.items.map(\.id) == [1, 2])
        #expect(did(layer.undo()) && did(layer.undo()))
        #expect(layer.isEmpty && !layer.canUndo)
        #expect(!did(layer.undo()))
        #expect(did(layer.redo()) && did(layer.redo()) && did(layer.redo()))
        #expect(layer.items.map(\.id) == [1, 2, 3])
        #expect(!did(layer.redo()))
    }

    @Test func aNewChangeAfterUndoForgetsTheRedo() {
        var layer = MarkupLayer()
        layer.add(Self.pen(1))
        layer.add(Self.pen(2))
        layer.undo()
        let id = layer.add(Self.pen(3))
        #expect(!layer.canRedo)
        #expect(id == 3, "an undone item's id is not given again")
        #expect(layer.items.map(\.id) == [1, 3])
    }

    @Test func clearIsOneStepThatUndoBringsBack() {
        var layer = MarkupLayer()
        #expect(!did(layer.clear()), "nothing to clear makes no step")
        #expect(!layer.canUndo)
        layer.add(Self.pen(1, tool: .highlighter))
        layer.add(Self.pen(2))
        layer.add(Self.note("kept"))
        let before = layer.items
        #expect(did(layer.clear()))
        #expect(layer.isEmpty)
        #expect(did(layer.undo()))
        #expect(layer.items == before)
        #expect(did(layer.redo()))
        #expect(layer.isEmpty)
    }

    @Test func theEraserTakesEverythingUnderItInOneStepButNotNotes() {
        var layer = MarkupLayer()
        layer.add(Self.pen(10))
        layer.add(Self.pen(12, tool: .highlighter))
        layer.add(Self.pen(50))
        layer.add(Self.note(at: Point(x: 40, y: 0)))
        let before = layer.items
        #expect(!did(layer.erase(near: Point(x: 50, y: 80), radius: 3)), "nothing there")
        #expect(did(layer.erase(near: Point(x: 50, y: 11), radius: 3)))
        #expect(layer.items.map(\.id) == [3, 4])
        #expect(did(layer.undo()))
        #expect(layer.items == before, "back in their places")
        #expect(did(layer.redo()))
        #expect(layer.items.map(\.id) == [3, 4], "the two were one step")
    }

    @Test func aNoteIsEditedMovedCollapsedAndRemoved() throws {
        var layer = MarkupLayer()
        let id = layer.add(Self.note())
        #expect(did(layer.updateNote(id: id, text: "H")))
        #expect(did(layer.updateNote(id: id, text: "Hi")))
        #expect(did(layer.updateNote(id: id, text: "Hi!")))
        #expect(did(layer.moveNote(id: id, to: Point(x: 30, y: 40))))
        #expect(did(layer.moveNote(id: id, to: Point(x: 50, y: 60))))
        #expect(did(layer.setCollapsed(id: id, true)))
        guard case .note(let note) = try #require(layer.item(id: id)) else {
            Issue.record("not a note")
            return
        }
        #expect(note.text == "Hi!" && note.origin == Point(x: 50, y: 60) && note.collapsed)
        #expect(layer.note(at: Point(x: 51, y: 61))?.id == id)
        // Collapse, the drag and the typing: three steps.
        #expect(did(layer.undo()))
        #expect(did(layer.undo()))
        #expect(layer.note(at: Point(x: 11, y: 11))?.text == "Hi!")
        #expect(did(layer.undo()))
        #expect(layer.note(at: Point(x: 11, y: 11))?.text == "")
        #expect(did(layer.undo()) && layer.isEmpty)
        // Not notes, or not there.
        let stroke = layer.add(Self.pen(5))
        #expect(!did(layer.updateNote(id: stroke, text: "x")))
        #expect(!did(layer.moveNote(id: 404, to: .zero)))
        #expect(did(layer.remove(id: stroke)))
        #expect(!did(layer.remove(id: stroke)))
    }

    @Test func typingAfterAnotherChangeIsANewStep() {
        var layer = MarkupLayer()
        let id = layer.add(Self.note())
        layer.updateNote(id: id, text: "a")
        layer.add(Self.pen(1))
        layer.updateNote(id: id, text: "ab")
        layer.undo()
        #expect(layer.note(at: Point(x: 11, y: 11))?.text == "a")
        layer.undo()
        layer.undo()
        #expect(layer.note(at: Point(x: 11, y: 11))?.text == "")
        // Undo ends the run of edits too.
        layer.redo()
        layer.updateNote(id: id, text: "abc")
        layer.undo()
        #expect(layer.note(at: Point(x: 11, y: 11))?.text == "a")
    }

    @Test func theRevisionChangesWithEveryChange() {
        var layer = MarkupLayer()
        var seen = [layer.revision]
        let id = layer.add(Self.note())
        seen.append(layer.revision)
        layer.updateNote(id: id, text: "a")
        seen.append(layer.revision)
        layer.updateNote(id: id, text: "ab")
        seen.append(layer.revision)
        layer.undo()
        seen.append(layer.revision)
        layer.redo()
        seen.append(layer.revision)
        layer.clear()
        seen.append(layer.revision)
        #expect(Set(seen).count == seen.count)
    }

    @Test func theHistoryIsBounded() {
        var layer = MarkupLayer()
        for i in 0..<(MarkupLayer.maximumUndoSteps + 50) { layer.add(Self.pen(Double(i))) }
        var undone = 0
        while layer.undo() { undone += 1 }
        #expect(undone == MarkupLayer.maximumUndoSteps)
        #expect(layer.items.count == 50)
    }

    @Test func aLayerFromAFileIsInDrawingOrderWithUniqueIDs() {
        let items = [Self.note(id: 7), Self.pen(1), Self.pen(2, tool: .highlighter, id: 7), Self.pen(3, id: 2)]
        let layer = MarkupLayer(items: items)
        // The highlighter keeps 7, so the note's 7 is taken; 0 is no id.
        #expect(layer.items.map(\.id) == [7, 8, 2, 9])
        #expect(!layer.canUndo)
        #expect(layer.nextID == 10)
    }

    @Test func aDocumentKnowsWhatIsUnsaved() {
        var document = MarkupDocument()
        #expect(!document.hasUnsavedChanges && document.isEmpty)
        _ = document[3]
        #expect(!document.hasUnsavedChanges, "reading a page changes nothing")
        document.change(page: 3) { $0.add(Self.pen(1)) }
        #expect(document.hasUnsavedChanges)
        #expect(document.markedPages == [3])
        #expect(document[0].isEmpty)
        document.markSaved()
        #expect(!document.hasUnsavedChanges)
        document.change(page: 3) { $0.undo() }
        #expect(document.hasUnsavedChanges, "undo changes what was saved")
        document.markSaved()
        document.change(page: 3) { $0.undo() }
        #expect(!document.hasUnsavedChanges, "nothing to undo changes nothing")
    }
}
