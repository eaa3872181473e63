import Glibc

/// Writes one line to standard error (Swift 6 forbids touching C's `stderr` global).
public func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return // nowhere left to report it
            }
            offset += written
        }
    }
}
