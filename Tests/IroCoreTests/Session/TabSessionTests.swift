import IroCore
import Testing

@Suite struct TabSessionTests {
    /// A session with one window holding `count` documents, the last one active.
    func session(tabs count: Int) -> (TabSession, WindowID, [DocumentID]) {
        var session = TabSession()
        let window = session.addWindow()
        let documents = (0..<count).map { _ in DocumentID() }
        for document in documents { session.add(document, to: window) }
        return (session, window, documents)
    }

    // MARK: Windows

    @Test func windowsInCreationOrderAndMostRecent() {
        var session = TabSession()
        #expect(session.windows.isEmpty)
        #expect(session.mostRecentWindow == nil)
        let a = session.addWindow(), b = session.addWindow(), c = session.addWindow()
        #expect(session.windows == [a, b, c])
        #expect(session.mostRecentWindow == c) // new windows are presented, so active
        session.activateWindow(a)
        #expect(session.mostRecentWindow == a)
        session.removeWindow(a)
        #expect(session.mostRecentWindow == c) // falls back to the previously active one
        session.activateWindow(WindowID()) // unknown: ignored
        #expect(session.mostRecentWindow == c)
        #expect(session.windows == [b, c])
    }

    @Test func removeWindowReturnsItsDocuments() {
        var (session, window, documents) = session(tabs: 3)
        let other = session.addWindow()
        #expect(session.removeWindow(window) == documents)
        #expect(session.windows == [other])
        #expect(session.window(of: documents[0]) == nil)
        #expect(session.activeTab(in: window) == nil)
        #expect(session.removeWindow(window) == []) // twice: ignored
    }

    // MARK: Adding

    @Test func addAppendsAndSelects() {
        let (session, window, documents) = session(tabs: 3)
        #expect(session.tabs(in: window) == documents)
        #expect(session.activeTab(in: window) == documents[2])
        #expect(session.window(of: documents[1]) == window)
        #expect(session.index(of: documents[1]) == 1)
        #expect(session.allDocuments == documents)
    }

    @Test(arguments: [(0, 0), (1, 1), (2, 2), (-4, 0), (99, 2)])
    func addAtIndexIsClamped(index: Int, expected: Int) {
        var (session, window, _) = session(tabs: 2)
        let document = DocumentID()
        session.add(document, to: window, at: index)
        #expect(session.index(of: document) == expected)
    }

    @Test func addWithoutSelecting() {
        var (session, window, documents) = session(tabs: 1)
        let background = DocumentID()
        session.add(background, to: window, select: false)
        #expect(session.activeTab(in: window) == documents[0])
    }

    @Test func firstTabIsActiveEvenWithoutSelecting() {
        var session = TabSession()
        let window = session.addWindow()
        let document = DocumentID()
        session.add(document, to: window, select: false)
        #expect(session.activeTab(in: window) == document)
    }

    @Test func addIgnoresUnknownWindowsAndDuplicates() {
        var (session, window, documents) = session(tabs: 2)
        let before = session
        #expect(session.add(DocumentID(), to: WindowID()) == false)
        #expect(session.add(documents[0], to: window) == false)
        let other = session.addWindow()
        #expect(session.add(documents[0], to: other) == false)
        #expect(session.tabs(in: window) == before.tabs(in: window))
        #expect(session.tabs(in: other).isEmpty)
    }

    // MARK: Closing

    @Test func closingTheActiveTabSelectsTheRightNeighbour() {
        var (session, window, d) = session(tabs: 4)
        session.select(d[1])
        #expect(session.close(d[1]) == nil)
        #expect(session.tabs(in: window) == [d[0], d[2], d[3]])
        #expect(session.activeTab(in: window) == d[2])
    }

    @Test func closingTheLastActiveTabSelectsTheLeftNeighbour() {
        var (session, window, d) = session(tabs: 3)
        session.close(d[2])
        #expect(session.activeTab(in: window) == d[1])
    }

    @Test func closingAnInactiveTabKeepsTheSelection() {
        var (session, window, d) = session(tabs: 3)
        session.select(d[1])
        session.close(d[0])
        #expect(session.activeTab(in: window) == d[1])
    }

    @Test func closingTheOnlyTabReportsTheEmptyWindow() {
        var (session, window, d) = session(tabs: 1)
        #expect(session.close(d[0]) == window)
        #expect(session.activeTab(in: window) == nil)
        #expect(session.windows == [window]) // the caller decides what to do with it
        #expect(session.close(d[0]) == nil) // already closed
        #expect(session.close(DocumentID()) == nil)
    }

    // MARK: Selecting

    @Test func selectByDocument() {
        var (session, window, d) = session(tabs: 3)
        session.select(d[0])
        #expect(session.activeTab(in: window) == d[0])
        session.select(DocumentID())
        #expect(session.activeTab(in: window) == d[0])
    }

    @Test(arguments: [(0, 0), (2, 2), (3, nil), (8, nil), (-1, nil)] as [(Int, Int?)])
    func selectByIndex(index: Int, expected: Int?) {
        var (session, window, d) = session(tabs: 3)
        session.select(d[1])
        session.select(index: index, in: window)
        #expect(session.activeTab(in: window) == d[expected ?? 1])
    }

    @Test func selectByIndexInUnknownWindow() {
        var (session, _, _) = session(tabs: 3)
        let before = session
        session.select(index: 0, in: WindowID())
        #expect(session == before)
    }

    @Test func nextAndPreviousWrapAround() {
        var (session, window, d) = session(tabs: 3)
        session.selectNext(in: window)
        #expect(session.activeTab(in: window) == d[0])
        session.selectNext(in: window)
        #expect(session.activeTab(in: window) == d[1])
        session.selectPrevious(in: window)
        session.selectPrevious(in: window)
        #expect(session.activeTab(in: window) == d[2])
    }

    @Test func nextAndPreviousOnEmptyOrUnknownWindows() {
        var session = TabSession()
        let window = session.addWindow()
        session.selectNext(in: window)
        session.selectPrevious(in: WindowID())
        #expect(session.activeTab(in: window) == nil)
    }

    // MARK: Reordering and moving

    @Test(arguments: [(0, [1, 0, 2, 3]), (3, [0, 2, 3, 1]), (99, [0, 2, 3, 1]), (-2, [1, 0, 2, 3]), (1, [0, 1, 2, 3])])
    func reorder(index: Int, order: [Int]) {
        var (session, window, d) = session(tabs: 4)
        session.reorder(d[1], to: index)
        #expect(session.tabs(in: window) == order.map { d[$0] })
        #expect(session.activeTab(in: window) == d[3]) // reordering does not change the selection
    }

    @Test func reorderUnknownDocument() {
        var (session, _, _) = session(tabs: 2)
        let before = session
        session.reorder(DocumentID(), to: 0)
        #expect(session == before)
    }

    @Test func moveToAnotherWindow() {
        var (session, source, d) = session(tabs: 3)
        let target = session.addWindow()
        let existing = DocumentID()
        session.add(existing, to: target)
        #expect(session.move(d[2], to: target, at: 0) == false)
        #expect(session.tabs(in: source) == [d[0], d[1]])
        #expect(session.activeTab(in: source) == d[1]) // was active: left neighbour
        #expect(session.tabs(in: target) == [d[2], existing])
        #expect(session.activeTab(in: target) == d[2])
        #expect(session.window(of: d[2]) == target)
    }

    @Test func moveTheLastTabReportsTheEmptyWindow() {
        var (session, source, d) = session(tabs: 1)
        let target = session.addWindow()
        #expect(session.move(d[0], to: target) == true)
        #expect(session.tabs(in: source).isEmpty)
        #expect(session.activeTab(in: source) == nil)
    }

    @Test func moveWithinTheSameWindowReorders() {
        var (session, window, d) = session(tabs: 3)
        #expect(session.move(d[2], to: window, at: 0) == false)
        #expect(session.tabs(in: window) == [d[2], d[0], d[1]])
        #expect(session.move(d[2], to: window) == false)
        #expect(session.tabs(in: window) == [d[0], d[1], d[2]])
    }

    @Test func moveIgnoresUnknownIds() {
        var (session, window, d) = session(tabs: 2)
        let before = session
        #expect(session.move(DocumentID(), to: window) == false)
        #expect(session.move(d[0], to: WindowID()) == false)
        #expect(session == before)
    }

    @Test func moveToNewWindow() {
        var (session, source, d) = session(tabs: 2)
        session.select(d[0])
        let created = session.moveToNewWindow(d[0])
        #expect(created != nil)
        guard let created else { return }
        #expect(session.windows == [source, created])
        #expect(session.tabs(in: created) == [d[0]])
        #expect(session.activeTab(in: created) == d[0])
        #expect(session.tabs(in: source) == [d[1]])
        #expect(session.activeTab(in: source) == d[1])
        #expect(session.mostRecentWindow == created)
        #expect(session.moveToNewWindow(DocumentID()) == nil)
        #expect(session.windows.count == 2)
    }

    // MARK: Merging

    @Test func mergeAllAppendsInWindowOrder() {
        var session = TabSession()
        let a = session.addWindow(), b = session.addWindow(), c = session.addWindow()
        let inA = [DocumentID(), DocumentID()], inB = [DocumentID()], inC = [DocumentID(), DocumentID()]
        for d in inA { session.add(d, to: a) }
        for d in inB { session.add(d, to: b) }
        for d in inC { session.add(d, to: c) }
        session.select(inA[0])

        #expect(session.mergeAll(into: b) == [a, c])
        #expect(session.windows == [b])
        #expect(session.tabs(in: b) == inB + inA + inC)
        #expect(session.activeTab(in: b) == inB[0]) // the target keeps its selection
        #expect(session.mostRecentWindow == b)
        #expect(session.tabs(in: a).isEmpty)
        #expect(session.window(of: inA[0]) == b)
    }

    @Test func mergeIntoAnEmptyWindowActivatesTheFirstTab() {
        var session = TabSession()
        let empty = session.addWindow(), full = session.addWindow()
        let d = [DocumentID(), DocumentID()]
        for doc in d { session.add(doc, to: full) }
        #expect(session.mergeAll(into: empty) == [full])
        #expect(session.tabs(in: empty) == d)
        #expect(session.activeTab(in: empty) == d[0])
    }

    @Test func mergeEdgeCases() {
        var (session, window, d) = session(tabs: 2)
        #expect(session.mergeAll(into: window) == []) // a single window: nothing to do
        #expect(session.tabs(in: window) == d)
        let before = session
        #expect(session.mergeAll(into: WindowID()) == [])
        #expect(session == before)
    }
}
