import IroCore
import Testing

/// Folder order and stepping (BEHAVIOUR F1), with stand-in collation keys: the name's
/// digits padded so that numbers compare by value, as GLib's keys for file names do.
struct FolderListTests {
    /// "b9" → "b00009": enough of natural order for these tests.
    static func entry(_ name: String) -> FolderList.Entry {
        var key = ""
        var digits = ""
        for character in name.lowercased() {
            if character.isNumber {
                digits.append(character)
                continue
            }
            if !digits.isEmpty {
                key += String(repeating: "0", count: max(0, 5 - digits.count)) + digits
                digits = ""
            }
            key.append(character)
        }
        if !digits.isEmpty { key += String(repeating: "0", count: max(0, 5 - digits.count)) + digits }
        return FolderList.Entry(name: RawPath(name), key: Array(key.utf8))
    }

    static func names(_ list: FolderList) -> [String] { list.entries.map(\.name.displayString) }

    @Test func entriesAreInNaturalOrderWithTheCurrentOnesPosition() {
        let list = FolderList(entries: ["b10.png", "b9.png", "a.jpg", "B2.png"].map(Self.entry), current: Self.entry("b9.png"))
        #expect(Self.names(list) == ["a.jpg", "B2.png", "b9.png", "b10.png"])
        #expect(list.position?.index == 3)
        #expect(list.position?.count == 4)
        #expect(list.next?.name == RawPath("b10.png"))
        #expect(list.previous?.name == RawPath("B2.png"))
        #expect(list.first?.name == RawPath("a.jpg"))
        #expect(list.last?.name == RawPath("b10.png"))
    }

    @Test func theEndsDoNotWrapAround() {
        var list = FolderList(entries: ["1.png", "2.png"].map(Self.entry), current: Self.entry("2.png"))
        #expect(list.next == nil)
        #expect(list.last == nil, "already the last")
        list.select(Self.entry("1.png"))
        #expect(list.previous == nil)
        #expect(list.first == nil, "already the first")
        #expect(list.next?.name == RawPath("2.png"))
    }

    @Test func changesAroundTheCurrentImageMoveItsPositionNotIt() {
        var list = FolderList(entries: ["b.png", "d.png"].map(Self.entry), current: Self.entry("d.png"))
        list.insert(Self.entry("a.png"))
        list.insert(Self.entry("c.png"))
        #expect(list.current.name == RawPath("d.png"))
        #expect(list.position?.index == 4)
        list.remove(name: RawPath("a.png"))
        #expect(list.position?.index == 3)
        list.rename(RawPath("b.png"), to: Self.entry("z.png"))
        #expect(Self.names(list) == ["c.png", "d.png", "z.png"])
        #expect(list.next?.name == RawPath("z.png"))
    }

    @Test func aBurstOfChangesIsAppliedAtOnce() {
        var list = FolderList(entries: ["a.png", "b.png", "c.png"].map(Self.entry), current: Self.entry("b.png"))
        let found = ["b10.png", "a.png", "b2.png", "c.png"].map(Self.entry)
        // a.png rewritten, c.png gone, b2 and b10 new, x.png gone though never listed.
        list.update(
            Set(["a.png", "c.png", "b2.png", "b10.png", "x.png"].map { RawPath($0) }),
            found: Dictionary(uniqueKeysWithValues: found.filter { $0.name != RawPath("c.png") }.map { ($0.name, $0) }))
        #expect(Self.names(list) == ["a.png", "b.png", "b2.png", "b10.png"])
        #expect(list.current.name == RawPath("b.png"))
        #expect(list.position?.index == 2)
        #expect(list.next?.name == RawPath("b2.png"))
    }

    @Test func aLargeListStaysInOrderThroughChanges() {
        var list = FolderList(entries: (1...10_000).map { Self.entry("IMG_\($0).png") }, current: Self.entry("IMG_5000.png"))
        let added = (10_001...12_000).map { Self.entry("IMG_\($0).png") }
        let removed = (1...1_000).map { RawPath("IMG_\($0).png") }
        list.update(
            Set(removed + added.map(\.name)), found: Dictionary(uniqueKeysWithValues: added.map { ($0.name, $0) }))
        #expect(list.entries.count == 11_000)
        #expect(list.position?.index == 4_000)
        #expect(list.entries.first?.name == RawPath("IMG_1001.png"))
        #expect(list.entries.last?.name == RawPath("IMG_12000.png"))
        #expect(zip(list.entries, list.entries.dropFirst()).allSatisfy { $0.key.lexicographicallyPrecedes($1.key) })
    }

    @Test func theCurrentImageRemovedKeepsItsPlace() {
        var list = FolderList(entries: ["a.png", "b.png", "c.png"].map(Self.entry), current: Self.entry("b.png"))
        list.remove(name: RawPath("b.png"))
        #expect(list.position == nil, "no longer listed")
        #expect(list.next?.name == RawPath("c.png"))
        #expect(list.previous?.name == RawPath("a.png"))
        #expect(list.current.name == RawPath("b.png"), "still what the tab shows")
    }

    @Test func theCurrentImageRenamedIsFollowed() {
        var list = FolderList(entries: ["a.png", "b.png", "c.png"].map(Self.entry), current: Self.entry("b.png"))
        list.rename(RawPath("b.png"), to: Self.entry("d.png"))
        #expect(list.current.name == RawPath("d.png"))
        #expect(list.position?.index == 3)
        #expect(list.previous?.name == RawPath("c.png"))
    }

    @Test func equalKeysAreOrderedByName() {
        let same: [UInt8] = Array("x".utf8)
        let list = FolderList(
            entries: [FolderList.Entry(name: RawPath("b"), key: same), FolderList.Entry(name: RawPath("a"), key: same)],
            current: FolderList.Entry(name: RawPath("a"), key: same))
        #expect(Self.names(list) == ["a", "b"])
        #expect(list.next?.name == RawPath("b"))
    }

    @Test func aNameListedTwiceCountsOnce() {
        var list = FolderList(entries: ["a.png", "a.png"].map(Self.entry), current: Self.entry("a.png"))
        #expect(list.entries.count == 1)
        list.insert(Self.entry("a.png"))
        #expect(list.entries.count == 1)
    }

    @Test func anImageOutsideTheListStepsFromWhereItWouldSort() {
        let list = FolderList(entries: ["a.png", "c.png"].map(Self.entry), current: Self.entry("b.png"))
        #expect(list.position == nil)
        #expect(list.next?.name == RawPath("c.png"))
        #expect(list.previous?.name == RawPath("a.png"))
    }
}
