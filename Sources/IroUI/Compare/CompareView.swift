import CGtk
import GtkSupport
import IroCore

/// Tabs side by side (BEHAVIOUR F6, "Compare With"): two to four panes (side by side, then
/// 2 × 2, in GtkPaneds) whose views are linked as linked tabs are: zoom, pan, pinch or
/// rotation in one pane moves the others in the same frame. One hue slider drives them all.
/// The tabs stay as they are; closing the comparison shows them again.
final class CompareView {
    static let maxPanes = 4

    private(set) var panes: [ComparePane] = []
    /// The pane the user acted on last: the window's zoom and rotation act on it.
    private(set) var activePane: ComparePane?
    private let holder: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    let hueControl: HueControl
    private let hueOverlay: OverlayControlContainer
    var widget: UnsafeMutablePointer<GtkWidget> { hueOverlay.widget }
    /// Set while panes are made to follow one: what they do then is not the user's.
    private var following = false

    /// Told when the last pane but one was closed: the comparison is over.
    var onEnd: (@MainActor () -> Void)?
    /// Told when a pane's zoom changes or another pane becomes the active one (the toolbar).
    var onZoomChanged: (@MainActor () -> Void)?

    init(hue: Double) {
        hueControl = HueControl(value: hue)
        gtk_widget_set_hexpand(holder.widget, 1)
        gtk_widget_set_vexpand(holder.widget, 1)
        hueOverlay = OverlayControlContainer(content: holder.widget, control: hueControl.widget)
        hueOverlay.followDrags(of: hueControl.pressGesture)
        hueControl.onChanged = { [weak self] value in
            guard let self else { return }
            for pane in self.panes { pane.canvas.hue = value }
        }
        gtk_widget_add_css_class(widget, "compare")
    }

    func contains(_ view: DocumentView) -> Bool { panes.contains { $0.source === view } }

    /// Adds a pane for `view` (up to `maxPanes`), taking the view of the panes there.
    func add(_ view: DocumentView) {
        guard panes.count < Self.maxPanes, !contains(view) else { return }
        let pane = ComparePane(showing: view)
        pane.canvas.hue = hueControl.value
        pane.onClose = { [weak self, weak pane] in
            guard let self, let pane else { return }
            self.remove(pane.source)
        }
        pane.canvas.onZoomChanged = { [weak self] in self?.onZoomChanged?() }
        pane.canvas.onMovedByUser = { [weak self, weak pane] in
            guard let self, let pane else { return }
            self.moved(pane)
        }
        // Focus or a click makes a pane the one the toolbar and keys act on.
        let focus = gtk_event_controller_focus_new()!
        onSignal(raw(focus), "enter") { [weak self, weak pane] in
            self?.activePane = pane
            self?.onZoomChanged?()
        }
        gtk_widget_add_controller(pane.canvas.widget, focus)
        panes.append(pane)
        if activePane == nil { activePane = pane }
        layOut()
        if let leader = panes.first(where: { $0 !== pane }) { follow(leader, into: pane) }
    }

    /// Takes `view`'s pane away; fewer than two left ends the comparison.
    func remove(_ view: DocumentView) {
        guard let index = panes.firstIndex(where: { $0.source === view }) else { return }
        let pane = panes.remove(at: index)
        view.isCompared = false
        if activePane === pane { activePane = panes.first }
        if panes.count < 2 {
            onEnd?()
            return
        }
        layOut()
    }

    /// `view`'s tab has something new to show (it loaded, failed, or has more detail).
    func refresh(_ view: DocumentView) {
        guard let pane = panes.first(where: { $0.source === view }) else { return }
        let hadImage = pane.canvas.zoom != nil
        pane.refresh()
        if !hadImage, let leader = panes.first(where: { $0 !== pane && $0.canvas.zoom != nil }) { follow(leader, into: pane) }
    }

    /// Side by side for two or three, 2 × 2 for four: GtkPaneds, so the user can move the divides.
    private func layOut() {
        while let child = gtk_widget_get_first_child(holder.widget) { gtk_box_remove(holder, child) }
        for pane in panes where gtk_widget_get_parent(pane.widget) != nil {
            detach(pane.widget)
        }
        let widgets = panes.map(\.widget)
        let layout: UnsafeMutablePointer<GtkWidget>
        if widgets.count == 4 {
            layout = paned(
                GTK_ORIENTATION_VERTICAL, paned(GTK_ORIENTATION_HORIZONTAL, widgets[0], widgets[1]),
                paned(GTK_ORIENTATION_HORIZONTAL, widgets[2], widgets[3]))
        } else {
            layout = widgets.dropFirst().reduce(widgets[0]) { paned(GTK_ORIENTATION_HORIZONTAL, $0, $1) }
        }
        gtk_widget_set_vexpand(layout, 1)
        gtk_box_append(holder, layout)
    }

    private func paned(
        _ orientation: GtkOrientation, _ start: UnsafeMutablePointer<GtkWidget>, _ end: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let widget = gtk_paned_new(orientation)!
        let paned = OpaquePointer(widget)
        gtk_paned_set_start_child(paned, start)
        gtk_paned_set_end_child(paned, end)
        gtk_paned_set_wide_handle(paned, 1)
        gtk_paned_set_shrink_start_child(paned, 0)
        gtk_paned_set_shrink_end_child(paned, 0)
        return widget
    }

    /// Takes a pane's widget out of the paned it was in (kept alive by its pane object).
    private func detach(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let parent = gtk_widget_get_parent(widget) else { return }
        g_object_ref(raw(widget))
        defer { g_object_unref(raw(widget)) }
        let paned = OpaquePointer(parent)
        if gtk_paned_get_start_child(paned) == widget { gtk_paned_set_start_child(paned, nil) }
        if gtk_paned_get_end_child(paned) == widget { gtk_paned_set_end_child(paned, nil) }
    }

    /// The user moved `pane`'s view: every other pane shows the same, now.
    private func moved(_ pane: ComparePane) {
        guard !following else { return }
        activePane = pane
        for other in panes where other !== pane { follow(pane, into: other) }
    }

    private func follow(_ leader: ComparePane, into pane: ComparePane) {
        guard let linked = leader.canvas.linkedView(hue: hueControl.value) else { return }
        following = true
        defer { following = false }
        pane.canvas.follow(linked)
    }
}
