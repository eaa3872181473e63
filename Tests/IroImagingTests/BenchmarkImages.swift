import Foundation
import XCTest

/// The files a benchmark runs on (`IRO_BENCH_IMAGES`, separated by spaces); skips the test
/// unless `IRO_BENCH=1` asks for benchmarks, or when no file is named.
func benchmarkImages(_ what: String) throws -> [String] {
    let environment = ProcessInfo.processInfo.environment
    try XCTSkipUnless(environment["IRO_BENCH"] == "1", "a benchmark: set IRO_BENCH=1 to run it")
    let images = (environment["IRO_BENCH_IMAGES"] ?? "").split(separator: " ").map(String.init)
    try XCTSkipIf(images.isEmpty, "IRO_BENCH_IMAGES names the \(what)")
    return images
}
