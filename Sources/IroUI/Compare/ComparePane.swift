import CGtk
import CGtkShims
import GtkSupport
import IroCore
import IroImaging

/// One pane of a comparison (BEHAVIOUR F6): a tab's image under its name, in a canvas of
/// its own over its document's levels (nothing is decoded again), or the document's loading
/// state or error page, following the document's model. A button beside the name closes
/// the pane.
final class ComparePane {
    /// The document shown.
    let source: DocumentModel
    let canvas = ImageCanvas()
    /// The pane's own view of the document (its zoom and scroll; the hue is the comparison's).
    let ownView = OwnView()
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    var widget: UnsafeMutablePointer<GtkWidget> { box.widget }
    private let name: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    private let stack: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    /// Keeps the pane's widgets while the comparison lays them out again.
    private let reference: ObjectRef
    private var shownError: LoadError?
    /// The model's signals this pane follows (disconnected when the pane goes).
    private var observers: [SignalHandlerID] = []

    /// Told when the pane's close button is clicked.
    var onClose: (@MainActor () -> Void)?
    /// Told when the pane shows an image (it then takes the other panes' view).
    var onFirstImage: (@MainActor () -> Void)?

    init(showing source: DocumentModel) {
        self.source = source
        source.paneShows(true)
        canvas.viewOwner = ownView
        reference = ObjectRef(retaining: raw(box))
        let title: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        gtk_widget_add_css_class(title.widget, "compare-title")
        gtk_label_set_ellipsize(name, PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(name.widget, 1)
        let close = gtk_button_new_from_icon_name("window-close-symbolic")!
        gtk_widget_add_css_class(close, "flat")
        gtk_widget_add_css_class(close, "circular")
        gtk_widget_set_tooltip_text(close, tr("Close This Pane"))
        iro_accessible_set_label(close, tr("Close This Pane"))
        onSignal(raw(close), "clicked") { [weak self] in self?.onClose?() }
        gtk_box_append(title, name.widget)
        gtk_box_append(title, close)

        let scroller: UnsafeMutablePointer<GtkScrolledWindow> = cast(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(scroller, canvas.widget)
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(OpaquePointer(spinner))
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_stack_add_named(stack, spinner, "loading")
        gtk_stack_add_named(stack, scroller.widget, "image")
        gtk_widget_set_vexpand(stack.widget, 1)
        gtk_widget_set_hexpand(stack.widget, 1)
        gtk_box_append(box, title.widget)
        gtk_box_append(box, stack.widget)
        // More detail for this pane's zoom comes from the document's own decode.
        canvas.onNeedsDetail = { [weak source, weak canvas] scale in source?.needsDetail(at: scale, showing: canvas?.restingImageRect) }
        source.loadIfWaiting() // a tab not shown yet has not decoded anything
        canvas.draw(source)
        canvas.onImageShown = { [weak self] in self?.onFirstImage?() }
        observers = [DocumentModel.Property.status, DocumentModel.Property.title].map {
            source.observable.observe($0) { [weak self] in self?.refresh() }
        }
        refresh()
    }

    /// The pane is closed: it no longer shows the document.
    func close() {
        for observer in observers { disconnect(source.observable.object, observer) }
        observers = []
        canvas.draw(nil)
        source.paneShows(false)
    }

    var displayName: String { source.document.displayName }
    var visiblePage: String { string(gtk_stack_get_visible_child_name(stack)) ?? "" }

    /// Shows what the document has now: its image (which the canvas draws), its error, or
    /// that it is loading. Told by the model.
    private func refresh() {
        gtk_label_set_text(name, displayName)
        if case .failed(let error) = source.document.state {
            guard shownError != error || visiblePage != "error" else { return }
            shownError = error
            if let old = gtk_stack_get_child_by_name(stack, "error") { gtk_stack_remove(stack, old) }
            gtk_stack_add_named(stack, StatusPages.error(error, fileName: displayName), "error")
            gtk_stack_set_visible_child_name(stack, "error")
            return
        }
        gtk_stack_set_visible_child_name(stack, source.shown == .image ? "image" : "loading")
    }
}
