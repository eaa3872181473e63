import CGtk
import GtkSupport

/// Finding widgets the way a user sees them, in a real window's tree.
public enum WidgetTree {
    /// The first widget under `root` (`root` included), depth first, that `matches`.
    @MainActor public static func first(
        under root: UnsafeMutablePointer<GtkWidget>, where matches: (UnsafeMutablePointer<GtkWidget>) -> Bool
    ) -> UnsafeMutablePointer<GtkWidget>? {
        if matches(root) { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = first(under: current, where: matches) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The first widget of GObject type `type` under `root`.
    @MainActor public static func first(_ type: GType, under root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        first(under: root) { isInstance(raw($0), of: type) }
    }
}
