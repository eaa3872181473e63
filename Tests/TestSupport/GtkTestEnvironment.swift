import CGtk
import CGtkShims
import CTestIsolation
import Foundation
import GtkSupport

/// GTK for tests: initialised once, with the main-queue bridge attached, and a
/// way to run the main loop until a condition holds.
@MainActor
public enum GtkTestEnvironment {
    /// Whether a display is there to run widget tests (the test script uses xvfb-run).
    nonisolated public static var hasDisplay: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["DISPLAY"]?.isEmpty == false || env["WAYLAND_DISPLAY"]?.isEmpty == false
    }

    nonisolated public static let skipReason = "needs a display: run the suite with meson-helpers/run-tests (xvfb-run)"

    private static let initialised: Bool = {
        // XDG_CONFIG_HOME, XDG_DATA_HOME and the settings backend are this run's own, set
        // when the test bundle loaded (CTestIsolation).
        precondition(String(cString: iro_test_data_home()) == ProcessInfo.processInfo.environment["XDG_DATA_HOME"])
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        // Tests assert end states; animations would only add waiting.
        if let settings = gtk_settings_get_default() {
            iro_object_set_boolean(raw(settings), "gtk-enable-animations", 0)
        }
        MainLoopBridge.attach()
        return true
    }()

    /// Initialises GTK once; false when there is no usable display.
    public static func start() -> Bool { hasDisplay && initialised }

    /// Iterates the default main context until `condition` holds or `timeout` passes.
    @discardableResult
    public static func pump(timeout: Double = 5, until condition: () -> Bool = { false }) -> Bool {
        let deadline = monotonicSeconds() + timeout
        while !condition() {
            if monotonicSeconds() >= deadline { return condition() }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
        }
        return true
    }

    /// Runs the main loop for `seconds` regardless of state (to prove something does NOT happen).
    public static func pump(for seconds: Double) {
        pump(timeout: seconds, until: { false })
    }

    /// Waits until `widget` is mapped with a real size and has been drawn once.
    @discardableResult
    public static func waitUntilDrawn(_ widget: UnsafeMutablePointer<GtkWidget>, timeout: Double = 5) -> Bool {
        let ok = pump(timeout: timeout) { gtk_widget_get_mapped(widget) != 0 && gtk_widget_get_width(widget) > 0 }
        pump(for: 0.05)
        return ok
    }
}
