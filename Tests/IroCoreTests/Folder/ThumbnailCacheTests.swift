import IroCore
import XCTest

/// BEHAVIOUR H2: where the desktop's thumbnails live, their sizes, and when one still
/// describes its file (the freedesktop Thumbnail Managing Standard).
final class ThumbnailCacheTests: XCTestCase {
    let cache = ThumbnailCache(cacheHome: RawPath("/home/u/.cache"))
    let record = ThumbnailRecord(uri: "file:///home/u/Pictures/a%20b.jpg", modified: 1_700_000_000, bytes: 12_345)

    func testPathsAreTheStandardOnes() {
        let hash = "0123456789abcdef0123456789abcdef"
        XCTAssertEqual(cache.path(hash: hash, size: .normal), RawPath("/home/u/.cache/thumbnails/normal/\(hash).png"))
        XCTAssertEqual(cache.path(hash: hash, size: .large), RawPath("/home/u/.cache/thumbnails/large/\(hash).png"))
        XCTAssertEqual(cache.path(hash: hash, size: .xLarge), RawPath("/home/u/.cache/thumbnails/x-large/\(hash).png"))
        XCTAssertEqual(cache.path(hash: hash, size: .xxLarge), RawPath("/home/u/.cache/thumbnails/xx-large/\(hash).png"))
        XCTAssertEqual(cache.failurePath(hash: hash), RawPath("/home/u/.cache/thumbnails/fail/iro-1/\(hash).png"))
        XCTAssertEqual(ThumbnailCache.Size.allCases.map(\.pixels), [128, 256, 512, 1024])
    }

    func testLargerSizesServeASmallerOne() {
        XCTAssertEqual(ThumbnailCache.candidates(for: .large), [.large, .xLarge, .xxLarge])
        XCTAssertEqual(ThumbnailCache.candidates(for: .xxLarge), [.xxLarge])
    }

    func testFittingKeepsTheShapeAndNeverEnlarges() {
        XCTAssertTrue(ThumbnailCache.fitted(width: 6000, height: 4000, into: .large) == (256, 171))
        XCTAssertTrue(ThumbnailCache.fitted(width: 1000, height: 4000, into: .normal) == (32, 128))
        XCTAssertTrue(ThumbnailCache.fitted(width: 100, height: 50, into: .large) == (100, 50))
        XCTAssertTrue(ThumbnailCache.fitted(width: 10_000, height: 1, into: .large) == (256, 1))
        XCTAssertTrue(ThumbnailCache.fitted(width: 0, height: 0, into: .large) == (1, 1))
    }

    func testAThumbnailIsCurrentOnlyForItsFileAsItIs() {
        let chunks = Dictionary(uniqueKeysWithValues: record.chunks.map { ($0.key, $0.value) })
        XCTAssertEqual(chunks["Thumb::URI"], record.uri)
        XCTAssertEqual(chunks["Thumb::MTime"], "1700000000")
        XCTAssertTrue(record.isDescribed(by: chunks))
        var other = chunks
        other["Thumb::URI"] = "file:///home/u/Pictures/other.jpg"
        XCTAssertFalse(record.isDescribed(by: other), "another file's")
        other = chunks
        other["Thumb::MTime"] = "1700000001"
        XCTAssertFalse(record.isDescribed(by: other), "the file changed since")
        other = chunks
        other["Thumb::Size"] = "1"
        XCTAssertFalse(record.isDescribed(by: other), "a recorded size that differs")
        other = chunks
        other["Thumb::Size"] = nil
        XCTAssertTrue(record.isDescribed(by: other), "the size is optional")
        other["Thumb::MTime"] = "1700000000.25"
        XCTAssertTrue(record.isDescribed(by: other), "a fraction some writers add")
        other["Thumb::MTime"] = nil
        XCTAssertFalse(record.isDescribed(by: other), "no time: for no file in particular")
        XCTAssertFalse(record.isDescribed(by: [:]))
        XCTAssertFalse(record.isDescribed(by: ["Thumb::URI": record.uri, "Thumb::MTime": "soon"]))
    }
}
