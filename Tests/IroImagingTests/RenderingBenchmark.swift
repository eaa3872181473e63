import CGtk
import Foundation
import IroCore
import XCTest

@testable import IroImaging

/// What a view's rendering costs (the first frame of an image makes one on the main
/// thread): each image decoded as a launch decodes it for a 1920 × 1080 screen, then
/// rendered to fit a maximised window's view (1910 × 1027), 15 times; medians. (An image
/// smaller than the view is shown at 100 %: nothing is reduced.) Beside it,
/// in the same run, gdk-pixbuf's bilinear filter and the conversion to cairo's layout, as
/// renderings were made before `iro_reduce_to_argb32`. Release build:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing && swift build -c release --product iro-decoder
///     IRO_BENCH=1 IRO_BENCH_IMAGES=".build/launch-images/jpeg-4mp.jpg .build/launch-images/png-alpha.png" \
///       .build/release/IroPackageTests.xctest IroImagingTests.RenderingBenchmark
final class RenderingBenchmark: XCTestCase {
    func testRenderingToFitTheView() throws {
        let images = try benchmarkImages("images")
        let helper = try XCTUnwrap(DecoderPool.helperExecutable(), "iro-decoder is built beside the tests")
        DecoderPool.activate(executable: helper)
        defer { DecoderPool.deactivate() }
        func median(_ work: () -> Void) -> Double {
            var times: [Double] = []
            for _ in 0..<15 {
                let start = DecoderHelper.now()
                work()
                times.append((DecoderHelper.now() - start) * 1000)
            }
            return times.sorted()[7]
        }
        for image in images {
            let decoded = try XCTUnwrap(
                try ImageDecoder.decodeSynchronously(path: RawPath(image), detail: .screen(width: 1920, height: 1080)))
            let pyramid = ImagePyramid(image: decoded)
            let scale = min(1910 / Double(pyramid.width), 1027 / Double(pyramid.height))
            guard scale < 1 else {
                // Shown at 100 %: a conversion, the same before and after.
                print("\(URL(fileURLWithPath: image).lastPathComponent): fits the view at 100 %, nothing to reduce")
                continue
            }
            let content = PixelRect(
                x: 0, y: 0, width: Int((Double(pyramid.width) * scale).rounded(.up)),
                height: Int((Double(pyramid.height) * scale).rounded(.up)))
            let request = ViewRendering.Request(scale: scale, content: content, quarterTurns: 0)
            let level = pyramid.level(for: scale)
            let now = median { XCTAssertNotNil(ViewRendering.render(request, hue: 0.5, from: pyramid)) }
            let before = median {
                let factor = scale / level.scale
                let hasAlpha = gdk_pixbuf_get_has_alpha(level.pixbuf)
                let scaled = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha, 8, Int32(content.width), Int32(content.height))!
                nonisolated(unsafe) let source = level.pixbuf, target = scaled
                parallelRows(content.height) { rows in
                    gdk_pixbuf_scale(
                        source, target, 0, Int32(rows.lowerBound), Int32(content.width), Int32(rows.count), 0, 0, factor, factor,
                        GDK_INTERP_BILINEAR)
                }
                XCTAssertNotNil(PixelBuffer.from(pixbuf: scaled))
                g_object_unref(UnsafeMutableRawPointer(scaled))
            }
            print(
                "\(URL(fileURLWithPath: image).lastPathComponent): level \(level.width)×\(level.height) to \(content.width)×\(content.height),"
                    + " reduced \(String(format: "%.1f", now)) ms, gdk-pixbuf's filter and conversion \(String(format: "%.1f", before)) ms")
        }
    }
}
