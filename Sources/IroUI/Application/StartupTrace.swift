import CGtk
import GtkSupport

/// With `IRO_TRACE=1`, marks in the start-up timeline (`Trace`) when a window is
/// mapped, when it paints its first frame, and when it first paints an image (or an
/// error page).
enum StartupTrace {
    static func follow(_ window: DocumentWindow) {
        guard Trace.isEnabled else { return }
        onSignal(raw(window.window), "map") { [weak window] in
            Trace.mark("window mapped")
            guard let window, let clock = gtk_widget_get_frame_clock(window.window.widget) else { return }
            var painted = 0, shown = false
            onSignal(raw(clock), "after-paint") { [weak window] in
                // The first frames, with the size they were laid out at: a window manager
                // that maximises the window makes a second layout.
                if painted < 6, let widget = window?.window.widget {
                    painted += 1
                    Trace.mark("frame \(painted) painted at \(gtk_widget_get_width(widget))×\(gtk_widget_get_height(widget))")
                }
                guard !shown, let page = window?.selectedView?.visiblePage, page == "image" || page == "error" else { return }
                shown = true
                Trace.mark("first frame with the \(page) painted")
            }
        }
    }

    /// A tab opened in a window already on screen (a second launch's file): marks each
    /// frame until the tab shows its image (or an error page).
    static func followTab(in window: DocumentWindow) {
        guard Trace.isEnabled, gtk_widget_get_mapped(window.window.widget) != 0,
            let clock = gtk_widget_get_frame_clock(window.window.widget)
        else { return }
        final class Frames { var painted = 0, handler: SignalHandlerID = 0 }
        let frames = Frames()
        frames.handler = onSignal(raw(clock), "after-paint") { [weak window] in
            frames.painted += 1
            let page = window?.selectedView?.visiblePage ?? "nothing"
            Trace.mark("tab frame \(frames.painted) painted, showing \(page)")
            if page == "image" || page == "error" || frames.painted >= 30 { disconnect(raw(clock), frames.handler) }
        }
    }
}
