import Foundation
import IroCore
import XCTest

@testable import IroImaging

/// Saving an edit of a large JPEG (BEHAVIOUR D7) against jpegtran doing the same lossless
/// transform: a quarter turn (`-rotate 90 -perfect`) and a crop on the block grid (`-crop`),
/// each from the file to a new file on disk. Iro's time is the helper's whole request
/// (reading, transforming, carrying the metadata over) plus the write. Release build,
/// medians of 9, jpegtran run in the same loop:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing && swift build -c release --product iro-decoder
///     IRO_BENCH=1 IRO_BENCH_IMAGES="photo.jpg" .build/release/IroPackageTests.xctest IroImagingTests.EditSaveBenchmark
final class EditSaveBenchmark: XCTestCase {
    func testLosslessRotateAndCropAgainstJpegtran() throws {
        let images = try benchmarkImages("JPEGs to turn and crop")
        let jpegtran = try XCTUnwrap(
            ["/usr/bin/jpegtran", "/usr/local/bin/jpegtran"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "jpegtran (libjpeg-turbo-progs)")
        let helper = try XCTUnwrap(DecoderPool.helperExecutable(), "iro-decoder is built beside the tests")
        DecoderPool.activate(executable: helper)
        defer { DecoderPool.deactivate() }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("iro-edit-bench-\(getpid()).jpg")
        defer { try? FileManager.default.removeItem(at: out) }

        func median(_ work: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<9 {
                let start = DecoderHelper.now()
                try work()
                times.append((DecoderHelper.now() - start) * 1000)
            }
            return times.sorted()[4]
        }
        func runJpegtran(_ arguments: [String], _ image: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: jpegtran)
            process.arguments = arguments + ["-copy", "all", "-outfile", out.path, image]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        for image in images {
            let path = RawPath(image)
            let facts = try XCTUnwrap(JPEGFacts.read(path), "\(image) is a JPEG")
            // A quarter of each side off the left and top, on the grid of the picture turned.
            let crop = PixelRect(
                x: facts.width / 4 / 16 * 16, y: facts.height / 4 / 16 * 16, width: facts.width / 2, height: facts.height / 2)
            let cases: [(String, ImageEdit, [String])] = [
                ("rotate 90", ImageEdit(transform: .turnRight), ["-rotate", "90", "-perfect"]),
                ("crop", ImageEdit(crop: crop), ["-crop", "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)"]),
            ]
            for (name, edit, arguments) in cases {
                XCTAssertTrue(facts.isLossless(edit), "\(name) is lossless for \(image)")
                _ = try ImageDecoder.saveEdit(path: path, edit: edit, format: .jpeg(quality: nil)) // a warm helper
                let iro = try median {
                    let bytes = try ImageDecoder.saveEdit(path: path, edit: edit, format: .jpeg(quality: nil))
                    try FileReplace.write(bytes, to: RawPath(out.path))
                }
                let peer = try median { try runJpegtran(arguments, image) }
                print(
                    String(
                        format: "BENCH %@ %@: Iro %.0f ms, jpegtran %.0f ms (%.2f×)", (image as NSString).lastPathComponent, name, iro,
                        peer, iro / peer))
            }
        }
    }
}
