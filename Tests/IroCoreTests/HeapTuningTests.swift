import Glibc
import IroCore
import Testing

/// Freed pixels leave the process (BEHAVIOUR A6): memory freed inside the heap stays with
/// the process until `returnFreeMemory` hands its pages back.
@Suite(.serialized) struct HeapTuningTests {
    /// Resident bytes of this process: the second field of /proc/self/statm, in pages.
    static func resident() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func freedHeapMemoryGoesBackWhenAskedFor() throws {
        // 64 MB in blocks small enough to come from the heap, and one block after them
        // that stays, so free() itself cannot shrink the heap from its top.
        let blocks = (0..<1024).map { _ in malloc(64 * 1024)! }
        for block in blocks { memset(block, 1, 64 * 1024) }
        let pin = try #require(malloc(64 * 1024))
        memset(pin, 1, 64 * 1024)
        for block in blocks { free(block) }
        let freed = Self.resident()
        HeapTuning.returnFreeMemory()
        let trimmed = Self.resident()
        free(pin)
        #expect(freed - trimmed >= 32 << 20, "resident \(freed >> 20) MB before, \(trimmed >> 20) MB after")
    }
}
