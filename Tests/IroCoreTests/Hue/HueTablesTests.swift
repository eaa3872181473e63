import Testing

@testable import IroCore

@Suite struct HueTablesTests {
    static let layouts: [PixelLayout] = [.bgraPremultiplied, .rgbaPremultiplied, .rgba, .rgb]

    /// Every (r, g, b) byte triple where one channel sweeps 0…255 and the others vary, plus
    /// random ones; alpha 255 so premultiplied and straight data agree.
    static func opaquePixels(layout: PixelLayout, count extra: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var triples: [(UInt8, UInt8, UInt8)] = []
        for v in 0...255 {
            let u = UInt8(v), w = UInt8(255 - v), x = UInt8((v * 37) & 255)
            triples += [(u, 0, 0), (0, u, 0), (0, 0, u), (u, u, u), (u, w, x)]
        }
        for _ in 0..<extra {
            triples.append(
                (
                    .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                    .random(in: 0...255, using: &random)
                ))
        }
        var bytes = [UInt8](repeating: 0, count: triples.count * layout.bytesPerPixel)
        for (n, t) in triples.enumerated() {
            let p = n * layout.bytesPerPixel
            bytes[p + layout.redIndex] = t.0
            bytes[p + layout.greenIndex] = t.1
            bytes[p + layout.blueIndex] = t.2
            if let a = layout.alphaIndex { bytes[p + a] = 255 }
        }
        return bytes
    }

    @Test func identityTablesAreExactShifts() {
        let tables = HueMatrix(sliderValue: 0.5).tables
        #expect(tables.isIdentity)
        for i in 0..<3 {
            for j in 0..<3 {
                for v in 0..<256 {
                    #expect(tables.entries[(i * 3 + j) * 256 + v] == (i == j ? Int32(v) << 16 : 0))
                }
            }
        }
    }

    @Test(arguments: layouts)
    func identityReproducesEveryByte(layout: PixelLayout) {
        // Through the public API (which may skip the work) and through the table loop itself.
        let original = Self.opaquePixels(layout: layout, count: 4000, seed: 7)
        var pixels = original
        let count = pixels.count / layout.bytesPerPixel
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            HueMatrix.identity.apply(to: base, count: count, layout: layout)
            HueMatrix.identity.tables.process(from: base, to: base, count: count, layout: layout)
        }
        #expect(pixels == original)
    }

    @Test(arguments: layouts)
    func nearIdentityStillReproducesEveryByte(layout: PixelLayout) {
        // 0.001° is not the identity, so the tables are really used; every byte survives.
        let matrix = HueMatrix(degrees: 0.001)
        #expect(!matrix.isIdentity && !matrix.tables.isIdentity)
        let original = Self.opaquePixels(layout: layout, count: 4000, seed: 8)
        var pixels = original
        let count = pixels.count / layout.bytesPerPixel
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            matrix.apply(to: base, count: count, layout: layout)
        }
        #expect(pixels == original)
    }

    @Test(arguments: layouts, [-150.0, -45.0, 30.0, 120.0, 180.0])
    func tablesAgreeWithApply(layout: PixelLayout, degrees: Double) {
        let matrix = HueMatrix(degrees: degrees)
        let original = Self.opaquePixels(layout: layout, count: 20_000, seed: UInt64(degrees + 1000))
        var pixels = original
        let count = pixels.count / layout.bytesPerPixel
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            matrix.apply(to: base, count: count, layout: layout)
        }
        var worst = 0.0
        for n in 0..<count {
            let p = n * layout.bytesPerPixel
            let expected = matrix.apply(
                r: Double(original[p + layout.redIndex]) / 255,
                g: Double(original[p + layout.greenIndex]) / 255,
                b: Double(original[p + layout.blueIndex]) / 255)
            worst = max(
                worst,
                abs(Double(pixels[p + layout.redIndex]) / 255 - expected.r),
                abs(Double(pixels[p + layout.greenIndex]) / 255 - expected.g),
                abs(Double(pixels[p + layout.blueIndex]) / 255 - expected.b))
            if let a = layout.alphaIndex { #expect(pixels[p + a] == 255) }
        }
        // Rounding to the nearest byte: half a level, plus a hair for the fixed point.
        #expect(worst <= 0.5 / 255 + 1e-4, "worst error \(worst * 255) levels")
    }

    @Test(arguments: [PixelLayout.bgraPremultiplied, .rgbaPremultiplied])
    func premultipliedAlphaIsRespected(layout: PixelLayout) {
        let matrix = HueMatrix(degrees: 120)
        var random = SeededGenerator(seed: 99)
        let count = 20_000
        var original = [UInt8](repeating: 0, count: count * 4)
        for n in 0..<count {
            let alpha = n < 256 ? UInt8(n) : UInt8.random(in: 0...255, using: &random)
            original[n * 4 + (layout.alphaIndex ?? 3)] = alpha
            for c in [layout.redIndex, layout.greenIndex, layout.blueIndex] {
                original[n * 4 + c] = .random(in: 0...alpha, using: &random)
            }
        }
        var pixels = original
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            if layout == .bgraPremultiplied {
                matrix.apply(toBGRAPremultiplied: base, count: count)
            } else {
                matrix.apply(toRGBAPremultiplied: base, count: count)
            }
        }
        for n in 0..<count {
            let p = n * 4
            let alpha = original[p + 3]
            #expect(pixels[p + 3] == alpha)
            let r = Double(original[p + layout.redIndex]), g = Double(original[p + layout.greenIndex])
            let b = Double(original[p + layout.blueIndex])
            // Linear with no offset, so premultiplied in = premultiplied out, clamped to [0, α].
            let raw = matrix.transform(r: r, g: g, b: b)
            for (index, value) in [(layout.redIndex, raw.r), (layout.greenIndex, raw.g), (layout.blueIndex, raw.b)] {
                let expected = min(max(value, 0), Double(alpha))
                #expect(pixels[p + index] <= alpha)
                #expect(abs(Double(pixels[p + index]) - expected) <= 0.5 + 1e-3)
            }
        }
    }

    @Test func straightAlphaClampsTo255AndKeepsAlpha() {
        let matrix = HueMatrix(degrees: 180)
        var pixels: [UInt8] = [0, 255, 0, 10, 255, 0, 0, 0] // green at α 10, red at α 0
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            matrix.apply(toRGBA: base, count: 2)
        }
        // Green +180° → (1.43, 0.43, 1.43) clamped: magenta-ish, independent of alpha.
        #expect(pixels == [255, 110, 255, 10, 0, 109, 109, 0])
    }

    @Test func zeroOrNegativeCountDoesNothing() {
        var pixels: [UInt8] = [1, 2, 3, 4]
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            HueMatrix(degrees: 90).apply(toBGRAPremultiplied: base, count: 0)
            HueMatrix(degrees: 90).apply(toBGRAPremultiplied: base, count: -5)
        }
        #expect(pixels == [1, 2, 3, 4])
    }

    // MARK: Source → destination by rows

    struct Image {
        var bytes: [UInt8]
        let width: Int, height: Int, stride: Int
    }

    /// A padded BGRA premultiplied image whose padding bytes are a sentinel.
    static func paddedImage(width: Int, height: Int, seed: UInt64) -> Image {
        var random = SeededGenerator(seed: seed)
        let stride = width * 4 + 12
        var bytes = [UInt8](repeating: 0xAB, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = y * stride + x * 4
                let alpha = UInt8.random(in: 0...255, using: &random)
                bytes[p + 3] = alpha
                for c in 0..<3 { bytes[p + c] = .random(in: 0...alpha, using: &random) }
            }
        }
        return Image(bytes: bytes, width: width, height: height, stride: stride)
    }

    @Test(arguments: [0.0, 75.0])
    func rowBandsMatchTheWholeImageAndLeaveTheSourceAlone(degrees: Double) {
        let matrix = HueMatrix(degrees: degrees)
        let source = Self.paddedImage(width: 37, height: 23, seed: 5)
        let frozen = source.bytes

        // Reference: the whole image, in place on a copy.
        var reference = source.bytes
        reference.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<source.height {
                matrix.apply(toBGRAPremultiplied: base + y * source.stride, count: source.width)
            }
        }

        var destination = [UInt8](repeating: 0xAB, count: source.bytes.count)
        source.bytes.withUnsafeBufferPointer { input in
            destination.withUnsafeMutableBufferPointer { output in
                guard let from = input.baseAddress, let to = output.baseAddress else { return }
                // Uneven bands, as a caller splitting across cores would make.
                for band in [0..<5, 5..<6, 6..<17, 17..<23] {
                    HueMatrix.apply(
                        matrix.tables, layout: .bgraPremultiplied, from: from, to: to,
                        stride: source.stride, width: source.width, height: source.height, rows: band)
                }
            }
        }
        #expect(source.bytes == frozen)
        #expect(destination == reference) // padding stays the sentinel in both
    }

    @Test func rowsOutsideTheRangeAreUntouched() {
        let matrix = HueMatrix(degrees: 200)
        let source = Self.paddedImage(width: 8, height: 6, seed: 6)
        var destination = [UInt8](repeating: 0xCD, count: source.bytes.count)
        source.bytes.withUnsafeBufferPointer { input in
            destination.withUnsafeMutableBufferPointer { output in
                guard let from = input.baseAddress, let to = output.baseAddress else { return }
                // Partly past the end: clamped to the image.
                matrix.tables.apply(
                    layout: .bgraPremultiplied, from: from, to: to,
                    stride: source.stride, width: source.width, height: source.height, rows: 4..<99)
            }
        }
        #expect(destination[..<(4 * source.stride)].allSatisfy { $0 == 0xCD })
        #expect(destination[(4 * source.stride)...].contains { $0 != 0xCD })
    }

    @Test(arguments: [
        (8, 6, 8 * 4 - 1), // stride shorter than a row
        (0, 6, 64), // no width
        (8, 0, 64), // no height
        (-3, 6, 64),
    ])
    func badGeometryDoesNothing(width: Int, height: Int, stride: Int) {
        let source = [UInt8](repeating: 7, count: 1024)
        var destination = [UInt8](repeating: 0, count: 1024)
        source.withUnsafeBufferPointer { input in
            destination.withUnsafeMutableBufferPointer { output in
                guard let from = input.baseAddress, let to = output.baseAddress else { return }
                HueMatrix.apply(
                    HueMatrix(degrees: 30).tables, layout: .bgraPremultiplied, from: from, to: to,
                    stride: stride, width: width, height: height, rows: 0..<6)
            }
        }
        #expect(destination.allSatisfy { $0 == 0 })
    }
}
