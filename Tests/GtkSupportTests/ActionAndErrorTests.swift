import CGtk
import GtkSupport
import TestSupport
import XCTest

final class ActionAndErrorTests: XCTestCase {
    func testActionsRunOnlyWhenEnabled() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            let group = g_simple_action_group_new()!
            defer { g_object_unref(raw(group)) }
            let actions = ActionGroup(map: raw(group))
            var runs = 0
            actions.add("go") { runs += 1 }
            actions.activate("go")
            XCTAssertEqual(runs, 1)
            actions.setEnabled("go", false)
            XCTAssertFalse(actions.isEnabled("go"))
            actions.activate("go")
            XCTAssertEqual(runs, 1, "a disabled action must not run")
            var picked: Int32?
            actions.addInt("pick") { picked = $0 }
            g_action_group_activate_action(gcastOpaque(raw(group), g_action_group_get_type()), "pick", g_variant_new_int32(7))
            XCTAssertEqual(picked, 7)
        }
    }

    func testAcceleratorsAreRegisteredOnTheApplication() throws {
        try XCTSkipUnless(GtkTestEnvironment.hasDisplay, GtkTestEnvironment.skipReason)
        MainActor.assumeIsolated {
            XCTAssertTrue(GtkTestEnvironment.start())
            let app = gtk_application_new("io.github.iroviewer.IroTest.Accels", G_APPLICATION_NON_UNIQUE)!
            defer { g_object_unref(raw(app)) }
            setAccelerators(raw(app), "win.zoom-in", ["<Control>plus", "plus"])
            let accels = gtk_application_get_accels_for_action(app, "win.zoom-in")!
            defer { g_strfreev(accels) }
            XCTAssertEqual(string(accels[0]), "<Control>plus")
            XCTAssertEqual(string(accels[1]), "plus")
            XCTAssertNil(accels[2])
        }
    }

    func testGErrorBecomesSwiftError() {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        XCTAssertThrowsError(try withGError { g_file_get_contents("/nonexistent/iro", &contents, &length, $0) }) { error in
            guard let error = error as? GLibError else { return XCTFail("expected GLibError, got \(error)") }
            XCTAssertEqual(error.domain, "g-file-error-quark")
            XCTAssertEqual(error.code, Int32(G_FILE_ERROR_NOENT.rawValue))
            XCTAssertTrue(error.message.contains("/nonexistent/iro"))
        }
        let ok = try? withGError { g_file_get_contents("/proc/self/stat", &contents, &length, $0) }
        XCTAssertEqual(ok, 1)
        g_free(contents)
    }
}
