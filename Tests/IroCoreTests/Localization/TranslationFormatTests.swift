import IroCore
import XCTest

/// How `tr`'s arguments go into a (translated) format: in order, by position, and safely
/// when a translation's directives do not match the arguments.
final class TranslationFormatTests: XCTestCase {
    func testDirectivesInOrder() {
        XCTAssertEqual(Translation.format("%s could not be read: %s", ["a.png", "no memory"]), "a.png could not be read: no memory")
        XCTAssertEqual(Translation.format("%d × %d", [4000, 3000]), "4000 × 3000")
    }

    func testPositionsLetATranslationReorder() {
        XCTAssertEqual(Translation.format("%2$s に %1$s", ["a", "b"]), "b に a")
        XCTAssertEqual(Translation.format("%1$s, %1$s", ["x"]), "x, x")
    }

    func testPercentSigns() {
        XCTAssertEqual(Translation.format("%d %%", [50]), "50 %")
        XCTAssertEqual(Translation.format("Original Size (100 %)", []), "Original Size (100 %)")
        XCTAssertEqual(Translation.format("100%", []), "100%")
    }

    func testMismatchedDirectivesShowRatherThanCrash() {
        XCTAssertEqual(Translation.format("%s and %s", ["one"]), "one and %s")
        XCTAssertEqual(Translation.format("%3$s", ["one"]), "%s")
        XCTAssertEqual(Translation.format("%x %s", ["one"]), "%x one")
    }

    func testUntranslatedTextComesBackAsWritten() {
        // The test process runs in the C locale, where gettext returns the msgid itself.
        XCTAssertEqual(tr("File Not Found"), "File Not Found")
        XCTAssertEqual(trn("%d frame", "%d frames", 1, 1), "1 frame")
        XCTAssertEqual(trn("%d frame", "%d frames", 3, 3), "3 frames")
        XCTAssertEqual(trc("date, time", "%1$s, %2$s", "1 May 2024", "12:00"), "1 May 2024, 12:00")
    }
}
