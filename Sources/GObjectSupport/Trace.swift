import Glibc

/// A start-up timeline for developers: `IRO_TRACE=1 iro FILE` prints each step of a
/// launch to stderr (main, GTK ready, window mapped, decode start and end, the decoder
/// helper's steps, frames), in milliseconds since Iro's process was started. The kernel gives the start only to
/// 1/CLK_TCK (10 ms on most machines): read the differences between steps to the
/// tenth of a millisecond, the first offset to ±10 ms.
public enum Trace {
    public static let isEnabled = getenv("IRO_TRACE") != nil

    /// Prints `event` with the time since the process started, when tracing.
    public static func mark(_ event: @autoclosure () -> String) {
        guard isEnabled else { return }
        let elapsed = Double(now() - processStart) / 1e6
        let line = "iro-trace \(format1(elapsed)) ms  \(event())\n"
        // One write(2) a line: lines from threads do not interleave.
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// CLOCK_BOOTTIME in nanoseconds: the clock the kernel's process start time counts on.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Makes the processes this one starts (the decoder helper) count from this process's
    /// start, so that their steps line up with its own. Call while there is one thread.
    public static func handDownOrigin() {
        guard isEnabled else { return }
        setenv("IRO_TRACE_ORIGIN", "\(processStart)", 1)
    }

    /// Field 22 of /proc/self/stat (the start time in clock ticks since boot), or now; the
    /// starting process's (`handDownOrigin`) in a process it started.
    nonisolated(unsafe) private static let processStart: Int64 = {
        if let origin = getenv("IRO_TRACE_ORIGIN").flatMap({ Int64(String(cString: $0)) }) { return origin }
        guard let file = fopen("/proc/self/stat", "r") else { return now() }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return now() }
        let line = String(cString: buffer)
        // The command name (field 2) is in parentheses and may hold spaces: count after it.
        guard let close = line.lastIndex(of: ")") else { return now() }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field 22 is fields[19].
        guard fields.count > 19, let ticks = Int64(fields[19]) else { return now() }
        return ticks * 1_000_000_000 / Int64(sysconf(Int32(_SC_CLK_TCK)))
    }()

    private static func format1(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
