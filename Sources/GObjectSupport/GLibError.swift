import CGLib

/// A GError as a Swift error: domain, code and GLib's message.
public struct GLibError: Error, Equatable, Sendable, CustomStringConvertible {
    public let domain: String
    public let code: Int32
    public let message: String
    public var description: String { message }

    public init(domain: String, code: Int32, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Takes ownership of a GError (frees it).
    public init(taking error: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }

    public func matches(_ domain: GQuark, _ code: Int32) -> Bool {
        self.domain == String(cString: g_quark_to_string(domain)) && self.code == code
    }
}

/// Calls a GLib function that reports failure through `GError **`.
/// Throws the error if one was set; otherwise returns the result.
public func withGError<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws(GLibError) -> T {
    var error: UnsafeMutablePointer<GError>? = nil
    let result = body(&error)
    if let error { throw GLibError(taking: error) }
    return result
}
