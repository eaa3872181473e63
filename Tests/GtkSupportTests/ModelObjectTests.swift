import CGtk
import CGtkShims
import GtkSupport
import TestSupport
import XCTest

/// ModelObject (a Swift model's GObject properties) and FollowGroup (following whichever
/// model is current): what the document model and the window rely on.
final class ModelObjectTests: XCTestCase {
    static let properties: [ModelObject.Property] = [
        .double("level", minimum: 0, maximum: 1, initial: 0.5), .boolean("busy"), .string("name"),
        .int("count", minimum: 0, maximum: 9, initial: 3), .revision("changes"),
    ]

    @MainActor static func model() -> ModelObject { ModelObject(typeName: "IroTestModel", properties: properties) }

    func testPropertiesStartAtTheirDefaultsAndHoldWhatIsSet() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            let model = Self.model()
            XCTAssertEqual(model.double("level"), 0.5)
            XCTAssertFalse(model.bool("busy"))
            XCTAssertNil(model.string("name"))
            XCTAssertEqual(model.int("count"), 3)
            model.set("level", 0.25)
            model.set("busy", true)
            model.set("name", "two.png")
            model.set("count", Int32(7))
            XCTAssertEqual(model.double("level"), 0.25)
            XCTAssertTrue(model.bool("busy"))
            XCTAssertEqual(model.string("name"), "two.png")
            XCTAssertEqual(model.int("count"), 7)
            let other = Self.model()
            XCTAssertEqual(other.double("level"), 0.5, "each instance holds its own values")
            XCTAssertEqual(
                ModelObject.register("IroTestModel", properties: []), ModelObject.register("IroTestModel", properties: Self.properties))
        }
    }

    func testNotifiesOnlyWhenAValueChanges() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            let model = Self.model()
            var levels = 0, names = 0, changes = 0
            model.observe("level") { levels += 1 }
            model.observe("name") { names += 1 }
            model.observe("changes") { changes += 1 }
            model.set("level", 0.5)
            XCTAssertEqual(levels, 0, "the same value is no change")
            model.set("level", 0.75)
            model.set("level", 0.75)
            XCTAssertEqual(levels, 1)
            model.set("name", "a")
            model.set("name", "a")
            model.set("name", nil)
            XCTAssertEqual(names, 2)
            model.bump("changes")
            model.bump("changes")
            XCTAssertEqual(changes, 2, "a revision changes every time")
        }
    }

    func testABindingBothWaysSettlesAtOnce() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            let model = Self.model()
            let adjustment: UnsafeMutablePointer<GtkAdjustment> = gtk_adjustment_new(0, 0, 1, 0.01, 0.1, 0)
            let held = ObjectRef(retaining: raw(adjustment))
            var notified = 0
            model.observe("level") { notified += 1 }
            model.bind("level", to: held.raw, "value", bidirectional: true)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0.5, "the target takes the model's value at once")
            gtk_adjustment_set_value(adjustment, 0.8)
            XCTAssertEqual(model.double("level"), 0.8, "the widget's change reaches the model")
            XCTAssertEqual(notified, 1, "once")
            model.set("level", 0.1)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0.1, "the model's change reaches the widget")
            XCTAssertEqual(notified, 2)
        }
    }

    func testAFollowGroupMovesItsBindingsAndHandlersToTheModelItFollows() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            let first = Self.model(), second = Self.model()
            first.set("name", "first")
            second.set("name", "second")
            let label = ObjectRef(retaining: raw(gtk_label_new(nil)))
            let group = FollowGroup(type: ModelObject.register("IroTestModel", properties: Self.properties))
            var calls = 0
            group.bind("name", to: label.raw, "label")
            group.observe(["busy", "changes"]) { calls += 1 }

            group.follow(first)
            XCTAssertEqual(string(gtk_label_get_label(cast(label.raw))), "first")
            XCTAssertEqual(calls, 1, "the handlers run when the group follows a model")
            first.set("busy", true)
            first.bump("changes")
            XCTAssertEqual(calls, 3)
            second.set("busy", true)
            XCTAssertEqual(calls, 3, "a model not followed is not heard")

            group.follow(second)
            XCTAssertEqual(string(gtk_label_get_label(cast(label.raw))), "second")
            XCTAssertEqual(calls, 4)
            first.set("name", "renamed")
            first.bump("changes")
            XCTAssertEqual(string(gtk_label_get_label(cast(label.raw))), "second", "the first model's bindings are gone")
            XCTAssertEqual(calls, 4, "and its handlers")
            second.set("name", "next.png")
            XCTAssertEqual(string(gtk_label_get_label(cast(label.raw))), "next.png")

            group.follow(nil)
            XCTAssertEqual(calls, 5)
            second.bump("changes")
            XCTAssertEqual(calls, 5, "following nothing, nothing is heard")
        }
    }
}
