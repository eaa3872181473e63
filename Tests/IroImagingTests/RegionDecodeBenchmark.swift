import Foundation
import GObjectSupport
import GtkSupport
import IroCore
import XCTest

@testable import IroImaging

/// What a zoom into a large JPEG waits for: the part a maximised view shows at 100 %
/// (1910 × 1023 plus the rendering's quarter margin each side, at the image's centre),
/// against every pixel. Release build, medians of 7:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing
///     IRO_BENCH=1 IRO_BENCH_IMAGES="a.jpg b.jpg" .build/release/IroPackageTests.xctest \
///       IroImagingTests.RegionDecodeBenchmark
final class RegionDecodeBenchmark: XCTestCase {
    func testRegionAgainstWholeDecode() throws {
        let images = try benchmarkImages("JPEGs to time")
        for image in images {
            let path = RawPath(image)
            let header = try InProcessDecoder.readHeader(ImageSource(path: path))
            let (width, height) = (Int(1910 * 1.5), Int(1023 * 1.5))
            let centre = PixelRect(x: (header.width - width) / 2, y: (header.height - height) / 2, width: width, height: height)
            func median(_ work: () throws -> Void) rethrows -> Double {
                var times: [Double] = []
                for _ in 0..<7 {
                    let start = monotonicSeconds()
                    try work()
                    times.append((monotonicSeconds() - start) * 1000)
                }
                return times.sorted()[3]
            }
            let region = try median { _ = try ImageDecoder.decodeRegionSynchronously(path: path, covering: centre) }
            let whole = try median { _ = try ImageDecoder.decodeSynchronously(path: path, detail: .full) }
            print(
                String(
                    format: "BENCH %@ %d×%d: centre region %.0f ms, every pixel %.0f ms", (image as NSString).lastPathComponent,
                    header.width, header.height, region, whole))
        }
    }
}
