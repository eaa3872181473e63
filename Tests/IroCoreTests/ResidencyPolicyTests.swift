import IroCore
import Testing

@Suite struct ResidencyPolicyTests {
    let a = DocumentID(), b = DocumentID(), c = DocumentID(), d = DocumentID()
    let mb = 1024 * 1024

    @Test func shownDocumentsAreNeverTrimmed() {
        let policy = ResidencyPolicy(backgroundBudget: 0)
        let trimmed = policy.documentsToTrim([
            .init(id: a, bytes: 500 * mb, lastShown: 1, isShown: true),
            .init(id: b, bytes: 500 * mb, lastShown: 2, isShown: true),
        ])
        #expect(trimmed.isEmpty)
    }

    @Test func underTheBudgetNothingIsTrimmed() {
        let policy = ResidencyPolicy(backgroundBudget: 300 * mb)
        #expect(
            policy.documentsToTrim([
                .init(id: a, bytes: 100 * mb, lastShown: 1, isShown: false),
                .init(id: b, bytes: 100 * mb, lastShown: 2, isShown: false),
                .init(id: c, bytes: 900 * mb, lastShown: 3, isShown: true),
            ]).isEmpty)
    }

    @Test func leastRecentlyShownGoFirst() {
        let policy = ResidencyPolicy(backgroundBudget: 250 * mb)
        let trimmed = policy.documentsToTrim([
            .init(id: a, bytes: 100 * mb, lastShown: 1, isShown: false),
            .init(id: b, bytes: 100 * mb, lastShown: 4, isShown: false),
            .init(id: c, bytes: 100 * mb, lastShown: 3, isShown: false),
            .init(id: d, bytes: 100 * mb, lastShown: 2, isShown: false),
        ])
        // b and c (most recent) fit in 250 MB; d and a do not, a being the oldest.
        #expect(trimmed == [a, d])
    }

    @Test func previewsCostNothingAndAreNotTrimmedAgain() {
        let policy = ResidencyPolicy(backgroundBudget: 0)
        #expect(policy.documentsToTrim([.init(id: a, bytes: 0, lastShown: 1, isShown: false)]).isEmpty)
    }

    @Test func twentyLargeImagesStayWithinTheBudget() {
        let policy = ResidencyPolicy()
        let docs = (0..<20).map { _ in DocumentID() }
        let perImage = 128 * mb // a 24-megapixel image and its smaller levels
        let entries = docs.enumerated().map { i, id in
            ResidencyPolicy.Entry(id: id, bytes: perImage, lastShown: Double(i), isShown: i == 19)
        }
        let trimmed = Set(policy.documentsToTrim(entries))
        let kept = entries.filter { !trimmed.contains($0.id) }.reduce(0) { $0 + $1.bytes }
        #expect(kept <= policy.backgroundBudget + perImage)
        #expect(!trimmed.contains(docs[19]))
        #expect(trimmed.count == 17, "two of the nineteen in the background fit in 256 MB")
    }
}
