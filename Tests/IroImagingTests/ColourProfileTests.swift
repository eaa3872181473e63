import CGtk
import Foundation
import IroCore
import TestSupport
import XCTest

@testable import IroImaging

/// Embedded colour profiles are converted to sRGB while decoding (BEHAVIOUR A3): the
/// expected colours come from Little CMS's own `transicc`, not from Iro's code.
class ColourProfileTests: XCTestCase {
    let fixtures = Fixtures()
    static let profiles = "/usr/share/color/icc"
    static let adobeRGB = "\(profiles)/compatibleWithAdobeRGB1998.icc"
    /// The colour every test image is filled with, in the profile's space.
    static let colour = RGBA(60, 120, 200)

    /// `colour` in the profile at `path`, converted to sRGB by transicc (perceptual, clipped).
    static func transicc(_ colour: RGBA, from path: String) throws -> RGBA {
        try XCTUnwrap(try transicc([colour], from: path).first)
    }

    /// `colours` converted so, one transicc run for all.
    static func transicc(_ colours: [RGBA], from path: String) throws -> [RGBA] {
        let numbers = try transicc(lines: colours.map { "\($0.r) \($0.g) \($0.b)" }, from: path)
        func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
        return colours.indices.map { RGBA(byte(numbers[3 * $0]), byte(numbers[3 * $0 + 1]), byte(numbers[3 * $0 + 2])) }
    }

    /// The sRGB values transicc gives for `lines` of the profile's channels (0–255 for RGB,
    /// percent for CMYK), three a line.
    static func transicc(lines: [String], from path: String) throws -> [Double] {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/transicc"), "transicc (liblcms2-utils) computes the expected colours")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/transicc")
        process.arguments = ["-i", path, "-o", "*sRGB", "-t", "0", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard numbers.count == 3 * lines.count else { throw XCTSkip("transicc said nothing usable: \(text)") }
        return numbers
    }

    /// Iro's own matrix/TRC path against transicc, over the whole range of each channel.
    func testManyColoursAgreeWithLittleCMS() throws {
        var colours: [RGBA] = []
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) { colours.append(RGBA(UInt8(r), UInt8(g), UInt8(b))) }
            }
        }
        colours += [RGBA(1, 2, 3), RGBA(10, 10, 10), RGBA(254, 1, 128)]
        let expected = try Self.transicc(colours, from: Self.adobeRGB)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(colours.count), 1)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for (index, colour) in colours.enumerated() {
            (pixels[3 * index], pixels[3 * index + 1], pixels[3 * index + 2]) = (colour.r, colour.g, colour.b)
        }
        guard case .shaper = try XCTUnwrap(ColourProfile.transform(from: try profile(Self.adobeRGB), alpha: false)).kind else {
            return XCTFail("Adobe RGB is a matrix/TRC profile: Iro's own path converts it")
        }
        XCTAssertTrue(ColourProfile.convertToSRGB(pixbuf, profile: try profile(Self.adobeRGB)))
        for (index, colour) in colours.enumerated() {
            let got = Self.pixel(pixbuf, index, 0)
            XCTAssertTrue(got.isClose(to: expected[index], tolerance: 1), "\(colour): \(got), transicc \(expected[index])")
        }
    }

    /// A 64 × 48 image of `colour` (with `alpha`) with `profile` (bytes) embedded.
    func image(_ name: String, type: String, profile: [UInt8]?, alpha: UInt8 = 255) throws -> URL {
        // gdk-pixbuf's JPEG and WebP savers embed a profile; a PNG's iCCP chunk is put in here.
        let options = type != "png" ? profile.map { [(key: "icc-profile", value: Data($0).base64EncodedString())] } ?? [] : []
        let url = fixtures.image(name, width: 64, height: 48, type: type, alpha: alpha < 255, options: options) { _, _ in
            RGBA(Self.colour.r, Self.colour.g, Self.colour.b, alpha)
        }
        if type == "png", let profile {
            try Data(PNGBytes.embedding(profile: profile, in: [UInt8](try Data(contentsOf: url)))).write(to: url)
        }
        return url
    }

    /// The pixel at (x, y) of `pixbuf`, with its alpha.
    static func pixel(_ pixbuf: OpaquePointer, _ x: Int, _ y: Int) -> RGBA {
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!, channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let p = pixels + y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * channels
        return RGBA(p[0], p[1], p[2], channels == 4 ? p[3] : 255)
    }

    func profile(_ path: String) throws -> [UInt8] {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: path), "\(path) comes with icc-profiles-free")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The decoded image's pixel in the middle.
    func decodedColour(_ url: URL) throws -> RGBA {
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        return Self.pixel(image.pixbuf, 32, 24)
    }

    func assertClose(_ got: RGBA, _ expected: RGBA, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(got.isClose(to: expected, tolerance: 3), "\(what): \(got), expected \(expected)", file: file, line: line)
    }

    func testAnAdobeRGBPNGIsShownInSRGB() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        XCTAssertFalse(expected.isClose(to: Self.colour, tolerance: 20), "the profile moves this colour visibly")
        let url = try image("adobe.png", type: "png", profile: try profile(Self.adobeRGB))
        assertClose(try decodedColour(url), expected, "PNG with an Adobe RGB profile")
    }

    func testAnAdobeRGBJPEGIsShownInSRGB() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        let url = try image("adobe.jpg", type: "jpeg", profile: try profile(Self.adobeRGB))
        assertClose(try decodedColour(url), expected, "JPEG with an Adobe RGB profile")
    }

    func testAnAdobeRGBWebPIsShownInSRGB() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        let url = try image("adobe.webp", type: "webp", profile: try profile(Self.adobeRGB))
        // Lossy: the colour itself moves by a few levels on the way, before any conversion.
        let shown = try decodedColour(url)
        XCTAssertTrue(shown.isClose(to: expected, tolerance: 6), "WebP with an Adobe RGB profile: \(shown), expected \(expected)")
    }

    func testAJPEGRegionHasTheColoursOfItsLevels() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        let url = try image("adobe-region.jpg", type: "jpeg", profile: try profile(Self.adobeRGB))
        let region = try XCTUnwrap(
            try ImageDecoder.decodeRegionSynchronously(path: RawPath(url.path), covering: PixelRect(x: 8, y: 8, width: 32, height: 24)))
        assertClose(Self.pixel(region.pixbuf, 4, 4), expected, "a region decoded on its own")
    }

    func testWithoutAProfileThePixelsAreUntouched() throws {
        XCTAssertEqual(try decodedColour(try image("plain.png", type: "png", profile: nil)), Self.colour)
    }

    func testAnSRGBProfileLeavesThePixelsAsTheyAre() throws {
        let url = try image("srgb.png", type: "png", profile: try profile("\(Self.profiles)/sRGB.icc"))
        assertClose(try decodedColour(url), Self.colour, "PNG with an sRGB profile")
    }

    func testABrokenProfileIsIgnored() throws {
        // APP2 markers carry whatever they are given: here, no profile at all.
        let url = try image("broken.jpg", type: "jpeg", profile: [UInt8](repeating: 0x41, count: 300))
        assertClose(try decodedColour(url), Self.colour, "JPEG with a broken profile")
        // A profile for another colour space (grey) than the pixels' is ignored too.
        let grey = try image("grey-profile.png", type: "png", profile: try profile("\(Self.profiles)/Gray.icc"))
        assertClose(try decodedColour(grey), Self.colour, "PNG with a grey profile")
    }

    /// A profile whose lut16 declares 255 grid points over three inputs into fifteen outputs
    /// (250 million samples: Little CMS zero-filled 497 MB for them before its read of the
    /// missing table failed) is not used: the PNG shows its pixels as they are, at once, and
    /// the memory hardly moves.
    func testAProfileDeclaringAHugeColourTableIsNotUsed() throws {
        let profile = ICCProfileFixture.profile([("A2B0", ICCProfileFixture.lut(gridPoints: 255, outputs: 15))])
        let url = try image("lut16-255.png", type: "png", profile: profile)
        var colour: RGBA?
        let started = ProcessInfo.processInfo.systemUptime
        let growth = try PeakMemory.growth { colour = try decodedColour(url) }
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 0.5, "decoded at once")
        XCTAssertLessThan(growth, 32 << 20, "the peak rose by \(growth >> 20) MB")
        assertClose(try XCTUnwrap(colour), Self.colour, "PNG with a profile declaring a huge table")
        // The same table at 17 points a side is used (and converts the colours).
        let small = ICCProfileFixture.profile([("A2B0", ICCProfileFixture.lut(gridPoints: 17))])
        XCTAssertNil(ICCProfileBounds.problem(in: small))
    }

    func testTransparentPixelsKeepTheirAlpha() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        let url = try image("alpha.png", type: "png", profile: try profile(Self.adobeRGB), alpha: 77)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        let shown = Self.pixel(image.pixbuf, 3, 3)
        XCTAssertEqual(shown.a, 77, "alpha is copied, not converted")
        assertClose(RGBA(shown.r, shown.g, shown.b), expected, "the colour of a translucent pixel")
    }
    // MARK: CMYK JPEGs

    static let cmykProfile = "\(profiles)/ghostscript/default_cmyk.icc"
    /// The inks every CMYK test image is printed with, in percent.
    static let inks = (c: 20, m: 40, y: 0, k: 10)

    /// A CMYK JPEG of `inks` made by ImageMagick (which writes them inverted, as Photoshop
    /// does, with Adobe's marker), with the profile at `profile` embedded when given.
    func cmykJPEG(_ name: String, profile: String?) throws -> URL {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick makes the CMYK JPEGs")
        let url = fixtures.url(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        let fill = "cmyk(\(Self.inks.c)%,\(Self.inks.m)%,\(Self.inks.y)%,\(Self.inks.k)%)"
        process.arguments = ["-size", "64x48", "xc:\(fill)"] + (profile.map { ["-profile", $0] } ?? []) + ["-quality", "100", url.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert made \(name)")
        return url
    }

    func testACMYKJPEGIsShownThroughItsProfile() throws {
        _ = try profile(Self.cmykProfile)
        let url = try cmykJPEG("cmyk-profile.jpg", profile: Self.cmykProfile)
        // transicc reads CMYK in percent.
        let numbers = try Self.transicc(lines: ["\(Self.inks.c) \(Self.inks.m) \(Self.inks.y) \(Self.inks.k)"], from: Self.cmykProfile)
        let expected = RGBA(UInt8(numbers[0].rounded()), UInt8(numbers[1].rounded()), UInt8(numbers[2].rounded()))
        let naive = RGBA(184, 138, 230)
        XCTAssertFalse(expected.isClose(to: naive, tolerance: 20), "the profile gives other colours than the plain formula")
        assertClose(try decodedColour(url), expected, "CMYK JPEG with a SWOP profile")
    }

    func testACMYKJPEGWithoutAProfileUsesThePlainFormula() throws {
        let url = try cmykJPEG("cmyk-plain.jpg", profile: nil)
        // Each colour the complement of its ink, darkened by the black: (255 − 51) × 229.5 / 255…
        assertClose(try decodedColour(url), RGBA(184, 138, 230), "CMYK JPEG without a profile")
    }

    func testACMYKJPEGIsDecodedReduced() throws {
        let url = try cmykJPEG("cmyk-reduced.jpg", profile: nil)
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path), detail: .scale(0.5)))
        XCTAssertEqual(gdk_pixbuf_get_width(image.pixbuf), 32, "libjpeg's DCT scaling halves it")
        XCTAssertTrue(Self.pixel(image.pixbuf, 16, 12).isClose(to: RGBA(184, 138, 230), tolerance: 3))
    }

    // MARK: PNG's gAMA, cHRM and sRGB chunks

    /// A PNG of `colour` with `chunks` after its header.
    func png(_ name: String, chunks: [[UInt8]]) throws -> URL {
        let url = try image(name, type: "png", profile: nil)
        try Data(PNGBytes.inserting(chunks, in: [UInt8](try Data(contentsOf: url)))).write(to: url)
        return url
    }

    static func gAMA(_ gamma: UInt32) -> [UInt8] { PNGBytes.chunk("gAMA", PNGBytes.be32(gamma)) }

    func testALinearPNGIsShownThroughItsGamma() throws {
        // gAMA 1.0: the samples are linear light; sRGB's curve encodes them for the screen.
        func sRGB(_ value: UInt8) -> UInt8 {
            let linear = Double(value) / 255
            let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
            return UInt8((encoded * 255).rounded())
        }
        let expected = RGBA(sRGB(Self.colour.r), sRGB(Self.colour.g), sRGB(Self.colour.b))
        assertClose(try decodedColour(try png("linear.png", chunks: [Self.gAMA(100_000)])), expected, "PNG with gAMA 1.0")
    }

    func testAPNGWithSRGBsGammaOrAnSRGBChunkIsUntouched() throws {
        assertClose(try decodedColour(try png("gamma22.png", chunks: [Self.gAMA(45_455)])), Self.colour, "gAMA 1/2.2 alone")
        let srgb = try png("srgb.png", chunks: [PNGBytes.chunk("sRGB", [0]), Self.gAMA(100_000)])
        assertClose(try decodedColour(srgb), Self.colour, "an sRGB chunk, whatever gAMA says")
        assertClose(try decodedColour(try png("absurd.png", chunks: [Self.gAMA(0)])), Self.colour, "a gAMA of 0 is ignored")
    }

    func testAPNGWithAdobeRGBsPrimariesInCHRMIsShownInSRGB() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        // Adobe RGB (1998): D65 white, its red, green and blue, gamma 2.2.
        let chromaticities: [UInt32] = [31_270, 32_900, 64_000, 33_000, 21_000, 71_000, 15_000, 6_000]
        let cHRM = PNGBytes.chunk("cHRM", chromaticities.flatMap(PNGBytes.be32))
        assertClose(try decodedColour(try png("chrm.png", chunks: [Self.gAMA(45_455), cHRM])), expected, "PNG with Adobe RGB's cHRM")
    }
}

/// The same, decoded in the sandboxed helper (where Iro decodes): Little CMS works inside
/// its confinement.
final class ColourProfileInHelperTests: ColourProfileTests {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try DecoderSandboxTests.activateHelper()
    }

    override func tearDown() {
        DecoderPool.deactivate()
        super.tearDown()
    }

    /// A megapixel and more is converted in bands on several threads, which must work
    /// inside the helper's confinement too (libdispatch's threads set their priority).
    func testALargeImageIsConvertedInTheHelperToo() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        let options = [(key: "icc-profile", value: Data(try profile(Self.adobeRGB)).base64EncodedString())]
        let url = fixtures.image("large.jpg", width: 1280, height: 960, type: "jpeg", options: options) { _, _ in Self.colour }
        let image = try XCTUnwrap(try ImageDecoder.decodeSynchronously(path: RawPath(url.path)))
        for (x, y) in [(10, 10), (640, 480), (1270, 950)] {
            assertClose(Self.pixel(image.pixbuf, x, y), expected, "pixel (\(x), \(y))")
        }
    }

    func testTheHelperConvertsTheColours() throws {
        let expected = try Self.transicc(Self.colour, from: Self.adobeRGB)
        let url = try image("in-helper.jpg", type: "jpeg", profile: try profile(Self.adobeRGB))
        assertClose(try decodedColour(url), expected, "decoded in the helper")
        XCTAssertFalse(try XCTUnwrap(DecoderPool.active).helperPIDs.isEmpty, "a helper did it")
    }
}
