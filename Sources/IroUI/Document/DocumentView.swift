import CGtk
import Foundation
import GtkSupport
import IroCore
import IroImaging

/// One tab: the document's canvas in a scrolled window, or its error page, with
/// the loading bar floating on top. Owns the decode task of its document and
/// cancels it when the tab goes away.
final class DocumentView {
    let document: Document
    /// The tab's root widget (what AdwTabView holds).
    let widget: UnsafeMutablePointer<GtkWidget>
    let canvas = ImageCanvas()
    /// The hue slider floating over the image (SPEC D); each tab has its own.
    let hueControl: HueControl
    let hueOverlay: OverlayControlContainer
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private let loadingBar = LoadingBar()
    private var loadTask: Task<Void, Never>?
    /// The decoded image, once loaded.
    var image: DecodedImage? { canvas.image }

    /// Told when loading finishes (either way), for the tab's spinner and the title.
    var onStateChanged: (@MainActor () -> Void)?

    /// Finds the DocumentView of a tab's root widget.
    static let key = StateKey<DocumentView>("iro-document-view")

    init(document: Document) {
        self.document = document
        widget = gtk_overlay_new()!
        stack = gtk_stack_new()!
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), canvas.widget)
        gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(scroller), 1)
        gtk_stack_add_named(OpaquePointer(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "loading")
        hueControl = HueControl(value: document.view.hue)
        hueOverlay = OverlayControlContainer(content: scroller, control: hueControl.widget)
        gtk_stack_add_named(OpaquePointer(stack), hueOverlay.widget, "image")
        gtk_overlay_set_child(OpaquePointer(widget), stack)
        gtk_overlay_add_overlay(OpaquePointer(widget), loadingBar.widget)
        Self.key.attach(self, to: raw(widget))
        connectHue()
        onSignal(raw(widget), "destroy") { [weak self] in self?.cancelLoad() }
    }

    /// Decodes the document's file off the main thread, then shows it or its error.
    func load() {
        cancelLoad()
        document.state = .loading
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "loading")
        let progress = LoadProgress()
        loadingBar.start(following: progress)
        let path = document.url.path
        loadTask = Task { [weak self] in
            let result: Result<ImagePyramid?, LoadError>
            do throws(LoadError) { result = .success(try await ImageDecoder.decodeForDisplay(path: path, progress: progress)) }
            catch { result = .failure(error) }
            guard !Task.isCancelled, let self else { return }
            self.finishLoad(result)
        }
    }

    private func finishLoad(_ result: Result<ImagePyramid?, LoadError>) {
        loadingBar.stop()
        loadTask = nil
        switch result {
        case .success(let pyramid?):
            document.state = .loaded(width: pyramid.image.width, height: pyramid.image.height)
            canvas.show(pyramid, named: document.displayName, restoring: document.view.zoom == nil ? nil : document.view)
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "image")
        case .success(nil):
            return        // cancelled
        case .failure(let error):
            showError(error)
        }
        onStateChanged?()
    }

    private func showError(_ error: LoadError) {
        document.state = .failed(error)
        if let old = gtk_stack_get_child_by_name(OpaquePointer(stack), "error") {
            gtk_stack_remove(OpaquePointer(stack), old)
        }
        gtk_stack_add_named(OpaquePointer(stack), StatusPages.error(error, fileName: document.displayName), "error")
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "error")
    }

    func cancelLoad() {
        loadTask?.cancel()
        loadTask = nil
        loadingBar.stop()
    }

    var isLoading: Bool { loadTask != nil }
    var isShowingLoadingBar: Bool { loadingBar.isShowing }
    var loadingBarWidget: UnsafeMutablePointer<GtkWidget> { loadingBar.widget }
    var visiblePage: String { string(gtk_stack_get_visible_child_name(OpaquePointer(stack))) ?? "" }
    var errorPage: UnsafeMutablePointer<GtkWidget>? { gtk_stack_get_child_by_name(OpaquePointer(stack), "error") }

    /// Remembers zoom and scroll position in the document (SPEC C6).
    func saveViewState() { canvas.saveView(into: &document.view) }
}
