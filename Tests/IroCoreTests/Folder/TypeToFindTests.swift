import IroCore
import XCTest

/// BEHAVIOUR H1: typing a name in the folder's grid selects the file it names.
final class TypeToFindTests: XCTestCase {
    let names = ["IMG_0001.JPG", "IMG_0002.jpg", "beach.png", "Beach 2.png", "café.jpg", "猫の写真.jpg", "summer-beach.webp"]

    func testTheFirstNameStartingWithWhatWasTypedIgnoringCase() {
        XCTAssertEqual(TypeToFind.first(matching: "b", in: names), 2)
        XCTAssertEqual(TypeToFind.first(matching: "BEACH ", in: names), 3)
        XCTAssertEqual(TypeToFind.first(matching: "img_0002", in: names), 1)
        XCTAssertEqual(TypeToFind.first(matching: "猫", in: names), 5)
    }

    func testElseTheFirstHoldingIt() {
        XCTAssertEqual(TypeToFind.first(matching: "0002", in: names), 1)
        XCTAssertEqual(TypeToFind.first(matching: "写真", in: names), 5)
        XCTAssertEqual(TypeToFind.first(matching: "-beach", in: names), 6)
    }

    func testCanonicallyEquivalentTextMatches() {
        XCTAssertEqual(TypeToFind.first(matching: "cafe\u{301}", in: names), 4, "é typed decomposed")
    }

    func testNothingTypedOrNothingFound() {
        XCTAssertNil(TypeToFind.first(matching: "", in: names))
        XCTAssertNil(TypeToFind.first(matching: "zebra", in: names))
        XCTAssertNil(TypeToFind.first(matching: "a", in: []))
    }
}
