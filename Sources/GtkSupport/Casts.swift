import CGtk

/// A widget pointer of something known to be a GtkWidget (checked): for pointers whose
/// type says nothing (`OpaquePointer`, or a typed pointer of a non-widget type).
public func widget(_ p: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
    gcast(raw(p), gtk_widget_get_type())
}

/// A `GVariantDict *` passed to a signal handler as a raw pointer (not a GObject, so unchecked).
public func variantDict(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GVariantDict> {
    p.assumingMemoryBound(to: GVariantDict.self)
}
