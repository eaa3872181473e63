import CGtk

/// Hides `widget` from assistive technologies, or shows it again
/// (GTK_ACCESSIBLE_STATE_HIDDEN). GTK 4.8's AT-SPI tree leaves such widgets out, as it
/// does hidden ones: for widgets out of sight without being hidden in GTK's sense, such
/// as the child of a closed GtkRevealer, which GTK still reports as visible.
public func setAccessibleHidden(_ widget: UnsafeMutablePointer<GtkWidget>, _ hidden: Bool) {
    var state = GTK_ACCESSIBLE_STATE_HIDDEN
    var value = GValue()
    g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT)) // G_TYPE_BOOLEAN, a macro Swift cannot see
    g_value_set_boolean(&value, hidden ? 1 : 0)
    gtk_accessible_update_state_value(cast(widget), 1, &state, &value)
    g_value_unset(&value)
}
