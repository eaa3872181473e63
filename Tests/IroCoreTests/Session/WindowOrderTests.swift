import IroCore
import Testing

@Suite struct WindowOrderTests {
    @Test func windowsInCreationOrderAndMostRecent() {
        var order = WindowOrder()
        #expect(order.windows.isEmpty)
        #expect(order.mostRecent == nil)
        let a = order.add(), b = order.add(), c = order.add()
        #expect(order.windows == [a, b, c])
        #expect(order.mostRecent == c) // new windows are presented, so active
        order.activate(a)
        #expect(order.mostRecent == a)
        #expect(order.windows == [a, b, c], "activating does not reorder the creation order")
        order.remove(a)
        #expect(order.mostRecent == c) // falls back to the previously active one
        order.activate(WindowID()) // unknown: ignored
        #expect(order.mostRecent == c)
        #expect(order.windows == [b, c])
        order.remove(a) // twice: ignored
        #expect(order.windows == [b, c])
    }

    @Test func removingTheMostRecentFallsBackInActivationOrder() {
        var order = WindowOrder()
        let a = order.add(), b = order.add(), c = order.add()
        order.activate(b)
        order.activate(a)
        order.remove(a)
        #expect(order.mostRecent == b)
        order.remove(b)
        #expect(order.mostRecent == c)
        order.remove(c)
        #expect(order.mostRecent == nil)
    }
}

@Suite struct TabNavigationTests {
    @Test(arguments: [(0, 3, 1), (1, 3, 2), (2, 3, 0), (0, 1, 0), (7, 3, 1)] as [(Int, Int, Int)])
    func nextWrapsFromTheLastToTheFirst(position: Int, count: Int, expected: Int) {
        #expect(TabNavigation.next(after: position, count: count) == expected)
    }

    @Test(arguments: [(0, 3, 2), (2, 3, 1), (1, 3, 0), (0, 1, 0), (-1, 3, 2)] as [(Int, Int, Int)])
    func previousWrapsFromTheFirstToTheLast(position: Int, count: Int, expected: Int) {
        #expect(TabNavigation.previous(before: position, count: count) == expected)
    }

    @Test func noTabsNowhereToGo() {
        #expect(TabNavigation.next(after: 0, count: 0) == nil)
        #expect(TabNavigation.previous(before: 0, count: 0) == nil)
        #expect(TabNavigation.numbered(1, count: 0) == nil)
    }

    @Test(arguments: [(1, 3, 0), (3, 3, 2), (4, 3, nil), (9, 3, nil), (0, 3, nil), (-1, 3, nil)] as [(Int, Int, Int?)])
    func numberedPicksThatTabIfThereIsOne(number: Int, count: Int, expected: Int?) {
        #expect(TabNavigation.numbered(number, count: count) == expected)
    }
}
