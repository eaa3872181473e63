import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// The presenter's view of a document (BEHAVIOUR G9), a column right of the main window's
/// page (which keeps all of itself in view beside it) while it is presented on another monitor: the next page, "Page 3 of 27", the time since the
/// presentation began (a click starts it again), and whether the presentation is blanked.
/// The next page is the one the tab drew ahead for Page Down.
final class PresenterPanel {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
    let next = gtk_picture_new()!
    let position: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    let clock: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label("0:00")
    let blanked: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(tr("The presentation is black (B)")))
    private var started = monotonicSeconds()
    /// The column's width: the next page at about a fifth of a 1280-wide window.
    static let width: Int32 = 264
    private var ticker: SourceID?

    init() {
        gtk_widget_add_css_class(widget, "presenter-panel")
        gtk_widget_set_size_request(widget, Self.width, -1)
        let heading = gtk_label_new(tr("Next"))!
        gtk_widget_add_css_class(heading, "dim-label")
        gtk_label_set_xalign(cast(heading), 0)
        gtk_picture_set_content_fit(OpaquePointer(next), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_size_request(next, Self.width - 24, (Self.width - 24) * 3 / 4)
        iro_accessible_set_label(next, tr("Next Page"))
        gtk_widget_add_css_class(position.widget, "title-4")
        gtk_widget_add_css_class(clock, "flat")
        gtk_widget_add_css_class(clock, "numeric")
        gtk_widget_set_tooltip_text(clock, tr("Time since the presentation began (click to start again)"))
        onSignal(raw(clock), "clicked") { [weak self] in self?.restartClock() }
        gtk_widget_set_visible(blanked.widget, 0)
        for child in [heading, next, position.widget, clock, blanked.widget] { gtk_box_append(cast(widget), child) }
        gtk_widget_set_visible(widget, 0)
    }

    /// Shows the panel for `model`'s document presented (blanked or not), or hides it (nil:
    /// nothing presented, or an image without pages).
    func show(_ model: DocumentModel?, blank: Bool) {
        guard let model, model.hasPages else {
            stopClock()
            gtk_widget_set_visible(widget, 0)
            return
        }
        if ticker == nil { restartClock() }
        gtk_widget_set_visible(widget, 1)
        let document = model.document
        gtk_label_set_text(position, tr("Page %1$d of %2$d", document.page + 1, document.pageCount))
        gtk_widget_set_visible(blanked.widget, blank ? 1 : 0)
        preview(model)
    }

    /// The next page as the tab drew it ahead for Page Down (`Preloader`): nothing decoded
    /// twice; shown once it is ready (the model says so through its `held` revision).
    private func preview(_ model: DocumentModel) {
        let document = model.document
        guard let page = model.page(after: .next), let path = model.imagePath,
            let pyramid = model.preloader.peek(path, page: DocumentPage(page, password: document.password))?.pyramid
        else { return gtk_picture_set_paintable(OpaquePointer(next), nil) }
        let level = pyramid.level(for: 480 / Double(max(pyramid.width, pyramid.height)))
        gtk_picture_set_paintable(OpaquePointer(next), level.texture)
    }

    /// "4:05", or "1:02:03" past an hour.
    static func clockText(seconds: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let hours = seconds / 3600, minutes = seconds / 60 % 60
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds % 60))" : "\(minutes):\(two(seconds % 60))"
    }

    /// Seconds since the presentation began (or the clock was clicked).
    var elapsed: Double { monotonicSeconds() - started }

    private func restartClock() {
        started = monotonicSeconds()
        ticker?.cancel()
        ticker = addTimeout(milliseconds: 1000) { [weak self] in
            self?.tick()
            return true
        }
        tick()
    }

    private func stopClock() {
        ticker?.cancel()
        ticker = nil
    }

    private func tick() {
        gtk_button_set_label(cast(clock), Self.clockText(seconds: Int(elapsed)))
    }
}
