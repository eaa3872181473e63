import Glibc
import XCTest

/// How far the process's resident memory rose during one step of a test: the kernel's peak
/// (VmHWM) started afresh before it. Writing 5 to /proc/self/clear_refs sets the peak to
/// what is resident now (Linux 4.0), so the peaks of the tests before do not count.
public enum PeakMemory {
    /// The bytes the peak rose above what was resident when `body` began; skips the test
    /// where the peak cannot be reset.
    public static func growth(during body: () throws -> Void) throws -> Int {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        try XCTSkipIf(descriptor < 0, "/proc/self/clear_refs cannot be written: the peak cannot be reset")
        let reset = write(descriptor, "5", 1)
        close(descriptor)
        try XCTSkipIf(reset != 1, "the kernel did not reset the peak")
        let before = field("VmRSS")
        try body()
        return field("VmHWM") - before
    }

    /// A field of /proc/self/status in bytes (the file says kB).
    private static func field(_ name: String) -> Int {
        for line in procFile("/proc/self/status").split(separator: "\n") where line.hasPrefix(name + ":") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) << 10
        }
        return 0
    }
}
