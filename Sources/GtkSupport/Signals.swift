import CGtk

/// Signal handlers as Swift closures on the main thread.
///
/// One `@convention(c)` thunk per C signature, each declaring that signature so debug
/// builds check it against the signal (`connect` in GObjectSupport); the closure box is
/// owned by GLib and released when the handler is disconnected or the object finalized.
/// GTK emits on the main thread, hence `MainActor.assumeIsolated` in each thunk.

public typealias VoidHandler = @MainActor () -> Void

/// `void (*)(GObject *self, gpointer data)`
@discardableResult
public func onSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping VoidHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        guard let box = ClosureBox<VoidHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call() }
    }
    return connect(instance, signal, after: after, signature: SignalSignature(), thunk: thunk, handler: handler)
}

public typealias DoubleHandler = @MainActor (Double) -> Void

/// `void (*)(GObject *self, double value, gpointer data)` — e.g. GtkGestureZoom::scale-changed.
@discardableResult
public func onSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping DoubleHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, value, data in
        guard let box = ClosureBox<DoubleHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call(value) }
    }
    return connect(instance, signal, after: after, signature: SignalSignature([.double]), thunk: thunk, handler: handler)
}

public typealias PointHandler = @MainActor (Double, Double) -> Void

/// `void (*)(GObject *self, double x, double y, gpointer data)` — motion enter/motion, drag-begin/update.
@discardableResult
public func onSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping PointHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
        guard let box = ClosureBox<PointHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call(x, y) }
    }
    return connect(instance, signal, after: after, signature: SignalSignature([.double, .double]), thunk: thunk, handler: handler)
}

public typealias PressHandler = @MainActor (Int32, Double, Double) -> Void

/// `void (*)(GObject *self, int n_press, double x, double y, gpointer data)` — GtkGestureClick::pressed.
@discardableResult
public func onSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping PressHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
        guard let box = ClosureBox<PressHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call(n, x, y) }
    }
    return connect(
        instance, signal, after: after, signature: SignalSignature([.int32, .double, .double]),
        thunk: thunk, handler: handler)
}

public typealias IntHandler = @MainActor (Int32) -> Void

/// `void (*)(GObject *self, gint value, gpointer data)` — GtkNativeDialog::response.
@discardableResult
public func onSignal(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping IntHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
        guard let box = ClosureBox<IntHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call(value) }
    }
    return connect(instance, signal, signature: SignalSignature([.int32]), thunk: thunk, handler: handler)
}

public typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

/// `void (*)(GObject *self, gpointer arg, gpointer data)` — one pointer argument
/// (GdkEventSequence *, GtkWidget *, AdwTabPage *, GParamSpec *…).
@discardableResult
public func onSignalWithPointer(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping PointerHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
        guard let box = ClosureBox<PointerHandler>.from(data) else { return }
        nonisolated(unsafe) let arg = arg
        MainActor.assumeIsolated { box.call(arg) }
    }
    return connect(instance, signal, after: after, signature: SignalSignature([.pointer]), thunk: thunk, handler: handler)
}

/// Runs `handler` whenever property `name` of `instance` changes ("notify::name").
@discardableResult
public func onNotify(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
    onSignalWithPointer(instance, "notify::\(name)") { _ in handler() }
}

public typealias PointerIntHandler = @MainActor (UnsafeMutableRawPointer?, Int32) -> Void

/// `void (*)(GObject *self, gpointer arg, int position, gpointer data)` — AdwTabView::page-attached/-detached.
@discardableResult
public func onSignalWithPointerInt(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping PointerIntHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?, Int32, gpointer?) -> Void = { _, arg, n, data in
        guard let box = ClosureBox<PointerIntHandler>.from(data) else { return }
        nonisolated(unsafe) let arg = arg
        MainActor.assumeIsolated { box.call(arg, n) }
    }
    return connect(instance, signal, after: after, signature: SignalSignature([.pointer, .int32]), thunk: thunk, handler: handler)
}

public typealias PointerBoolHandler = @MainActor (UnsafeMutableRawPointer?) -> Bool

/// `gboolean (*)(GObject *self, gpointer arg, gpointer data)` — handlers that answer
/// (AdwTabView::close-page).
@discardableResult
public func onSignalWithPointerReturningBool(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping PointerBoolHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, arg, data in
        guard let box = ClosureBox<PointerBoolHandler>.from(data) else { return 0 }
        nonisolated(unsafe) let arg = arg
        return MainActor.assumeIsolated { box.call(arg) } ? 1 : 0
    }
    return connect(instance, signal, signature: SignalSignature([.pointer], returns: .int32), thunk: thunk, handler: handler)
}

public typealias PointerIntResultHandler = @MainActor (UnsafeMutableRawPointer?) -> Int32

/// `gint (*)(GObject *self, gpointer arg, gpointer data)` — GApplication::command-line
/// and ::handle-local-options.
@discardableResult
public func onSignalWithPointerReturningInt(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping PointerIntResultHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, arg, data in
        guard let box = ClosureBox<PointerIntResultHandler>.from(data) else { return 1 }
        nonisolated(unsafe) let arg = arg
        return MainActor.assumeIsolated { box.call(arg) }
    }
    return connect(instance, signal, signature: SignalSignature([.pointer], returns: .int32), thunk: thunk, handler: handler)
}

public typealias BoolHandler = @MainActor () -> Bool

/// `gboolean (*)(GObject *self, gpointer data)` — GtkWindow::close-request.
@discardableResult
public func onSignalReturningBool(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping BoolHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        guard let box = ClosureBox<BoolHandler>.from(data) else { return 0 }
        return MainActor.assumeIsolated { box.call() } ? 1 : 0
    }
    return connect(instance, signal, signature: SignalSignature(returns: .int32), thunk: thunk, handler: handler)
}

public typealias PointerResultHandler = @MainActor () -> UnsafeMutableRawPointer?

/// `gpointer (*)(GObject *self, gpointer data)` — AdwTabView::create-window.
@discardableResult
public func onSignalReturningPointer(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping PointerResultHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, gpointer?) -> gpointer? = { _, data in
        guard let box = ClosureBox<PointerResultHandler>.from(data) else { return nil }
        // Raw pointers are not Sendable; cross the isolation boundary as an address.
        let address = MainActor.assumeIsolated { UInt(bitPattern: box.call()) }
        return UnsafeMutableRawPointer(bitPattern: address)
    }
    return connect(instance, signal, signature: SignalSignature(returns: .pointer), thunk: thunk, handler: handler)
}

public typealias PointPointerResultHandler = @MainActor (Double, Double) -> UnsafeMutableRawPointer?

/// `gpointer (*)(GObject *self, double x, double y, gpointer data)` — GtkDragSource::prepare.
@discardableResult
public func onSignalWithPointReturningPointer(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping PointPointerResultHandler
) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gpointer? = { _, x, y, data in
        guard let box = ClosureBox<PointPointerResultHandler>.from(data) else { return nil }
        let address = MainActor.assumeIsolated { UInt(bitPattern: box.call(x, y)) }
        return UnsafeMutableRawPointer(bitPattern: address)
    }
    return connect(instance, signal, signature: SignalSignature([.double, .double], returns: .pointer), thunk: thunk, handler: handler)
}

public typealias ScrollHandler = @MainActor (Double, Double) -> Bool

/// `gboolean (*)(GtkEventControllerScroll *self, double dx, double dy, gpointer data)`.
@discardableResult
public func onScroll(_ instance: UnsafeMutableRawPointer, _ handler: @escaping ScrollHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
        guard let box = ClosureBox<ScrollHandler>.from(data) else { return 0 }
        return MainActor.assumeIsolated { box.call(dx, dy) } ? 1 : 0
    }
    return connect(instance, "scroll", signature: SignalSignature([.double, .double], returns: .int32), thunk: thunk, handler: handler)
}

public typealias KeyHandler = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool

/// `gboolean (*)(GtkEventControllerKey *self, guint keyval, guint keycode, GdkModifierType state, gpointer data)`.
@discardableResult
public func onKeyPressed(_ instance: UnsafeMutableRawPointer, _ handler: @escaping KeyHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, code, state, data in
        guard let box = ClosureBox<KeyHandler>.from(data) else { return 0 }
        return MainActor.assumeIsolated { box.call(keyval, code, state) } ? 1 : 0
    }
    return connect(
        instance, "key-pressed", signature: SignalSignature([.int32, .int32, .int32], returns: .int32),
        thunk: thunk, handler: handler)
}

public typealias FilesHandler = @MainActor ([OpaquePointer]) -> Void

/// `void (*)(GApplication *self, GFile **files, gint n_files, gchar *hint, gpointer data)` — GApplication::open.
@discardableResult
public func onOpen(_ application: UnsafeMutableRawPointer, _ handler: @escaping FilesHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) -> Void = {
        _, files, count, _, data in
        guard let box = ClosureBox<FilesHandler>.from(data), let files else { return }
        let list = (0..<Int(max(0, count))).compactMap { files[$0] }
        nonisolated(unsafe) let sendable = list
        MainActor.assumeIsolated { box.call(sendable) }
    }
    return connect(application, "open", signature: SignalSignature([.pointer, .int32, .pointer]), thunk: thunk, handler: handler)
}

public typealias FileDropHandler = @MainActor ([[UInt8]]) -> Bool

/// Files dropped on a GtkDropTarget set up for GDK_TYPE_FILE_LIST: `gboolean (*)(GtkDropTarget *,
/// const GValue *, double x, double y, gpointer)`. The handler gets local paths.
@discardableResult
public func onFileDrop(_ target: UnsafeMutableRawPointer, _ handler: @escaping FileDropHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = { _, value, _, _, data in
        guard let box = ClosureBox<FileDropHandler>.from(data), let value else { return 0 }
        let paths = filePaths(fromFileListValue: value)
        return MainActor.assumeIsolated { box.call(paths) } ? 1 : 0
    }
    return connect(
        target, "drop", signature: SignalSignature([.pointer, .double, .double], returns: .int32),
        thunk: thunk, handler: handler)
}

/// Local paths of the GFiles in a GValue holding a GdkFileList (non-local files are skipped),
/// as bytes: file names need not be UTF-8, and a `String` would change them.
nonisolated public func filePaths(fromFileListValue value: UnsafePointer<GValue>) -> [[UInt8]] {
    guard g_type_check_value_holds(value, gdk_file_list_get_type()) != 0,
        let boxed = g_value_get_boxed(value)
    else { return [] }
    var paths: [[UInt8]] = []
    var node = gdk_file_list_get_files(OpaquePointer(boxed))
    let head = node
    while let current = node {
        if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
            paths.append(Array(UnsafeRawBufferPointer(start: path, count: strlen(path))))
            g_free(path)
        }
        node = current.pointee.next
    }
    g_slist_free(head)
    return paths
}

public typealias FileMonitorHandler = @MainActor (GFileMonitorEvent, _ file: OpaquePointer?, _ other: OpaquePointer?) -> Void

/// GFileMonitor::changed: `void (*)(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent, gpointer)`.
/// `other` is the new name of a renamed file (G_FILE_MONITOR_WATCH_MOVES), else NULL.
@discardableResult
public func onFileMonitorChanged(_ monitor: UnsafeMutableRawPointer, _ handler: @escaping FileMonitorHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void = {
        _, file, other, event, data in
        guard let box = ClosureBox<FileMonitorHandler>.from(data) else { return }
        nonisolated(unsafe) let file = file, other = other
        MainActor.assumeIsolated { box.call(event, file, other) }
    }
    return connect(monitor, "changed", signature: SignalSignature([.pointer, .pointer, .int32]), thunk: thunk, handler: handler)
}

public typealias ItemsChangedHandler = @MainActor (UInt32, UInt32, UInt32) -> Void

/// `void (*)(GListModel *self, guint position, guint removed, guint added, gpointer data)`.
@discardableResult
public func onItemsChanged(_ model: UnsafeMutableRawPointer, _ handler: @escaping ItemsChangedHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
        guard let box = ClosureBox<ItemsChangedHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call(position, removed, added) }
    }
    return connect(model, "items-changed", signature: SignalSignature([.int32, .int32, .int32]), thunk: thunk, handler: handler)
}

public typealias SelectionChangedHandler = @MainActor (UInt32, UInt32) -> Void

/// `void (*)(GtkSelectionModel *self, guint position, guint n_items, gpointer data)`.
@discardableResult
public func onSelectionChanged(_ model: UnsafeMutableRawPointer, _ handler: @escaping SelectionChangedHandler) -> SignalHandlerID {
    let thunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, position, count, data in
        guard let box = ClosureBox<SelectionChangedHandler>.from(data) else { return }
        MainActor.assumeIsolated { box.call(position, count) }
    }
    return connect(model, "selection-changed", signature: SignalSignature([.int32, .int32]), thunk: thunk, handler: handler)
}
