import CGLib

/// Checked casts between GObject pointer kinds.
///
/// A GObject pointer reaches Swift as a typed pointer (`UnsafeMutablePointer<GtkStack>`)
/// or, for the few opaque C types left untyped, as `OpaquePointer`, which accepts any
/// of them. These check the GType at run time (what `GTK_STACK(p)` does in C), so a
/// wrong cast stops at the cast, not later.
public func gcast<T>(_ pointer: UnsafeMutableRawPointer, _ type: GType, as _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    precondition(isInstance(pointer, of: type), "object is not a \(String(cString: g_type_name(type)))")
    return pointer.assumingMemoryBound(to: T.self)
}

/// Same check for the opaque kinds (`GFile *`, `GtkNative *`…).
public func gcastOpaque(_ pointer: UnsafeMutableRawPointer, _ type: GType) -> OpaquePointer {
    precondition(isInstance(pointer, of: type), "object is not a \(String(cString: g_type_name(type)))")
    return OpaquePointer(pointer)
}

/// Whether `pointer` is a GObject instance of `type` (or a subtype / implementer).
public func isInstance(_ pointer: UnsafeMutableRawPointer, of type: GType) -> Bool {
    g_type_check_instance_is_a(pointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// Raw pointer of any GObject-like pointer, for the casts above.
@inlinable public func raw<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }
@inlinable public func raw(_ p: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }

/// GObject view of anything GObject-derived.
public func object(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GObject> {
    gcast(p, g_object_get_type())
}
