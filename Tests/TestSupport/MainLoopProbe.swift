import Glibc
import GtkSupport

/// How much CPU and memory the test process uses (getrusage and /proc/self/status).
public enum ProcessUsage {
    /// User and system CPU seconds of the whole process so far.
    public static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's resident memory now (VmRSS).
    public static var residentBytes: Int {
        for line in procFile("/proc/self/status").split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes << 10
        }
        return 0
    }

    /// CPU seconds the calling thread has run.
    public static var threadCPUSeconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
}

/// Watches the main loop from inside it: a GLib timeout every 5 ms notes how much CPU time
/// the main thread spent since its last turn (the longest such stretch is how long the loop
/// was busy with something else at once), and samples the resident memory every 50 ms.
/// CPU time, not wall time: on a busy machine the scheduler stretches wall time for every
/// process, while the main thread's own work is what makes a window stall.
@MainActor public final class MainLoopProbe {
    public private(set) var longestBusyStretch = 0.0
    public private(set) var peakResidentBytes = ProcessUsage.residentBytes
    private var last = ProcessUsage.threadCPUSeconds
    private var turns = 0
    private var source: SourceID?

    public init() {
        source = addTimeout(milliseconds: 5) { [weak self] in
            guard let self else { return false }
            let now = ProcessUsage.threadCPUSeconds
            self.longestBusyStretch = max(self.longestBusyStretch, now - self.last)
            self.last = now
            self.turns += 1
            if self.turns % 10 == 0 { self.peakResidentBytes = max(self.peakResidentBytes, ProcessUsage.residentBytes) }
            return true
        }
    }

    public func stop() {
        peakResidentBytes = max(peakResidentBytes, ProcessUsage.residentBytes)
        source?.cancel()
        source = nil
    }
}
