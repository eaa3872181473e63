import CGtk
import GtkSupport
import IroImaging

/// The thin progress bar across the top of a loading tab (BEHAVIOUR A6): it appears
/// only when a load takes longer than 150 ms, floats over the view (an overlay
/// child, so nothing moves) and goes away when the load ends. Until the load has any
/// progress to show it pulses: an empty bar would look like nothing at all (libheif reads
/// the boxes of a grid of 10 000 tiles for seconds before the first tile).
final class LoadingBar {
    static let delayMilliseconds: UInt32 = 150
    private let bar: UnsafeMutablePointer<GtkProgressBar> = cast(gtk_progress_bar_new())
    var widget: UnsafeMutablePointer<GtkWidget> { bar.widget }
    /// Keeps the bar alive until this object goes, even after its tab is destroyed.
    private let reference: ObjectRef
    private var delay: SourceID?
    private var ticker: SourceID?

    init() {
        reference = ObjectRef(retaining: raw(bar))
        gtk_widget_add_css_class(widget, "loading-bar")
        gtk_widget_add_css_class(widget, "osd")
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
        gtk_progress_bar_set_pulse_step(bar, 0.05)
    }

    var isShowing: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Starts the 150 ms clock; the bar then follows `progress`.
    func start(following progress: LoadProgress) {
        stop()
        delay = after(milliseconds: Self.delayMilliseconds) { [weak self] in
            guard let self else { return }
            self.delay = nil
            gtk_widget_set_visible(self.widget, 1)
            self.ticker = addTimeout(milliseconds: 50) { [weak self] in
                guard let self else { return false }
                let fraction = progress.fraction
                if fraction > 0 { gtk_progress_bar_set_fraction(self.bar, fraction) } else { gtk_progress_bar_pulse(self.bar) }
                return true
            }
        }
    }

    func stop() {
        delay?.cancel()
        delay = nil
        ticker?.cancel()
        ticker = nil
        gtk_widget_set_visible(widget, 0)
    }
}
