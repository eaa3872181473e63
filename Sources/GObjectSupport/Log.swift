import CGLib
import CGLibShims

/// Messages for developers through GLib's structured logging, in the domain "Iro":
/// `G_MESSAGES_DEBUG=Iro iro …` shows the debug ones. Failures a user is told about
/// go to the UI; this is for what is handled quietly (a fallback taken, a step skipped).
public enum Log {
    public static let domain = "Iro"

    public static func debug(_ message: String, file: String = #fileID, line: Int = #line) {
        iro_log(domain, G_LOG_LEVEL_DEBUG, file, String(line), message)
    }

    public static func warning(_ message: String, file: String = #fileID, line: Int = #line) {
        iro_log(domain, G_LOG_LEVEL_WARNING, file, String(line), message)
    }
}
