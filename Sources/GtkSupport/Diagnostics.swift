import Foundation

/// Writes one line to standard error (Swift 6 forbids touching C's `stderr` global).
nonisolated public func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
