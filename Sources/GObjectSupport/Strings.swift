import CGLib

/// A Swift string from a C string GLib owns (NULL → nil).
@inlinable public func string(_ c: UnsafePointer<CChar>?) -> String? { c.map { String(cString: $0) } }

/// A Swift string from a C string we must free with g_free (NULL → nil).
public func takeString(_ c: UnsafeMutablePointer<CChar>?) -> String? {
    guard let c else { return nil }
    defer { g_free(c) }
    return String(cString: c)
}

/// Passes a NULL-terminated `const char *const *` built from Swift strings.
public func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    withMutableCStringArray(strings) { array in
        array.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: strings.count + 1) { body(UnsafePointer($0)) }
    }
}

/// Passes a NULL-terminated `char **` built from Swift strings (gdk-pixbuf's option lists).
public func withMutableCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer {
        for pointer in pointers { free(pointer) }
    }
    return pointers.withUnsafeMutableBufferPointer { buffer in
        // Never empty: the terminating NULL is always there.
        body(buffer.baseAddress.unsafelyUnwrapped)
    }
}
