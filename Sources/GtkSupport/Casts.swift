import CGtk

/// Checked casts between GObject pointer kinds.
///
/// GTK types import either as typed pointers (complete structs such as
/// `GtkWidget`) or as `OpaquePointer` (opaque types such as `GtkLabel`), and an
/// `OpaquePointer` accepts any of them. These helpers check the GType at run time
/// (what `GTK_WINDOW(p)` does in C) so a wrong cast stops at the cast, not later.
public func gcast<T>(_ pointer: UnsafeMutableRawPointer, _ type: GType, as _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    precondition(isInstance(pointer, of: type), "object is not a \(String(cString: g_type_name(type)))")
    return pointer.assumingMemoryBound(to: T.self)
}

/// Same check for the opaque kinds (`GtkLabel *`, `GtkPicture *`, `GFile *`…).
public func gcastOpaque(_ pointer: UnsafeMutableRawPointer, _ type: GType) -> OpaquePointer {
    precondition(isInstance(pointer, of: type), "object is not a \(String(cString: g_type_name(type)))")
    return OpaquePointer(pointer)
}

/// Whether `pointer` is a GObject instance of `type` (or a subtype / implementer).
public func isInstance(_ pointer: UnsafeMutableRawPointer, of type: GType) -> Bool {
    g_type_check_instance_is_a(pointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// Raw pointer of any GObject-like pointer, for the casts above.
@inlinable nonisolated public func raw<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }
@inlinable nonisolated public func raw(_ p: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }

/// A widget pointer of something known to be a GtkWidget (checked).
public func widget(_ p: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
    gcast(raw(p), gtk_widget_get_type())
}
public func widget<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GtkWidget> {
    gcast(raw(p), gtk_widget_get_type())
}

/// The opaque view of a widget, for functions such as `gtk_label_set_text`
/// that take opaque types. Checks the requested type.
public func opaque(_ w: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> OpaquePointer {
    gcastOpaque(raw(w), type)
}

/// GObject view of anything GObject-derived.
public func object(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GObject> {
    gcast(p, g_object_get_type())
}

/// A Swift string from a C string GLib owns (NULL → nil).
@inlinable public func string(_ c: UnsafePointer<CChar>?) -> String? { c.map { String(cString: $0) } }

/// A Swift string from a C string we must free with g_free (NULL → nil).
public func takeString(_ c: UnsafeMutablePointer<CChar>?) -> String? {
    guard let c else { return nil }
    defer { g_free(c) }
    return String(cString: c)
}

/// Typed views of widgets whose C structs are complete (they import as typed pointers).
public func asWindow(_ w: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
    gcast(raw(w), gtk_window_get_type())
}
public func asBox(_ w: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
    gcast(raw(w), gtk_box_get_type())
}

/// A `GVariantDict *` passed to a signal handler as a raw pointer (not a GObject, so unchecked).
public func variantDict(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GVariantDict> {
    p.assumingMemoryBound(to: GVariantDict.self)
}
public func asCommandLine(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GApplicationCommandLine> {
    gcast(p, g_application_command_line_get_type())
}
public func asTextView(_ w: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkTextView> {
    gcast(raw(w), gtk_text_view_get_type())
}
