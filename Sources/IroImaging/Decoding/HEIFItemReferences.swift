/// The derivations among a HEIF file's items, read from its boxes to find a loop before
/// libheif sees the file. A grid, an overlay or an identity item names the items it is made
/// from in a `dimg` reference (`meta/iref`); libheif 1.15 decodes a grid that names itself
/// among its tiles inside itself, a new thread each time, until it aborts — the decoder helper
/// that tried was lost, and decoding in process, Iro would be. No picture can be made from a
/// loop, so a file with one is damaged.
enum HEIFItemReferences {
    /// The items of a loop of `dimg` references in `meta` (the `meta` box's content), the
    /// first item again at the end; nil when there is none or `iref` cannot be read. Every
    /// item is searched, not only the primary one: libheif decodes an alpha or depth image of
    /// the primary one with it, and those may be grids too.
    static func loop(in meta: [UInt8]) -> [Int]? {
        let sources = derivations(in: meta)
        // Depth first, without recursion (a chain may be as long as `meta` allows): an item
        // met again while the items it is made from are being followed closes a loop.
        var finished: Set<Int> = []
        for start in sources.keys where !finished.contains(start) {
            var path: [(item: Int, next: Int)] = [(start, 0)]
            var onPath: Set<Int> = [start]
            while let last = path.last {
                let made = sources[last.item] ?? []
                guard last.next < made.count else {
                    finished.insert(last.item)
                    onPath.remove(last.item)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let source = made[last.next]
                if onPath.contains(source) {
                    let items = path.map(\.item)
                    return Array(items[(items.lastIndex(of: source) ?? 0)...]) + [source]
                }
                if !finished.contains(source) {
                    onPath.insert(source)
                    path.append((source, 0))
                }
            }
        }
        return nil
    }

    /// Each derived item and the items it is made from, from every `dimg` box in `iref`
    /// (a full box: version 0 numbers items in 16 bits, 1 in 32).
    private static func derivations(in meta: [UInt8]) -> [Int: [Int]] {
        guard meta.count >= 4, let iref = HEIFDeclaredSize.child("iref", of: meta, in: 4..<meta.count), iref.count >= 4 else {
            return [:]
        }
        let idSize = meta[iref.lowerBound] == 0 ? 2 : 4
        func id(_ at: Int) -> Int { idSize == 2 ? HEIFDeclaredSize.be16(meta, at) : HEIFDeclaredSize.be32(meta, at) }
        var sources: [Int: [Int]] = [:]
        var at = iref.lowerBound + 4
        while let box = HEIFDeclaredSize.box(in: meta, at: at, end: iref.upperBound) {
            at = box.end
            let content = box.content
            guard box.type == "dimg", content.count >= idSize + 2 else { continue }
            let count = HEIFDeclaredSize.be16(meta, content.lowerBound + idSize)
            let first = content.lowerBound + idSize + 2
            let listed = min(count, (content.upperBound - first) / idSize)
            sources[id(content.lowerBound), default: []] += (0..<listed).map { id(first + $0 * idSize) }
        }
        return sources
    }
}
