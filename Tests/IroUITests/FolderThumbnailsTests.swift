import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging
import TestSupport
import XCTest

@testable import IroUI

/// BEHAVIOUR H2: the thumbnails a window keeps. Beyond the views' cells, at most `kept`, the
/// oldest first to go; those a cell shows are never dropped (GTK 4.8's grid binds more cells
/// than are kept, and a dropped one would be read again on the next scroll). Nothing is made
/// before `start` (the window's first frame).
final class FolderThumbnailsTests: XCTestCase {
    func testThoseShownStayAndTheOthersGoDownToWhatIsKept() throws {
        try onMain {
            XCTAssertTrue(GtkTestEnvironment.start(), "GTK and the main actor's bridge to its loop")
            let fixtures = Fixtures()
            let paths = (1...5).map { n in
                RawPath(fixtures.image("p\(n).png", width: 40, height: 30) { _, _ in RGBA(UInt8(n * 40), 80, 120) }.path)
            }
            let thumbnails = FolderThumbnails(kept: 2, cache: ThumbnailCache(cacheHome: RawPath(fixtures.url("cache").path)))
            var shown = Set(paths)
            thumbnails.isShown = { shown.contains($0) }
            for (order, path) in paths.enumerated() { thumbnails.want(path, distance: 0, order: order) }
            GtkTestEnvironment.pump(for: 0.3)
            XCTAssertEqual(thumbnails.count, 0, "nothing made before the window's first frame")
            thumbnails.start()
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { !thumbnails.isBusy })
            XCTAssertEqual(thumbnails.count, 5, "all five shown: none dropped, though two are kept")
            XCTAssertNotNil(thumbnails.texture(of: paths[0]))

            // Scrolled away from all but the last: the next one made leaves the two newest.
            shown = [paths[4]]
            let sixth = RawPath(fixtures.image("p6.png", width: 40, height: 30) { _, _ in RGBA(9, 9, 9) }.path)
            thumbnails.want(sixth, distance: 0, order: 5)
            XCTAssertTrue(GtkTestEnvironment.pump(timeout: 20) { !thumbnails.isBusy })
            XCTAssertEqual(thumbnails.count, 2)
            XCTAssertNotNil(thumbnails.texture(of: sixth))
            XCTAssertNotNil(thumbnails.texture(of: paths[4]), "the one shown stays")
            XCTAssertNil(thumbnails.texture(of: paths[0]), "the oldest not shown went")
        }
    }
}
