import CGtk
import CSandbox
import Glibc
import IroCore
import XCTest

@_spi(Fuzzing) @testable import IroImaging

/// Iro takes a helper's answer only when it is what it says (BEHAVIOUR F5): pixels in a
/// sealed memfd that holds every row, answering the request asked, of the kind asked. What a
/// hostile helper sends otherwise makes it "stopped", and nothing of it is used. (The
/// protocol fuzzer, Fuzz/iro-protocol-fuzz, drives the same function with mutated bytes.)
final class DecoderRepliesTests: XCTestCase {
    let pixels = DecodedPixels(width: 3, height: 2, stride: 12, hasAlpha: false, imageWidth: 6, imageHeight: 4, formatName: "jpeg")

    /// A memfd of `size` bytes counting up from 1, sealed or not.
    func memfd(size: Int, sealed: Bool = true) throws -> Int32 {
        let descriptor = iro_memfd_create("test", size)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let mapped = try XCTUnwrap(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0))
        for index in 0..<size { mapped.storeBytes(of: UInt8(truncatingIfNeeded: index + 1), toByteOffset: index, as: UInt8.self) }
        munmap(mapped, size)
        if sealed { XCTAssertEqual(iro_memfd_seal(descriptor), 0) }
        return descriptor
    }

    func refusal(_ messages: [(bytes: [UInt8], descriptor: Int32)], id: UInt32 = 1, region: Bool = false) -> String? {
        do throws(LoadError) {
            _ = try DecoderReplies.take(messages, id: id, region: region)
            return nil
        } catch {
            guard case .decoderStopped(let detail) = error else { return "not stopped: \(error)" }
            return detail
        }
    }

    func testAnImageInASealedMemfdIsTakenWithItsPixels() throws {
        let messages = [
            (DecoderReply.progress(id: 1, fraction: 0.5).bytes, Int32(-1)),
            (DecoderReply.image(id: 1, pixels).bytes, try memfd(size: pixels.byteCount)),
        ]
        guard case .image(let image) = try DecoderReplies.take(messages, id: 1, region: false) else { return XCTFail("no image") }
        XCTAssertEqual([image.width, image.height, image.imageWidth, image.imageHeight], [3, 2, 6, 4])
        let bytes = UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(image.pixbuf), count: Int(gdk_pixbuf_get_byte_length(image.pixbuf)))
        XCTAssertEqual(Array(bytes[12..<21]), (13...21).map { UInt8($0) }, "the second row, from the memfd")
    }

    func testWhatIsNotWhatItSaysIsRefused() throws {
        XCTAssertEqual(
            refusal([(DecoderReply.image(id: 1, pixels).bytes, try memfd(size: pixels.byteCount, sealed: false))]),
            "its pixels were not sealed")
        XCTAssertEqual(
            refusal([(DecoderReply.image(id: 1, pixels).bytes, try memfd(size: pixels.byteCount - 1))]),
            "its pixels were fewer than it said")
        XCTAssertEqual(refusal([(DecoderReply.image(id: 1, pixels).bytes, -1)]), "its image came without pixels")
        XCTAssertEqual(
            refusal([(DecoderReply.image(id: 1, pixels).bytes, try memfd(size: pixels.byteCount))], id: 2),
            "it answered request 1 instead of 2")
        XCTAssertEqual(
            refusal([(DecoderReply.image(id: 1, pixels).bytes, try memfd(size: pixels.byteCount))], region: true),
            "it sent an image for a region")
        XCTAssertEqual(refusal([(DecoderReply.progress(id: 1, fraction: 1).bytes, -1)]), "it ended")
        var lying = DecoderReply.image(id: 1, pixels).bytes
        lying[12] = 0xFF // the width's top byte (little-endian, after magic, kind and id): negative
        XCTAssertEqual(refusal([(lying, try memfd(size: pixels.byteCount))])?.hasPrefix("it sent a malformed message"), true)
    }
}
