import CGtk

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
    let duplicated: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { duplicated.forEach { free($0) } }
    var array: [UnsafePointer<CChar>?] = duplicated.map { $0.map { UnsafePointer($0) } } + [nil]
    return array.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
}
