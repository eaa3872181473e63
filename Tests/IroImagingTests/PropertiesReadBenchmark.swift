import Foundation
import GObjectSupport
import GtkSupport
import IroCore
import XCTest

@testable import IroImaging

/// What the properties panel waits for after a tab switch: the file's facts and its
/// metadata. The first read also loads gexiv2 (dlopen). Release build, medians of 21
/// (`swift build -c release --product iro-decoder` too, for the helper's run):
///
///     swift build -c release --build-tests -Xswiftc -enable-testing
///     IRO_BENCH=1 IRO_BENCH_IMAGES="a.jpg b.png" .build/release/IroPackageTests.xctest \
///       IroImagingTests.PropertiesReadBenchmark
final class PropertiesReadBenchmark: XCTestCase {
    func testFileFactsAndMetadata() throws { try measure(where: "in process") }

    /// The same reads with the metadata parsed in the decoder helper, as Iro does (BEHAVIOUR
    /// F5): the first also starts the helper and loads gexiv2 there.
    func testFileFactsAndMetadataThroughTheHelper() throws {
        try DecoderSandboxTests.activateHelper()
        defer { DecoderPool.deactivate() }
        try measure(where: "in the helper")
    }

    private func measure(where place: String) throws {
        let images = try benchmarkImages("files to read")
        var start = monotonicSeconds()
        _ = PropertiesReader.photo(at: RawPath(images[0]))
        print(String(format: "BENCH %@, first read (loads gexiv2): %.1f ms", place, (monotonicSeconds() - start) * 1000))
        for image in images {
            var times: [Double] = []
            for _ in 0..<21 {
                start = monotonicSeconds()
                _ = PropertiesReader.file(at: RawPath(image))
                _ = PropertiesReader.photo(at: RawPath(image))
                times.append((monotonicSeconds() - start) * 1000)
            }
            print(String(format: "BENCH %@, %@: %.2f ms", place, (image as NSString).lastPathComponent, times.sorted()[10]))
        }
    }
}
