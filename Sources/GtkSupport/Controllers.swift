import CGtk

/// The event controllers attached to `widget` that are instances of `type`, in the order
/// GTK lists them. Used to reach a stock widget's own gestures (GtkRange's drag gesture)
/// so ours can join their group. The widget keeps them alive; no reference is returned.
public func controllers(of widget: UnsafeMutablePointer<GtkWidget>, ofType type: GType) -> [OpaquePointer] {
    guard let list = gtk_widget_observe_controllers(widget) else { return [] }
    defer { g_object_unref(raw(list)) }
    var found: [OpaquePointer] = []
    for index in 0..<g_list_model_get_n_items(list) {
        guard let item = g_list_model_get_item(list, index) else { continue }
        if isInstance(item, of: type) { found.append(OpaquePointer(item)) }
        g_object_unref(item)
    }
    return found
}
