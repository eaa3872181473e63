import Foundation
import IroCore
import XCTest

@testable import IroImaging

/// A PDF's costs in the decoder helper (BEHAVIOUR G1, G7): opening it and drawing a page at
/// a 1920 × 1080 screen's detail, and searching it all the way through as the search bar
/// does (`TextSearch`: runs of pages growing from 8 to 48 a request, two requests in flight). Release build, medians of 5:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing && swift build -c release --product iro-decoder
///     IRO_BENCH=1 IRO_BENCH_IMAGES=".build/bench-pdfs/book.pdf" IRO_BENCH_WORD=zoom \
///       .build/release/IroPackageTests.xctest IroImagingTests.DocumentBenchmark
final class DocumentBenchmark: XCTestCase {
    func testPageAndSearchInTheHelper() throws {
        let documents = try benchmarkImages("PDFs")
        let word = ProcessInfo.processInfo.environment["IRO_BENCH_WORD"] ?? "the"
        let helper = try XCTUnwrap(DecoderPool.helperExecutable(), "iro-decoder is built beside the tests")
        DecoderPool.activate(executable: helper)
        defer { DecoderPool.deactivate() }
        func median(_ work: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<5 {
                let start = DecoderHelper.now()
                try work()
                times.append((DecoderHelper.now() - start) * 1000)
            }
            return times.sorted()[2]
        }
        for document in documents {
            let path = RawPath(document)
            let first = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: path, detail: .screen(width: 1920, height: 1080)))
            let count = first.pageCount
            let pageOne = try median { _ = try ImageDecoder.decodeSynchronously(path: path, detail: .screen(width: 1920, height: 1080)) }
            let lastPage = try median {
                _ = try ImageDecoder.decodeSynchronously(
                    path: path, page: DocumentPage(count - 1), detail: .screen(width: 1920, height: 1080))
            }
            var firstHit = 0.0, found = 0
            // IRO_BENCH_WORD="" measures the pages only (a search of 100 000 pages would take minutes).
            let whole =
                word.isEmpty
                ? 0
                : try median {
                    // As the search bar searches: `TextSearch`, two requests in flight.
                    let start = DecoderHelper.now()
                    let done = DispatchSemaphore(value: 0)
                    nonisolated(unsafe) var first = 0.0, total = 0
                    Task.detached {
                        for await batch in TextSearch.pages(word, of: path, password: nil, order: Array(0..<count)) {
                            let hits = batch.pages.reduce(0) { $0 + $1.areas.count }
                            if hits > 0, total == 0 { first = (DecoderHelper.now() - start) * 1000 }
                            total += hits
                        }
                        done.signal()
                    }
                    done.wait()
                    (firstHit, found) = (first, total)
                }
            print(
                String(
                    format: "BENCH %@ (%d pages): page 1 %.1f ms, page %d %.1f ms; \"%@\": first match %.1f ms, all %d in %.1f ms",
                    (document as NSString).lastPathComponent, count, pageOne, count, lastPage, word, firstHit, found, whole))
        }
    }
}
