import Foundation
import IroCore
import Testing

@Suite struct IdentifierTests {
    @Test func documentIDsAreUniqueAndIncreasing() {
        let ids = (0..<100).map { _ in DocumentID() }
        #expect(Set(ids).count == 100)
        #expect(ids == ids.sorted())
        #expect(ids[0].description == "document-\(ids[0].rawValue)")
    }

    @Test func windowIDsAreUnique() {
        let a = WindowID(), b = WindowID()
        #expect(a != b)
        #expect(a < b)
        #expect(b.description.hasPrefix("window-"))
    }

    @Test func idsFromManyThreadsNeverCollide() async {
        let ids = await withTaskGroup(of: [DocumentID].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in DocumentID() } }
            }
            var all: [DocumentID] = []
            for await batch in group { all += batch }
            return all
        }
        #expect(Set(ids).count == 4000)
    }
}
