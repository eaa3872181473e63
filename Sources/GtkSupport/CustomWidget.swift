import CGtk
import CGtkShims

/// What a Swift-implemented GtkWidget subclass does. The GObject side
/// (type registration, vfunc trampolines, GtkScrollable properties) lives in
/// `CustomWidget`; the delegate is plain Swift.
public protocol CustomWidgetDelegate: AnyObject {
    func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double)
    func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)
    func sizeAllocated(width: Int32, height: Int32)
    /// GtkScrollable: the scrolled window gave us an adjustment (or a new one was made).
    func adjustmentsChanged(horizontal: UnsafeMutablePointer<GtkAdjustment>, vertical: UnsafeMutablePointer<GtkAdjustment>)
    /// GtkScrollable: the user scrolled (scrollbar, wheel, kinetic, keys).
    func scrollValueChanged()
}

extension CustomWidgetDelegate {
    public func adjustmentsChanged(horizontal: UnsafeMutablePointer<GtkAdjustment>, vertical: UnsafeMutablePointer<GtkAdjustment>) {}
    public func scrollValueChanged() {}
}

/// Registers GtkWidget subclasses whose behaviour is a `CustomWidgetDelegate`,
/// optionally implementing GtkScrollable so a GtkScrolledWindow drives them
/// directly (the widget draws only what is visible; no GtkViewport in between).
public enum CustomWidget {
    nonisolated static let delegateKey = StateKey<DelegateBox>("iro-custom-widget-delegate")
    nonisolated static let scrollKey = StateKey<ScrollState>("iro-custom-widget-scroll")

    final class DelegateBox {
        weak var delegate: (any CustomWidgetDelegate)?
        var strong: (any CustomWidgetDelegate)?
        init(_ d: any CustomWidgetDelegate) {
            strong = d
            delegate = d
        }
    }

    /// The adjustments of a scrollable custom widget (owned references).
    nonisolated final class ScrollState: @unchecked Sendable {
        var adjustments: [UnsafeMutablePointer<GtkAdjustment>?] = [nil, nil] // h, v
        var handlers: [SignalHandlerID] = [0, 0]
        var policies: [Int32] = [0, 0]
        deinit {
            for i in 0..<2 {
                if let a = adjustments[i] {
                    disconnect(raw(a), handlers[i])
                    g_object_unref(raw(a))
                }
            }
        }
    }

    /// Registers `typeName` (once per name) deriving from GtkWidget with CSS name `cssName`.
    public static func register(
        typeName: String, cssName: String, scrollable: Bool,
        accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GENERIC
    ) -> GType {
        let existing = g_type_from_name(typeName)
        if existing != 0 { return existing }
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_data = UnsafeRawPointer(strdup(cssName)) // lives as long as the type: forever
        info.class_init = { klass, data in
            guard let klass else { return }
            MainActor.assumeIsolated { CustomWidget.classInit(klass, cssName: data) }
        }
        let type = g_type_register_static(gtk_widget_get_type(), typeName, &info, GTypeFlags(0))
        if scrollable { iro_add_scrollable_interface(type) }
        // The class lives for the whole process, so this reference is never dropped.
        if let klass = g_type_class_ref(type) {
            gtk_widget_class_set_accessible_role(klass.assumingMemoryBound(to: GtkWidgetClass.self), accessibleRole)
        }
        return type
    }

    /// A new instance driven by `delegate`, which the widget keeps alive until it is finalized.
    public static func make(_ type: GType, delegate: any CustomWidgetDelegate) -> UnsafeMutablePointer<GtkWidget> {
        let obj = g_object_new_with_properties(type, 0, nil, nil)!
        delegateKey.attach(DelegateBox(delegate), to: raw(obj))
        if g_type_is_a(type, gtk_scrollable_get_type()) != 0 {
            let state = ScrollState()
            scrollKey.attach(state, to: raw(obj))
            for i in 0..<2 { setAdjustment(raw(obj), index: i, nil) }
        }
        return cast(obj)
    }

    /// The delegate of a custom widget instance.
    public static func delegate(of widget: UnsafeMutablePointer<GtkWidget>) -> (any CustomWidgetDelegate)? {
        delegateKey.get(raw(widget))?.delegate
    }

    /// The current (horizontal, vertical) adjustments of a scrollable custom widget.
    public static func adjustments(of widget: UnsafeMutablePointer<GtkWidget>) -> (
        UnsafeMutablePointer<GtkAdjustment>, UnsafeMutablePointer<GtkAdjustment>
    )? {
        guard let s = scrollKey.get(raw(widget)), let h = s.adjustments[0], let v = s.adjustments[1] else { return nil }
        return (h, v)
    }

    private static func classInit(_ klass: gpointer, cssName: gpointer?) {
        let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)

        objectClass.pointee.dispose = { obj in
            guard let obj else { return }
            // Break the delegate's hold before GTK tears the widget down.
            MainActor.assumeIsolated { CustomWidget.delegateKey.get(raw(obj))?.strong = nil }
            // Every custom widget derives directly from GtkWidget: chain up to it.
            g_type_class_peek(gtk_widget_get_type())?.assumingMemoryBound(to: GObjectClass.self).pointee.dispose?(obj)
        }
        objectClass.pointee.set_property = { obj, id, value, _ in
            guard let obj, let value, id >= 1, id <= 4 else { return }
            nonisolated(unsafe) let o = obj, v = value
            MainActor.assumeIsolated {
                if id <= 2 {
                    let adjustment = g_value_get_object(v)?.assumingMemoryBound(to: GtkAdjustment.self)
                    CustomWidget.setAdjustment(raw(o), index: Int(id) - 1, adjustment)
                } else {
                    CustomWidget.scrollKey.get(raw(o))?.policies[Int(id) - 3] = Int32(g_value_get_enum(v))
                    gtk_widget_queue_resize(cast(o))
                }
            }
        }
        objectClass.pointee.get_property = { obj, id, value, _ in
            guard let obj, let value, id >= 1, id <= 4 else { return }
            nonisolated(unsafe) let o = obj, v = value
            MainActor.assumeIsolated {
                guard let state = CustomWidget.scrollKey.get(raw(o)) else { return }
                if id <= 2 {
                    g_value_set_object(v, state.adjustments[Int(id) - 1].map { raw($0) })
                } else {
                    g_value_set_enum(v, gint(state.policies[Int(id) - 3]))
                }
            }
        }

        let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
        widgetClass.pointee.snapshot = { w, s in
            guard let w, let s else { return }
            nonisolated(unsafe) let ww = w, ss = s
            MainActor.assumeIsolated {
                CustomWidget.delegate(of: ww)?.snapshot(
                    ss, width: Double(gtk_widget_get_width(ww)),
                    height: Double(gtk_widget_get_height(ww)))
            }
        }
        widgetClass.pointee.measure = { w, orientation, forSize, minimum, natural, minBaseline, natBaseline in
            minBaseline?.pointee = -1
            natBaseline?.pointee = -1
            guard let w else { return }
            nonisolated(unsafe) let ww = w
            let result = MainActor.assumeIsolated { CustomWidget.delegate(of: ww)?.measure(orientation, forSize: forSize) }
            minimum?.pointee = result?.minimum ?? 0
            natural?.pointee = result?.natural ?? 0
        }
        widgetClass.pointee.size_allocate = { w, width, height, _ in
            guard let w else { return }
            nonisolated(unsafe) let ww = w
            MainActor.assumeIsolated { CustomWidget.delegate(of: ww)?.sizeAllocated(width: width, height: height) }
        }
        if let cssName { gtk_widget_class_set_css_name(widgetClass, cssName.assumingMemoryBound(to: CChar.self)) }
        iro_scrollable_override_properties(objectClass)
    }

    private static func setAdjustment(_ obj: UnsafeMutableRawPointer, index: Int, _ adjustment: UnsafeMutablePointer<GtkAdjustment>?) {
        guard let state = scrollKey.get(obj) else { return }
        let newAdjustment = adjustment ?? gtk_adjustment_new(0, 0, 0, 0, 0, 0)!
        if let old = state.adjustments[index] {
            if old == newAdjustment { return }
            disconnect(raw(old), state.handlers[index])
            g_object_unref(raw(old))
        }
        g_object_ref_sink(raw(newAdjustment))
        state.adjustments[index] = newAdjustment
        nonisolated(unsafe) let instance = obj
        state.handlers[index] = onSignal(raw(newAdjustment), "value-changed") {
            CustomWidget.delegate(of: cast(instance))?.scrollValueChanged()
        }
        if let h = state.adjustments[0], let v = state.adjustments[1] {
            delegate(of: cast(obj))?.adjustmentsChanged(horizontal: h, vertical: v)
        }
        g_object_notify(obj.assumingMemoryBound(to: GObject.self), index == 0 ? "hadjustment" : "vadjustment")
    }
}
