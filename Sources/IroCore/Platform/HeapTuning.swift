import CMalloc

/// Freed pixels go back to the system (BEHAVIOUR A6). glibc serves allocations of
/// 128 KiB and more with mappings of their own, which free() unmaps at once, but it raises
/// that threshold to the size of every mapped block freed (up to 32 MiB): after the first
/// pixel buffers are freed, later ones come from the heap, and freeing them there leaves the
/// memory with the process (591 MB resident after closing nineteen of twenty 18 MP tabs).
///
/// Fixing the threshold low would hand every pixel buffer back at once, but each new one
/// then costs fresh pages: 4.4 ms more for every screen-sized buffer, which a hue step or a
/// zoom's rendering makes each time (measured with a C loop of 7.8 MB buffers: 0.2 ms
/// reused from the heap, 4.4 ms mapped anew). So the threshold stays glibc's, and the heaps
/// are trimmed when much has just been freed (tabs closed, background tabs trimmed).
public enum HeapTuning {
    /// Returns the free pages inside the heaps of every thread to the system.
    public static func returnFreeMemory() {
        _ = malloc_trim(0)
    }
}
