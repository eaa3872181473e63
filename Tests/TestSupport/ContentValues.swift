import CGtk
import GtkSupport

/// Hands what `provider` (a clipboard's or a drag's content) holds as a value of `type` to
/// `read`; false when it holds no such value.
@MainActor
public func readContent(
    of provider: UnsafeMutablePointer<GdkContentProvider>, as type: GType, _ read: (UnsafeMutablePointer<GValue>) -> Void
) -> Bool {
    var value = GValue()
    g_value_init(&value, type)
    defer { g_value_unset(&value) }
    guard (try? withGError { gdk_content_provider_get_value(provider, &value, $0) }) == 1 else { return false }
    read(&value)
    return true
}
