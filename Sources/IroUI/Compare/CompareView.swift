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
    let hueControl = HueControl()
    /// The comparison's hue, which the slider is bound to and every pane draws with; it
    /// starts at the hue of the tab shown and is the comparison's own (the tabs keep theirs).
    let state = ModelObject(typeName: "IroComparison", properties: [.double("hue", minimum: 0, maximum: 1, initial: HueControl.neutral)])
    private let hueOverlay: OverlayControlContainer
    var widget: UnsafeMutablePointer<GtkWidget> { hueOverlay.widget }
    /// Set while panes are made to follow one: what they do then is not the user's.
    private var following = false

    /// Told when the last pane but one was closed: the comparison is over.
    var onEnd: (@MainActor () -> Void)?
    /// Told when a pane's zoom changes or another pane becomes the active one (the toolbar).
    var onZoomChanged: (@MainActor () -> Void)?

    init(hue: Double) {
        state.set("hue", hue)
        hueControl.bind(to: state, "hue")
        gtk_widget_set_hexpand(holder.widget, 1)
        gtk_widget_set_vexpand(holder.widget, 1)
        hueOverlay = OverlayControlContainer(content: holder.widget, control: hueControl.widget)
        hueOverlay.followDrags(of: hueControl.pressGesture)
        state.observe("hue") { [weak self] in
            guard let self else { return }
            for pane in self.panes { pane.canvas.hueChanged() }
        }
        gtk_widget_add_css_class(widget, "compare")
    }

    var hue: Double { state.double("hue") }

    func contains(_ model: DocumentModel) -> Bool { panes.contains { $0.source === model } }

    /// Adds a pane for `model` (up to `maxPanes`), taking the view of the panes there.
    func add(_ model: DocumentModel) {
        guard panes.count < Self.maxPanes, !contains(model) else { return }
        let pane = ComparePane(showing: model)
        pane.ownView.hueSource = { [weak self] in self?.hue ?? HueControl.neutral }
        pane.onClose = { [weak self, weak pane] in
            guard let self, let pane else { return }
            self.remove(pane.source)
        }
        pane.canvas.onZoomChanged = { [weak self] in self?.onZoomChanged?() }
        // A pane that had no image takes the view of one that has, once its image comes.
        pane.onFirstImage = { [weak self, weak pane] in
            guard let self, let pane else { return }
            self.imageArrived(in: pane)
        }
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

    /// Takes `model`'s pane away; fewer than two left ends the comparison.
    func remove(_ model: DocumentModel) {
        guard let index = panes.firstIndex(where: { $0.source === model }) else { return }
        let pane = panes.remove(at: index)
        pane.close()
        if activePane === pane { activePane = panes.first }
        if panes.count < 2 {
            onEnd?()
            return
        }
        layOut()
    }

    /// Every pane is closed (the comparison ends).
    func closeAll() {
        for pane in panes { pane.close() }
        panes = []
    }

    /// `pane` shows its first image: it takes the other panes' view.
    private func imageArrived(in pane: ComparePane) {
        guard let leader = panes.first(where: { $0 !== pane && $0.canvas.zoom != nil }) else { return }
        follow(leader, into: pane)
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
        guard let linked = leader.canvas.linkedView(hue: hue) else { return }
        following = true
        defer { following = false }
        pane.canvas.follow(linked)
    }
}
