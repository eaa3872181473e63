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
    /// Its own view: the leader's region, placed to fill this monitor, with the leader's hue.
    private let view = OwnView()
    /// The monitor it is full screen on.
    let monitor: OpaquePointer
    private let monitorReference: ObjectRef
    /// The main window's canvas it follows.
    private weak var leader: ImageCanvas?
    /// Keeps cairo's shared memory for frames between pan steps (`iro_x11_hold_shm_pool`).
    private(set) var framePool: OpaquePointer?

    /// Told when it stops by itself (Esc, or closed).
    var onStop: (@MainActor () -> Void)?
    /// Black over everything while the presenter blanks the screen (B, BEHAVIOUR G9).
    private let blank: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    var isBlank: Bool { gtk_widget_get_visible(blank) != 0 }

    init(on monitor: OpaquePointer) {
        self.monitor = monitor
        monitorReference = ObjectRef(retaining: UnsafeMutableRawPointer(monitor))
        gtk_window_set_title(window, tr("Iro Presentation"))
        gtk_widget_add_css_class(window.widget, "presentation")
        gtk_window_set_decorated(window, 0)
        let layers: UnsafeMutablePointer<GtkOverlay> = cast(gtk_overlay_new())
        gtk_overlay_set_child(layers, canvas.widget)
        gtk_widget_add_css_class(blank, "presentation-blank")
        gtk_widget_set_visible(blank, 0)
        gtk_overlay_add_overlay(layers, blank)
        gtk_window_set_child(window, layers.widget)
        canvas.viewOwner = view
        view.hueSource = { [weak self] in self?.leader?.hue ?? HueControl.neutral }
        canvas.hidesPointer = true
        canvas.isPresentation = true
        // A new image starts at best fit: the leader's region is placed again on it.
        canvas.onImageShown = { [weak self] in self?.update() }
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

    /// Blanks the monitor (black) or shows the image again.
    func setBlank(_ on: Bool) { gtk_widget_set_visible(blank, on ? 1 : 0) }

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
        canvas.draw(nil)
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
        let largest = Monitors.of(display).map {
            (width: Int($0.geometry.width) * $0.scaleFactor, height: Int($0.geometry.height) * $0.scaleFactor)
        }
        .max { $0.width * $0.height < $1.width * $1.height }
        guard let largest else { return }
        framePool = iro_x11_hold_shm_pool(display, Int32(largest.width), Int32(largest.height))
    }

    /// Shows what the leader shows now: its document's image, the region, turn and hue.
    private func update() {
        canvas.draw(leader?.source?.model)
        guard let leader, let zoom = leader.zoom, canvas.hasImage else { return }
        canvas.hueChanged()
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
