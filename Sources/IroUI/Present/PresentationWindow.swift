import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// The image full screen on another monitor (BEHAVIOUR F3), driven from the main window:
/// it shows the part of the image the main window's view shows, scaled to its monitor,
/// and follows every zoom, pan, turn and hue change of it in the next frame. Only the
/// image: no header, no controls, no pointer, black around it. It draws with a canvas of
/// its own from the same decoded levels (nothing is decoded again). Esc stops it.
final class PresentationWindow {
    let window: UnsafeMutablePointer<GtkWindow> = cast(gtk_window_new())
    let canvas = ImageCanvas()
    /// The monitor it is full screen on.
    let monitor: OpaquePointer
    private let monitorReference: ObjectRef
    /// The main window's canvas it follows.
    private weak var leader: ImageCanvas?
    private var shown: ImagePyramid?
    /// Keeps cairo's shared memory for frames between pan steps (`iro_x11_hold_shm_pool`).
    private(set) var framePool: OpaquePointer?

    /// Told when it stops by itself (Esc, or closed).
    var onStop: (@MainActor () -> Void)?

    init(on monitor: OpaquePointer) {
        self.monitor = monitor
        monitorReference = ObjectRef(retaining: UnsafeMutableRawPointer(monitor))
        gtk_window_set_title(window, tr("Iro Presentation"))
        gtk_widget_add_css_class(window.widget, "presentation")
        gtk_window_set_decorated(window, 0)
        gtk_window_set_child(window, canvas.widget)
        canvas.hidesPointer = true
        canvas.backdrop = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(raw(keys)) { [weak self] key, _, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            self?.onStop?()
            return true
        }
        gtk_widget_add_controller(window.widget, keys)
        onSignalReturningBool(raw(window), "close-request") { [weak self] in
            self?.onStop?()
            return true // the main window closes it
        }
    }

    func show() {
        // The monitor's size from the start: a window manager makes it full screen there,
        // and without one it still covers as much.
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &area)
        gtk_window_set_default_size(window, area.width, area.height)
        gtk_window_fullscreen_on_monitor(window, monitor)
        gtk_window_present(window)
        holdFramePool()
    }

    func close() {
        leader?.onViewChanged = nil
        if let framePool { cairo_surface_destroy(framePool) }
        framePool = nil
        gtk_window_destroy(window)
    }

    /// Follows `canvas` (the main window's active one) from now on.
    func follow(_ canvas: ImageCanvas?) {
        if leader !== canvas {
            leader?.onViewChanged = nil
            leader = canvas
            canvas?.onViewChanged = { [weak self] in self?.update() }
        }
        update()
    }

    /// Two windows painting in turn would otherwise start every frame in fresh shared
    /// memory (X11 and the cairo renderer: see `iro_x11_hold_shm_pool`); sized for the
    /// largest monitor, where either window may be.
    private func holdFramePool() {
        guard framePool == nil, let display = gtk_widget_get_display(window.widget) else { return }
        var largest = (width: Int32(0), height: Int32(0))
        let monitors = gdk_display_get_monitors(display)
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let item = g_list_model_get_item(monitors, index) else { continue }
            var area = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(item), &area)
            let scale = gdk_monitor_get_scale_factor(OpaquePointer(item))
            let pixels = (width: area.width * scale, height: area.height * scale)
            if Int(pixels.width) * Int(pixels.height) > Int(largest.width) * Int(largest.height) { largest = pixels }
            g_object_unref(item)
        }
        framePool = iro_x11_hold_shm_pool(display, largest.width, largest.height)
    }

    /// Shows what the leader shows now: its image, region, turn and hue.
    private func update() {
        guard let leader, let pyramid = leader.pyramid, let zoom = leader.zoom else {
            shown = nil
            return
        }
        if shown !== pyramid {
            if let shown, shown.width == pyramid.width, shown.height == pyramid.height {
                canvas.replacePyramid(pyramid)
            } else {
                canvas.show(pyramid, named: "")
            }
            shown = pyramid
        }
        canvas.hue = leader.hue
        if canvas.quarterTurns != leader.quarterTurns { canvas.turn(by: leader.quarterTurns - canvas.quarterTurns) }
        let viewport = canvas.viewportSize
        guard
            let (model, offset) = PresentedRegion.view(
                showing: zoom, scale: leader.displayScale, offset: leader.offset, in: viewport, pixelsPerPoint: canvas.pixelsPerPoint,
                current: canvas.zoom?.scale)
        else { return }
        canvas.place(model, offset: offset)
    }
}
