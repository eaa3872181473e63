import CGtk

/// C structs of GObject types, each knowing its GType, so that a checked cast needs
/// nothing but the pointer type it makes (see `cast`).
public protocol GObjectType {
    nonisolated static var gtype: GType { get }
}

/// Structs of GtkWidget subclasses: a pointer to one is a GtkWidget pointer.
public protocol WidgetType: GObjectType {}

/// Structs of GtkWindow subclasses: a pointer to one is a GtkWindow pointer.
public protocol WindowType: WidgetType {}

/// The checked downcast C writes as `GTK_STACK (widget)`: the object's GType is checked
/// once, where the typed handle is made, and the handle is used typed from then on.
///
///     let stack: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
public func cast<T: GObjectType, P>(_ pointer: UnsafeMutablePointer<P>) -> UnsafeMutablePointer<T> {
    gcast(raw(pointer), T.gtype)
}

/// The same for an untyped pointer (a signal argument, a list model's item).
public func cast<T: GObjectType>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    gcast(pointer, T.gtype)
}

/// The same for an opaque pointer (GObject types left untyped).
public func cast<T: GObjectType>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    gcast(raw(pointer), T.gtype)
}

extension UnsafeMutablePointer where Pointee: WidgetType {
    /// The upcast C writes as `GTK_WIDGET (stack)`: known from the type, so not checked.
    public var widget: UnsafeMutablePointer<GtkWidget> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWidget.self) }
}

extension UnsafeMutablePointer where Pointee: WindowType {
    /// `GTK_WINDOW (dialog)`.
    public var window: UnsafeMutablePointer<GtkWindow> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWindow.self) }
}

// The part of GTK's and libadwaita's class hierarchy that Iro uses, declared once.
extension GtkWidget: nonisolated GObjectType { public nonisolated static var gtype: GType { gtk_widget_get_type() } }
extension GtkWindow: nonisolated WindowType { public nonisolated static var gtype: GType { gtk_window_get_type() } }
extension GtkBox: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_box_get_type() } }
extension GtkToggleButton: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_toggle_button_get_type() } }
extension GtkGrid: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_grid_get_type() } }
extension GtkButton: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_button_get_type() } }
extension GtkRange: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_range_get_type() } }
extension GtkTextView: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_text_view_get_type() } }
extension GtkStack: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_stack_get_type() } }
extension GtkLabel: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_label_get_type() } }
extension GtkRevealer: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_revealer_get_type() } }
extension GtkScrolledWindow: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_scrolled_window_get_type() } }
extension GtkOverlay: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_overlay_get_type() } }
extension GtkProgressBar: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_progress_bar_get_type() } }
extension GtkEntry: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_entry_get_type() } }
extension GtkMenuButton: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_menu_button_get_type() } }
extension GtkPopover: nonisolated WidgetType { public nonisolated static var gtype: GType { gtk_popover_get_type() } }
extension GtkAboutDialog: nonisolated WindowType { public nonisolated static var gtype: GType { gtk_about_dialog_get_type() } }
extension GtkShortcutsWindow: nonisolated WindowType { public nonisolated static var gtype: GType { gtk_shortcuts_window_get_type() } }
extension AdwMessageDialog: nonisolated WindowType { public nonisolated static var gtype: GType { adw_message_dialog_get_type() } }
extension AdwApplicationWindow: nonisolated WindowType { public nonisolated static var gtype: GType { adw_application_window_get_type() } }
extension AdwTabView: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_tab_view_get_type() } }
extension AdwTabBar: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_tab_bar_get_type() } }
extension AdwHeaderBar: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_header_bar_get_type() } }
extension AdwStatusPage: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_status_page_get_type() } }
extension AdwWindowTitle: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_window_title_get_type() } }
extension AdwToastOverlay: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_toast_overlay_get_type() } }
extension AdwPreferencesWindow: nonisolated WindowType { public nonisolated static var gtype: GType { adw_preferences_window_get_type() } }
extension AdwPreferencesPage: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_preferences_page_get_type() } }
extension AdwPreferencesGroup: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_preferences_group_get_type() } }
extension AdwPreferencesRow: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_preferences_row_get_type() } }
extension AdwActionRow: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_action_row_get_type() } }
extension AdwComboRow: nonisolated WidgetType { public nonisolated static var gtype: GType { adw_combo_row_get_type() } }
extension AdwTabPage: nonisolated GObjectType { public nonisolated static var gtype: GType { adw_tab_page_get_type() } }
// Interfaces: a cast to one is always checked.
extension GtkActionable: nonisolated GObjectType { public nonisolated static var gtype: GType { gtk_actionable_get_type() } }
extension GtkAccessible: nonisolated GObjectType { public nonisolated static var gtype: GType { gtk_accessible_get_type() } }
extension GtkFileChooser: nonisolated GObjectType { public nonisolated static var gtype: GType { gtk_file_chooser_get_type() } }
extension GtkNativeDialog: nonisolated GObjectType { public nonisolated static var gtype: GType { gtk_native_dialog_get_type() } }
extension GtkApplication: nonisolated GObjectType { public nonisolated static var gtype: GType { gtk_application_get_type() } }
extension GApplication: nonisolated GObjectType { public nonisolated static var gtype: GType { g_application_get_type() } }
extension GApplicationCommandLine: nonisolated GObjectType {
    public nonisolated static var gtype: GType { g_application_command_line_get_type() }
}
