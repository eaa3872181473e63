import CGtk
import GtkSupport

/// The display's monitors, the one place Iro asks GDK for them: what a view at best fit can
/// show of an image, and where a presentation can go.
enum Monitors {
    /// One monitor: where it is in the display (application pixels), its scale factor, and
    /// the GdkMonitor itself (owned) for fullscreening a window on it.
    struct Monitor {
        let monitor: ObjectRef
        let geometry: GdkRectangle
        let scaleFactor: Int
        var handle: OpaquePointer { monitor.opaque }
        var model: String { string(gdk_monitor_get_model(handle)) ?? "" }
        var connector: String { string(gdk_monitor_get_connector(handle)) ?? "" }
    }

    /// Every monitor of the default display, in GDK's order (none before there is a display).
    static var all: [Monitor] {
        guard let display = gdk_display_get_default() else { return [] }
        return of(display)
    }

    static func of(_ display: OpaquePointer) -> [Monitor] {
        guard let list = gdk_display_get_monitors(display) else { return [] }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            let monitor = ObjectRef(taking: item)
            let typed = gcastOpaque(item, gdk_monitor_get_type())
            var area = GdkRectangle()
            gdk_monitor_get_geometry(typed, &area)
            return Monitor(monitor: monitor, geometry: area, scaleFactor: Int(gdk_monitor_get_scale_factor(typed)))
        }
    }

    /// The list GDK keeps current, for following monitors as they come and go.
    static func list(of display: OpaquePointer) -> OpaquePointer? { gdk_display_get_monitors(display) }

    /// The widest and the tallest of the monitors, in device pixels: the most a view at best
    /// fit can show of an image (1920 × 1080 before there is a display to ask).
    static var largestSize: (width: Int, height: Int) {
        all.reduce((width: 1920, height: 1080)) { size, monitor in
            (
                max(size.width, Int(monitor.geometry.width) * monitor.scaleFactor),
                max(size.height, Int(monitor.geometry.height) * monitor.scaleFactor)
            )
        }
    }
}
