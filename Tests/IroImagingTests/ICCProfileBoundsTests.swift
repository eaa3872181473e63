import Foundation
import TestSupport
import XCTest

@testable import IroImaging

/// A profile's tables are counted from its own tag table before Little CMS reads it: tables of
/// the size real profiles have pass, hundreds of megabytes' worth and tags past the end do not.
final class ICCProfileBoundsTests: XCTestCase {
    /// Every profile installed (matrix/TRC, lut8 and lut16 tables of 33 points, CMYK) passes.
    func testEveryInstalledProfilePasses() throws {
        let folder = URL(fileURLWithPath: ColourProfileTests.profiles)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let profiles = files.filter { ["icc", "icm"].contains($0.pathExtension.lowercased()) }
        try XCTSkipIf(profiles.isEmpty, "no profiles in \(folder.path) (icc-profiles-free)")
        for url in profiles {
            XCTAssertNil(ICCProfileBounds.problem(in: [UInt8](try Data(contentsOf: url))), url.lastPathComponent)
        }
    }

    /// 255 grid points over three inputs are 50 million samples in a lut16, a lut8, a lutAtoB
    /// or a multi-process table alike; 33 points, as real profiles have, pass.
    func testAColourTableOfMillionsOfSamplesIsRefused() {
        let tags: [(String, (UInt8) -> [UInt8])] = [
            ("lut16", { ICCProfileFixture.lut(gridPoints: $0) }), ("lut8", { ICCProfileFixture.lut("mft1", gridPoints: $0) }),
            ("lutAtoB", ICCProfileFixture.lutAtoB), ("multiProcess", ICCProfileFixture.multiProcess),
        ]
        for (name, tag) in tags {
            let huge = ICCProfileFixture.profile([("A2B0", tag(255))])
            XCTAssertEqual(ICCProfileBounds.problem(in: huge), "tag A2B0 declares a colour table of 49744125 samples", name)
            XCTAssertNil(ICCProfileBounds.problem(in: ICCProfileFixture.profile([("A2B0", tag(33))])), name)
        }
        let sixteenInputs = ICCProfileFixture.profile([("A2B0", ICCProfileFixture.lut(gridPoints: 255, inputs: 16))])
        XCTAssertEqual(ICCProfileBounds.problem(in: sixteenInputs), "tag A2B0 declares a colour table of too many samples")
    }

    /// A tag past the profile's end, a tag table longer than the profile, a profile too short
    /// for one: refused.
    func testTagsPastTheEndAreRefused() {
        let good = ICCProfileFixture.profile([("A2B0", ICCProfileFixture.lut(gridPoints: 17))])
        XCTAssertNil(ICCProfileBounds.problem(in: good))
        var long = good
        long.replaceSubrange(140..<144, with: [0, 0, 0x10, 0]) // the tag's size: 4096 bytes
        XCTAssertEqual(ICCProfileBounds.problem(in: long), "tag A2B0 runs past the end of its \(good.count) bytes")
        var declaredShort = good
        declaredShort.replaceSubrange(0..<4, with: [0, 0, 0, 150]) // the header says 150 bytes
        XCTAssertEqual(ICCProfileBounds.problem(in: declaredShort), "tag A2B0 runs past the end of its 150 bytes")
        var manyTags = good
        manyTags.replaceSubrange(128..<132, with: [0, 1, 0, 0])
        XCTAssertEqual(ICCProfileBounds.problem(in: manyTags), "its 65536 tags do not fit in its \(good.count) bytes")
        XCTAssertEqual(ICCProfileBounds.problem(in: Array(good.prefix(100))), "it has 100 bytes, too few for a tag table")
    }
}
