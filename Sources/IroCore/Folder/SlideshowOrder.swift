/// The order a slideshow shows a folder's images in (BEHAVIOUR H3): the folder's own, or
/// shuffled, from the image it starts on; at the end it stops, or starts again when it
/// loops (a shuffled one in a new order, never the same image twice in a row). It holds
/// names, not positions: files added or removed meanwhile do not shift it.
public struct SlideshowOrder<Name: Hashable & Sendable>: Sendable {
    public private(set) var names: [Name]
    public let shuffled: Bool
    public let loops: Bool

    /// `names` in the folder's order; the show starts at `start` (first when shuffled).
    public init(
        _ names: [Name], startingAt start: Name?, shuffled: Bool, loops: Bool, using random: inout some RandomNumberGenerator
    ) {
        self.shuffled = shuffled
        self.loops = loops
        guard shuffled else {
            self.names = names
            return
        }
        var rest = names.filter { $0 != start }
        rest.shuffle(using: &random)
        self.names = (start.map { names.contains($0) ? [$0] : [] } ?? []) + rest
    }

    /// The image to show after `current` (nil: the show is over). One not in the order (a
    /// file added since) goes on from the start.
    public mutating func next(after current: Name, using random: inout some RandomNumberGenerator) -> Name? {
        guard !names.isEmpty else { return nil }
        guard let at = names.firstIndex(of: current) else { return names.first }
        if at + 1 < names.count { return names[at + 1] }
        guard loops, names.count > 1 else { return nil }
        if shuffled {
            // A new round in a new order, which does not begin with the image just shown.
            var again = names
            repeat { again.shuffle(using: &random) } while again.first == current
            names = again
        }
        return names.first
    }

    /// The image before `current`, for stepping back (nil at the start of a show that does not loop).
    public func previous(before current: Name) -> Name? {
        guard let at = names.firstIndex(of: current) else { return names.last }
        if at > 0 { return names[at - 1] }
        return loops && names.count > 1 ? names.last : nil
    }

    /// Files gone from the folder leave the order.
    public mutating func keep(only present: Set<Name>) { names.removeAll { !present.contains($0) } }
}
