import CGtk
import CGtkShims

/// The observable face of a Swift model: a GObject whose properties hold the state widgets
/// show (`iro_model_type_register`). Widgets observe it the GObject way, with `notify::NAME`
/// (`observe`), `g_object_bind_property` (`bind`), or a `FollowGroup` that switches between
/// models; the model alone writes it. A property that only says "this changed" (the decoded
/// levels, a Swift value GObject cannot hold) is a revision number that `bump` increases.
public final class ModelObject {
    public enum Property {
        case double(String, minimum: Double, maximum: Double, initial: Double)
        case boolean(String, initial: Bool = false)
        case string(String, initial: String? = nil)
        case int(String, minimum: Int32, maximum: Int32, initial: Int32)
        case revision(String)

        var spec: UnsafeMutablePointer<GParamSpec>? {
            switch self {
            case .double(let name, let minimum, let maximum, let initial): iro_model_param_double(name, minimum, maximum, initial)
            case .boolean(let name, let initial): iro_model_param_boolean(name, initial ? 1 : 0)
            case .string(let name, let initial): iro_model_param_string(name, initial)
            case .int(let name, let minimum, let maximum, let initial): iro_model_param_int(name, minimum, maximum, initial)
            case .revision(let name): iro_model_param_uint64(name)
            }
        }
    }

    private let reference: ObjectRef
    /// The GObject, for bindings and signal groups.
    public var object: UnsafeMutableRawPointer { reference.raw }

    /// Registers `typeName` with `properties` (once per name: later calls return the type).
    public static func register(_ typeName: String, properties: [Property]) -> GType {
        let existing = g_type_from_name(typeName)
        if existing != 0 { return existing }
        var specs = properties.map(\.spec)
        return specs.withUnsafeMutableBufferPointer { iro_model_type_register(typeName, $0.baseAddress, guint($0.count)) }
    }

    /// An instance of `type` (from `register`).
    public init(type: GType) {
        reference = ObjectRef(taking: g_object_new_with_properties(type, 0, nil, nil))
    }

    /// Registers `typeName` with `properties` (once per name) and makes an instance.
    public convenience init(typeName: String, properties: [Property]) {
        self.init(type: Self.register(typeName, properties: properties))
    }

    public func double(_ name: String) -> Double { iro_object_get_double(object, name) }
    public func set(_ name: String, _ value: Double) { iro_object_set_double(object, name, value) }

    public func bool(_ name: String) -> Bool {
        var value: gboolean = 0
        iro_object_get_boolean(object, name, &value)
        return value != 0
    }
    public func set(_ name: String, _ value: Bool) { iro_object_set_boolean(object, name, value ? 1 : 0) }

    public func string(_ name: String) -> String? { takeString(iro_object_dup_string(object, name)) }
    public func set(_ name: String, _ value: String?) { iro_object_set_string(object, name, value) }

    public func int(_ name: String) -> Int32 { iro_object_get_int(object, name) }
    public func set(_ name: String, _ value: Int32) { iro_object_set_int(object, name, value) }

    /// Says that what `name` stands for changed (its observers read the Swift value).
    public func bump(_ name: String) { iro_object_set_uint64(object, name, iro_object_get_uint64(object, name) &+ 1) }

    /// Calls `handler` after each change of `name`, until the model is finalized or the
    /// handler disconnected.
    @discardableResult
    public func observe(_ name: String, _ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        onNotify(object, name, handler)
    }

    /// Keeps `target`'s `targetProperty` equal to `name` (both ways when `bidirectional`), from now on.
    /// The binding ends when either object is finalized.
    public func bind(
        _ name: String, to target: UnsafeMutableRawPointer, _ targetProperty: String, bidirectional: Bool = false
    ) {
        let flags = G_BINDING_SYNC_CREATE.rawValue | (bidirectional ? G_BINDING_BIDIRECTIONAL.rawValue : 0)
        g_object_bind_property(object, name, target, targetProperty, GBindingFlags(flags))
    }
}
