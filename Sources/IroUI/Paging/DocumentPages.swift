import CGtk
import GtkSupport
import IroCore

/// What a document's pages add to a tab: the pointer over a page (its links and text,
/// BEHAVIOUR G6, G10) and the pages stacked for reading down (G11), shown instead of the
/// single page while the window asks for them (`setContinuous`) and the tab shows a
/// document of more than one page.
final class DocumentPages {
    let pointer: PagePointer
    let continuous: ContinuousPages
    /// The single page's scrolled canvas, or the stacked pages.
    private let stack: UnsafeMutablePointer<GtkStack> = cast(gtk_stack_new())
    private unowned let model: DocumentModel
    private unowned let canvas: ImageCanvas
    /// The window's choice: continuous pages for documents.
    private var wanted = false
    /// The search's current match last scrolled into view.
    private var revealed: (page: Int, index: Int)?

    var widget: UnsafeMutablePointer<GtkWidget> { stack.widget }
    var isContinuous: Bool { string(gtk_stack_get_visible_child_name(stack)) == "continuous" }
    /// What takes the keys (arrows scroll it): the stacked pages while they show, else the canvas.
    var keyTarget: UnsafeMutablePointer<GtkWidget> { isContinuous ? continuous.widget : canvas.widget }

    init(canvas: ImageCanvas, scroller: UnsafeMutablePointer<GtkWidget>, model: DocumentModel) {
        self.model = model
        self.canvas = canvas
        pointer = PagePointer(canvas: canvas, model: model)
        continuous = ContinuousPages(model: model)
        gtk_stack_add_named(stack, scroller, "page")
        gtk_stack_add_named(stack, continuous.scroller.widget, "continuous")
        gtk_stack_set_visible_child_name(stack, "page")
        // Told after layout, as the canvas's zoom is, so the window's header follows it.
        continuous.onZoomChanged = { [weak model] in model?.observable.bump(DocumentModel.Property.zoom) }
        let observed = model.observable
        observed.observe(DocumentModel.Property.levels) { [weak self] in self?.update() }
        observed.observe(DocumentModel.Property.status) { [weak self] in self?.update() }
        observed.observe(DocumentModel.Property.pages) { [weak self] in self?.continuous.pageChanged() }
        observed.observe(DocumentModel.Property.hue) { [weak self] in self?.continuous.hueChanged() }
        observed.observe(DocumentModel.Property.search) { [weak self] in self?.searchChanged() }
        observed.observe(DocumentModel.Property.selection) { [weak self] in
            if let self, self.isContinuous { gtk_widget_queue_draw(self.continuous.widget) }
        }
    }

    /// A search's highlights are drawn; a match that became current is scrolled into view
    /// (BEHAVIOUR G7): on the page shown (another page comes at best fit, whole), or on any
    /// page of the stacked ones.
    private func searchChanged() {
        if isContinuous { gtk_widget_queue_draw(continuous.widget) }
        guard let current = model.search.current, let areas = model.search.areas(onPage: current.page)?.areas,
            areas.indices.contains(current.index)
        else {
            revealed = nil
            return
        }
        guard revealed.map({ $0 != current }) ?? true else { return }
        revealed = current
        let area = areas[current.index]
        if isContinuous {
            continuous.reveal(area, onPage: current.page)
        } else if current.page == model.document.page {
            canvas.reveal(area)
        }
    }

    /// Continuous pages or a single page, as the window's choice says (BEHAVIOUR G11).
    func setContinuous(_ on: Bool) {
        wanted = on
        update()
    }

    private func update() {
        let on = wanted && model.hasPages && model.shown == .image && model.levels != nil
        if on { continuous.show() }
        guard on != isContinuous else { return }
        gtk_stack_set_visible_child_name(stack, on ? "continuous" : "page")
        model.selection.clear() // it may be on a page the other view does not show
        // The keys go to what is shown (a tab not on screen yet takes the focus when it is).
        if gtk_widget_get_mapped(stack.widget) != 0 { gtk_widget_grab_focus(keyTarget) }
        model.observable.bump(DocumentModel.Property.zoom) // the header follows the other view's zoom
    }
}
