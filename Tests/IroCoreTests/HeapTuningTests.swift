import Glibc
import IroCore
import Testing

/// Freed pixels leave the process (BEHAVIOUR A6): with the threshold fixed, a large block
/// freed after another large block freed earlier still has a mapping of its own, so free()
/// unmaps it. Without it glibc raises the threshold to the first block's size and serves
/// the second from the heap, where freeing it keeps the memory.
@Suite(.serialized) struct HeapTuningTests {
    @Test func aLargeBlockFreedAfterAnotherStillHasItsOwnMapping() throws {
        HeapTuning.apply()
        let size = 8 << 20
        let first = try #require(malloc(size))
        memset(first, 1, size)
        free(first)
        let before = HeapTuning.mappedBytes
        let second = try #require(malloc(size - 4096))
        memset(second, 1, size - 4096)
        #expect(HeapTuning.mappedBytes - before >= size - 4096, "the second block is mapped on its own")
        free(second)
        #expect(HeapTuning.mappedBytes - before < size / 2, "and its memory left with free()")
    }
}
