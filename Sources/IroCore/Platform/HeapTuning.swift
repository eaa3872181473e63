import CMalloc

/// Freed pixels go back to the system (BEHAVIOUR A6). glibc serves allocations of
/// 128 KiB and more with mappings of their own, which free() unmaps at once, but it raises
/// that threshold to the size of every mapped block freed (up to 32 MiB): after the first
/// tab closes, later pixel buffers come from the heap, and freeing them leaves the memory
/// with the process (572 MB resident after closing nineteen of twenty 18 MP tabs).
public enum HeapTuning {
    /// Allocations from this size on always get their own mapping.
    public static let mappedFrom: Int32 = 256 * 1024

    /// Fixes the threshold (which also stops glibc from moving it). Call first in `main`.
    public static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, mappedFrom)
    }

    /// Returns the free pages inside the heaps of every thread (smaller blocks freed in
    /// numbers, as when a tab's widgets go).
    public static func returnFreeMemory() {
        _ = malloc_trim(0)
    }

    /// Bytes now held in blocks with a mapping of their own (what free() gives back at once).
    public static var mappedBytes: Int { Int(mallinfo2().hblkhd) }
}
