import Foundation
import IroCore
import XCTest

@testable import IroImaging

/// What the decoder helper costs a decode (BEHAVIOUR F5): the same decode at a 1920 × 1080
/// screen's detail, in this process and through a warm helper. Release build, medians of 7:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing && swift build -c release --product iro-decoder
///     IRO_BENCH=1 IRO_BENCH_IMAGES="a.jpg b.png" .build/release/IroPackageTests.xctest \
///       IroImagingTests.SandboxDecodeBenchmark
final class SandboxDecodeBenchmark: XCTestCase {
    func testHelperAgainstInProcess() throws {
        let images = try benchmarkImages("files to decode")
        let helper = try XCTUnwrap(DecoderPool.helperExecutable(), "iro-decoder is built beside the tests")
        func median(_ path: RawPath) throws -> Double {
            var times: [Double] = []
            for _ in 0..<7 {
                let start = DecoderHelper.now()
                _ = try ImageDecoder.decodeSynchronously(path: path, detail: .screen(width: 1920, height: 1080))
                times.append((DecoderHelper.now() - start) * 1000)
            }
            return times.sorted()[3]
        }
        for image in images {
            DecoderPool.deactivate()
            let here = try median(RawPath(image))
            DecoderPool.activate(executable: helper)
            _ = try ImageDecoder.decodeSynchronously(path: RawPath(image), detail: .screen(width: 1920, height: 1080)) // warm
            let sandboxed = try median(RawPath(image))
            DecoderPool.deactivate()
            print(
                String(
                    format: "BENCH %@: in process %.1f ms, in the helper %.1f ms", (image as NSString).lastPathComponent, here, sandboxed))
        }
    }
}
