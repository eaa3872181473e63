/// The images of one folder in the file manager's natural order, and which of them a tab
/// shows (BEHAVIOUR F1). The order comes from a collation key per name that the caller
/// computes (GLib's g_utf8_collate_key_for_filename: "b9" before "b10", case folded);
/// equal keys fall back to the names' bytes, so the order is total.
///
/// The current image is held by name and key, not by index: files added, renamed or
/// removed around it (the folder watch) move its position, never which image it is, and
/// the image itself going away leaves its place, so next and previous still step from
/// where it was.
public struct FolderList: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// The file's name in the folder (its last path component), as bytes.
        public let name: RawPath
        /// Sorts entries: bytes compared in order, as `strcmp` compares collation keys.
        public let key: [UInt8]

        public init(name: RawPath, key: [UInt8]) {
            self.name = name
            self.key = key
        }

        func precedes(_ other: Entry) -> Bool {
            key != other.key ? key.lexicographicallyPrecedes(other.key) : name.bytes.lexicographicallyPrecedes(other.name.bytes)
        }
    }

    /// In order, each name once.
    public private(set) var entries: [Entry]
    /// The image shown (whether or not it is still in the folder).
    public private(set) var current: Entry

    /// `entries` in any order; `current` is the image shown, listed or not.
    public init(entries: [Entry], current: Entry) {
        var seen = Set<RawPath>()
        self.entries = entries.filter { seen.insert($0.name).inserted }.sorted { $0.precedes($1) }
        self.current = current
    }

    /// Where the current image is: (1-based position, count), nil when it is not listed.
    public var position: (index: Int, count: Int)? {
        let at = insertionIndex(of: current)
        guard at < entries.count, entries[at].name == current.name else { return nil }
        return (at + 1, entries.count)
    }

    /// The image after the current one in order, if any (no wrap-around).
    public var next: Entry? {
        let at = insertionIndex(of: current)
        let start = at < entries.count && entries[at].name == current.name ? at + 1 : at
        return start < entries.count ? entries[start] : nil
    }

    /// The image before the current one in order, if any.
    public var previous: Entry? {
        let at = insertionIndex(of: current)
        return at > 0 ? entries[at - 1] : nil
    }

    public var first: Entry? { entries.first.flatMap { $0.name == current.name ? nil : $0 } }
    public var last: Entry? { entries.last.flatMap { $0.name == current.name ? nil : $0 } }

    /// Shows `entry` (one of the entries, or any image of the folder).
    public mutating func select(_ entry: Entry) { current = entry }

    /// A file appeared in the folder (or changed so that it now counts as an image).
    public mutating func insert(_ entry: Entry) {
        update([entry.name], found: [entry.name: entry])
    }

    /// A file left the folder (or is no longer an image). The current image keeps its place.
    public mutating func remove(name: RawPath) {
        update([name], found: [:])
    }

    /// Files changed in the folder: each name in `changed` is now the entry `found` has
    /// for it, or gone (no longer there, or no longer an image). One pass over the list
    /// for a burst of any size, as when thousands of files are copied in.
    public mutating func update(_ changed: Set<RawPath>, found: [RawPath: Entry]) {
        guard !changed.isEmpty else { return }
        let kept = entries.filter { !changed.contains($0.name) }
        let added = changed.compactMap { found[$0] }.sorted { $0.precedes($1) }
        var merged: [Entry] = []
        merged.reserveCapacity(kept.count + added.count)
        var k = 0
        var a = 0
        while k < kept.count || a < added.count {
            if a == added.count || (k < kept.count && kept[k].precedes(added[a])) {
                merged.append(kept[k])
                k += 1
            } else {
                merged.append(added[a])
                a += 1
            }
        }
        entries = merged
        if let entry = found[current.name], changed.contains(current.name) { current = entry }
    }

    /// A file was renamed within the folder; when it is the current image, the current
    /// image follows it to its new name (and place).
    public mutating func rename(_ old: RawPath, to entry: Entry) {
        remove(name: old)
        insert(entry)
        if old == current.name { current = entry }
    }

    /// The index of the entry named `name`, if listed.
    public func index(of name: RawPath) -> Int? {
        entries.firstIndex { $0.name == name }
    }

    /// Where `entry` sorts: the index of the first entry that does not precede it.
    private func insertionIndex(of entry: Entry) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].precedes(entry) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
