import Glibc
import IroCore
import Testing

/// Freed pixels leave the process (BEHAVIOUR A6): memory freed inside the heap stays with
/// the process until `returnFreeMemory` hands its pages back.
@Suite(.serialized) struct HeapTuningTests {
    /// How many of the pages under `blocks` (each `size` bytes) are resident (mincore): the
    /// freed blocks' own pages, whatever other tests running meanwhile allocate.
    static func residentPages(of blocks: [UnsafeMutableRawPointer], size: Int) -> Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var count = 0
        var vector = [UInt8](repeating: 0, count: size / page + 2)
        for block in blocks {
            // Whole pages inside the block only: its first and last may share a page with a neighbour.
            let start = (Int(bitPattern: block) + page - 1) / page * page
            let end = (Int(bitPattern: block) + size) / page * page
            guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
            guard mincore(address, end - start, &vector) == 0 else { continue }
            count += vector.prefix((end - start) / page).filter { $0 & 1 != 0 }.count
        }
        return count
    }

    @Test func freedHeapMemoryGoesBackWhenAskedFor() throws {
        // 64 MB in blocks small enough to come from the heap, and one block after them
        // that stays, so free() itself cannot shrink the heap from its top.
        let size = 64 * 1024
        let blocks = (0..<1024).map { _ in malloc(size)! }
        for block in blocks { memset(block, 1, size) }
        let pin = try #require(malloc(size))
        memset(pin, 1, size)
        let touched = Self.residentPages(of: blocks, size: size)
        for block in blocks { free(block) }
        HeapTuning.returnFreeMemory()
        // The addresses stay mapped in the heap; only their pages go (or are reused by
        // whatever else runs, which is why half is enough).
        let kept = Self.residentPages(of: blocks, size: size)
        free(pin)
        #expect(touched > 0)
        #expect(kept * 2 < touched, "\(kept) of the \(touched) pages of the freed blocks still resident after trimming")
    }
}
