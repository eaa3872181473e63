import IroCore
import XCTest

/// BEHAVIOUR H3: the order of a slideshow, in the folder's order or shuffled, looping or not.
final class SlideshowOrderTests: XCTestCase {
    let names = ["a", "b", "c", "d", "e"]
    var random = SystemRandomNumberGenerator()

    /// Every image the show gives from `start`, until it ends or `limit` images.
    func run(_ order: inout SlideshowOrder<String>, from start: String, limit: Int = 20) -> [String] {
        var shown = [start], current = start
        while shown.count < limit, let next = order.next(after: current, using: &random) {
            shown.append(next)
            current = next
        }
        return shown
    }

    func testInTheFolderOrderFromTheImageShownToTheEnd() {
        var order = SlideshowOrder(names, startingAt: "c", shuffled: false, loops: false, using: &random)
        XCTAssertEqual(run(&order, from: "c"), ["c", "d", "e"])
        XCTAssertEqual(order.previous(before: "c"), "b")
        XCTAssertNil(order.previous(before: "a"))
    }

    func testLoopingGoesRoundAgain() {
        var order = SlideshowOrder(names, startingAt: "d", shuffled: false, loops: true, using: &random)
        XCTAssertEqual(run(&order, from: "d", limit: 8), ["d", "e", "a", "b", "c", "d", "e", "a"])
        XCTAssertEqual(order.previous(before: "a"), "e")
    }

    func testShuffledShowsEveryImageOnceStartingWithTheOneShown() {
        for _ in 0..<20 {
            var order = SlideshowOrder(names, startingAt: "c", shuffled: true, loops: false, using: &random)
            let shown = run(&order, from: "c")
            XCTAssertEqual(shown.first, "c")
            XCTAssertEqual(shown.sorted(), names)
        }
    }

    func testShuffledRoundsNeverRepeatAnImageBackToBack() {
        for _ in 0..<20 {
            var order = SlideshowOrder(names, startingAt: "a", shuffled: true, loops: true, using: &random)
            let shown = run(&order, from: "a", limit: 26)
            XCTAssertEqual(shown.count, 26)
            for (one, next) in zip(shown, shown.dropFirst()) { XCTAssertNotEqual(one, next, "\(shown)") }
            XCTAssertEqual(Array(shown.prefix(5)).sorted(), names, "each round shows every image once")
            XCTAssertEqual(Array(shown[5..<10]).sorted(), names)
        }
    }

    func testFilesAddedOrGoneMeanwhile() {
        var order = SlideshowOrder(names, startingAt: "a", shuffled: false, loops: false, using: &random)
        XCTAssertEqual(order.next(after: "new", using: &random), "a", "a file added since starts the order again")
        order.keep(only: ["a", "c", "e"])
        XCTAssertEqual(run(&order, from: "a"), ["a", "c", "e"])
        var one = SlideshowOrder(["only"], startingAt: "only", shuffled: true, loops: true, using: &random)
        XCTAssertNil(one.next(after: "only", using: &random), "one image: nothing to go on to")
        var none = SlideshowOrder([String](), startingAt: nil, shuffled: true, loops: true, using: &random)
        XCTAssertNil(none.next(after: "x", using: &random))
    }
}
