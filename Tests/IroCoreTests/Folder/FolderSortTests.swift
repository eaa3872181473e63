import IroCore
import XCTest

/// BEHAVIOUR H1: a folder sorted by name, by modification time or by size, the name
/// breaking ties, through the same keys the folder list compares.
final class FolderSortTests: XCTestCase {
    struct File {
        let name: String
        let modified: Int64
        let bytes: Int64
        var taken: String? = nil
    }

    let files = [
        File(name: "b10", modified: 300, bytes: 10, taken: "2021:12:31 23:59:59"),
        File(name: "b9", modified: 100, bytes: 5_000_000_000, taken: "2021:01:02 08:00:00"),
        File(name: "a", modified: -20, bytes: 10), File(name: "c", modified: 100, bytes: 0, taken: "2021:01:02 08:00:00"),
    ]

    func sorted(by sort: FolderSort) -> [String] {
        // Collation keys stand in for GLib's: "b9" before "b10".
        let collation = ["a": [1], "b9": [2], "b10": [3], "c": [4]] as [String: [UInt8]]
        let entries = files.map {
            FolderList.Entry(
                name: RawPath($0.name),
                key: sort.key(collation: collation[$0.name] ?? [], modified: $0.modified, bytes: $0.bytes, taken: $0.taken))
        }
        return FolderList(entries: entries, current: entries[0]).entries.map { $0.name.displayString }
    }

    func testByName() { XCTAssertEqual(sorted(by: .name), ["a", "b9", "b10", "c"]) }

    func testByModifiedOldestFirstTheNameBreakingTies() {
        XCTAssertEqual(sorted(by: .modified), ["a", "b9", "c", "b10"], "a time before 1970 first; b9 and c at once, by name")
    }

    func testBySizeSmallestFirstPastFourGigabytes() { XCTAssertEqual(sorted(by: .size), ["c", "a", "b10", "b9"]) }

    func testByDateTakenThoseWithoutOneLast() {
        XCTAssertEqual(sorted(by: .taken), ["b9", "c", "b10", "a"], "b9 and c at once, by name; a has no date")
        XCTAssertTrue(FolderSort.taken.readsTheMetadata)
        XCTAssertFalse(FolderSort.modified.readsTheMetadata)
    }

    func testOnlyNameLeavesTheFileUnread() {
        XCTAssertFalse(FolderSort.name.readsTheFile)
        XCTAssertTrue(FolderSort.modified.readsTheFile)
        XCTAssertTrue(FolderSort.size.readsTheFile)
    }
}
