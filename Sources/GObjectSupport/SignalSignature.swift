import CGLib

/// The C shape of a signal handler: the arguments between the instance and the user data,
/// and the result. A thunk of the wrong shape for its signal reads garbage registers and
/// stack (undefined behaviour), so debug builds compare the two when connecting.
public struct SignalSignature: Equatable, Sendable, CustomStringConvertible {
    /// How a value travels in a C call; types of one kind share a calling convention
    /// (gint, guint, gboolean, enums and flags are all 32-bit integers).
    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        case void, int32, int64, float, double, pointer

        public var description: String {
            switch self {
            case .void: "void"
            case .int32: "32-bit integer"
            case .int64: "64-bit integer"
            case .float: "float"
            case .double: "double"
            case .pointer: "pointer"
            }
        }

        /// The kind GLib marshals a value of `type` as (nil for one no C handler can take).
        public init?(_ type: GType) {
            // G_SIGNAL_TYPE_STATIC_SCOPE marks a parameter type in place; it is not part of it.
            let fundamental = g_type_fundamental(type & ~GType(1)) >> GType(G_TYPE_FUNDAMENTAL_SHIFT)
            switch fundamental {
            case 1: self = .void // G_TYPE_NONE
            case 3, 4, 5, 6, 7, 12, 13: self = .int32 // char, uchar, boolean, int, uint, enum, flags
            case 8, 9, 10, 11: self = .int64 // long, ulong, int64, uint64 (LP64)
            case 14: self = .float
            case 15: self = .double
            case 2, 16, 17, 18, 19, 20, 21: self = .pointer // interface, string, pointer, boxed, param, object, variant
            default: return nil
            }
        }
    }

    public let arguments: [Kind]
    public let result: Kind

    public init(_ arguments: [Kind] = [], returns result: Kind = .void) {
        self.arguments = arguments
        self.result = result
    }

    public var description: String {
        "(\((arguments.map(\.description)).joined(separator: ", "))) -> \(result)"
    }

    /// The signature GLib will call a handler of `signal` on `instance` with, or why none
    /// can be known. `signal` may carry a detail ("notify::title").
    public static func of(_ signal: String, on instance: UnsafeMutableRawPointer) -> Result<SignalSignature, SignatureError> {
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        let typeName = String(cString: g_type_name(type))
        var id: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal, type, &id, &detail, 1) != 0 else {
            return .failure(SignatureError(message: "\(typeName) has no signal “\(signal)”"))
        }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        var arguments: [Kind] = []
        for index in 0..<Int(query.n_params) {
            guard let parameter = query.param_types?[index], let kind = Kind(parameter) else {
                return .failure(SignatureError(message: "\(typeName)::\(signal) has an argument no C handler can take"))
            }
            arguments.append(kind)
        }
        guard let result = Kind(query.return_type) else {
            return .failure(SignatureError(message: "\(typeName)::\(signal) has a result no C handler can return"))
        }
        return .success(SignalSignature(arguments, returns: result))
    }

    /// Why a handler of this signature must not be connected to `signal` on `instance`;
    /// nil when GLib will call it exactly as it expects.
    public func mismatch(connecting signal: String, on instance: UnsafeMutableRawPointer) -> String? {
        switch Self.of(signal, on: instance) {
        case .failure(let error):
            return error.message
        case .success(let expected) where expected != self:
            let typeName = String(cString: g_type_name(instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
            return "\(typeName)::\(signal) calls handlers as \(expected), but this handler is \(self)"
        case .success:
            return nil
        }
    }
}

public struct SignatureError: Error, Equatable, Sendable {
    public let message: String
}
