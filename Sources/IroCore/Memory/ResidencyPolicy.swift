/// Which documents keep their decoded pixels (BEHAVIOUR A6: open fast, in little memory).
/// Every shown tab keeps them; tabs in the background keep them too, most recently shown
/// first, while their pixels fit in the budget; the rest keep only screen-sized levels and
/// decode again when shown needs more.
public struct ResidencyPolicy: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let id: DocumentID
        /// Bytes of decoded pixels it holds now (0 once it keeps only screen-sized levels).
        public let bytes: Int
        /// When it was last shown (any monotonic clock); larger is more recent.
        public let lastShown: Double
        public let isShown: Bool
        public init(id: DocumentID, bytes: Int, lastShown: Double, isShown: Bool) {
            self.id = id
            self.bytes = bytes
            self.lastShown = lastShown
            self.isShown = isShown
        }
    }

    /// Bytes of decoded pixels allowed for tabs in the background.
    public var backgroundBudget: Int

    public init(backgroundBudget: Int = 256 * 1024 * 1024) {
        self.backgroundBudget = backgroundBudget
    }

    /// The background documents to trim to screen-sized levels, least recently shown first.
    public func documentsToTrim(_ entries: [Entry]) -> [DocumentID] {
        let background = entries.filter { !$0.isShown && $0.bytes > 0 }
            .sorted { $0.lastShown != $1.lastShown ? $0.lastShown > $1.lastShown : $0.id < $1.id }
        var used = 0
        var trim: [DocumentID] = []
        for entry in background {
            if used + entry.bytes <= backgroundBudget {
                used += entry.bytes
            } else {
                trim.append(entry.id)
            }
        }
        return trim.reversed()
    }
}
