import CGLib

/// Attaches a Swift object to a GObject (GObject qdata), owned by the GObject:
/// released when the object is finalized or the key is replaced.
///
/// This is how Iro keeps Swift state for GTK objects: GObject instance memory
/// is zero-filled C memory and must not hold Swift values.
public struct StateKey<T: AnyObject>: Sendable {
    let quark: GQuark
    public init(_ name: StaticString) {
        quark = name.withUTF8Buffer { buffer in
            g_quark_from_static_string(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    public func attach(_ value: T, to object: UnsafeMutableRawPointer) {
        g_object_set_qdata_full(
            object.assumingMemoryBound(to: GObject.self), quark,
            Unmanaged.passRetained(value).toOpaque()
        ) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release() // any class: no generic capture in a C callback
        }
    }

    public func get(_ object: UnsafeMutableRawPointer) -> T? {
        guard let pointer = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), quark) else { return nil }
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }
}
