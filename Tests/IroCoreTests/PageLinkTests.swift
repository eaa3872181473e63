import IroCore
import XCTest

/// BEHAVIOUR G6: finding the link under the pointer on a turned page, and which addresses
/// are followed.
final class PageLinkTests: XCTestCase {
    /// A page 100 × 200 with one link at its top left (10, 20, 30 × 10).
    let links = [PageLink(x: 10, y: 20, width: 30, height: 10, target: .page(4))]

    func testTheLinkIsFoundWhereverThePageIsTurned() {
        let inside = Point(x: 20, y: 25)
        for turns in 0..<4 {
            // The same page point, where the turned page shows it.
            let shown: Point
            switch turns {
            case 1: shown = Point(x: 200 - inside.y, y: inside.x)
            case 2: shown = Point(x: 100 - inside.x, y: 200 - inside.y)
            case 3: shown = Point(x: inside.y, y: 100 - inside.x)
            default: shown = inside
            }
            XCTAssertEqual(
                PageLink.link(in: links, at: shown, quarterTurns: turns, pageWidth: 100, pageHeight: 200)?.target, .page(4),
                "\(turns) quarter turns")
            XCTAssertNil(
                PageLink.link(in: links, at: Point(x: shown.x + 60, y: shown.y + 60), quarterTurns: turns, pageWidth: 100, pageHeight: 200))
        }
    }

    func testOnlyWebAndMailAddressesAreOpened() {
        for uri in ["https://example.org", "http://example.org/a?b", "mailto:someone@example.org", "HTTPS://EXAMPLE.ORG"] {
            XCTAssertTrue(PageLink.opens(uri), uri)
        }
        for uri in ["file:///etc/passwd", "javascript:alert(1)", "smb://host/share", "https:", "", "ftp://example.org", "launch.exe"] {
            XCTAssertFalse(PageLink.opens(uri), uri)
        }
    }
}
