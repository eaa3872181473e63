import CGtk
import GtkSupport
import IroCore

/// Comparing by dragging a tab onto the side of the image area (BEHAVIOUR F6). While a
/// tab is dragged over the left or right third of the tabs' content, a hint covers that
/// half: the dropped tab's pane goes there, beside the image that was shown when the drag
/// began (pressing a tab selects it, and libadwaita then shows a neighbour while the tab
/// is away: the image viewed before comes back under the hint).
///
/// libadwaita owns the drag: it detaches the tab when the drag begins and, when it is
/// dropped on the content, attaches it again at the end of the tabs. The zone only watches
/// (a GtkDropControllerMotion takes nothing from the drag); once the tab is back, it puts
/// it where it was and asks for the comparison. Dropped in the middle third, libadwaita's
/// own behaviour stands.
final class TabDropZone {
    enum Side { case left, right }

    /// Drawn over the side the dropped tab will take (an overlay child of the window's root).
    let hint: UnsafeMutablePointer<GtkWidget>
    /// Where a tab dropped now would go; nil when not over a side.
    private(set) var side: Side?
    /// The tab shown under the drag: the other half of the comparison.
    private weak var shown: DocumentView?
    /// The tab this window's tab view let go of last, and where it was.
    private var detached: (page: UnsafeMutablePointer<AdwTabPage>, position: Int)?
    /// The tab shown when a tab was last pressed (before the press selected it).
    private weak var shownAtPress: DocumentView?
    /// The tab to compare with during a drag, when the one dragged was not the one shown.
    private weak var shownBeforeDrag: DocumentView?
    private let tabView: UnsafeMutablePointer<AdwTabView>
    private let root: UnsafeMutablePointer<GtkOverlay>
    /// Asks for the comparison: the tab shown and the dropped one, in that order (left to right).
    var onCompare: (@MainActor (DocumentView, DocumentView) -> Void)?
    /// The tab shown in the tab view now.
    var selectedView: (@MainActor () -> DocumentView?)?

    /// Shows `view` in the tab view.
    var select: (@MainActor (DocumentView) -> Void)?

    init(
        over tabView: UnsafeMutablePointer<AdwTabView>, tabBar: UnsafeMutablePointer<GtkWidget>,
        in root: UnsafeMutablePointer<GtkOverlay>
    ) {
        self.tabView = tabView
        self.root = root
        let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        hint = box.widget
        gtk_widget_add_css_class(hint, "compare-drop-hint")
        gtk_widget_set_can_target(hint, 0) // the drag goes on to the tab view under it
        // Icon and label meet in the middle of the half.
        let icon = gtk_image_new_from_icon_name("view-dual-symbolic")!
        gtk_image_set_pixel_size(OpaquePointer(icon), 48)
        gtk_widget_set_valign(icon, GTK_ALIGN_END)
        let label = gtk_label_new(tr("Compare Side by Side"))!
        gtk_widget_add_css_class(label, "title-3")
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        for child in [icon, label] {
            gtk_widget_set_vexpand(child, 1)
            gtk_box_append(box, child)
        }
        gtk_widget_set_visible(hint, 0)
        gtk_overlay_add_overlay(root, hint)
        onGetChildPosition(raw(root)) { [weak self] child in
            guard let self, child == self.hint else { return nil }
            return self.hintRectangle()
        }

        let motion = gtk_drop_controller_motion_new()!
        onSignal(raw(motion), "enter") { [weak self] x, _ in self?.moved(to: x, over: motion) }
        onSignal(raw(motion), "motion") { [weak self] x, _ in self?.moved(to: x, over: motion) }
        onSignal(raw(motion), "leave") { [weak self] in self?.left() }
        gtk_widget_add_controller(tabView.widget, motion)

        // Sees a press on the tab bar before the tab bar does; claims nothing, so the tab
        // bar's own gestures go on as if it were not there.
        let presses = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(presses, GTK_PHASE_CAPTURE)
        onSignal(raw(presses), "pressed") { [weak self] (_: Int32, _: Double, _: Double) in
            self?.shownAtPress = self?.selectedView?()
        }
        gtk_widget_add_controller(tabBar, presses)
    }

    /// The drag is at `x` over the tab view: a tab dragged over a side shows the hint there.
    func moved(to x: Double, over motion: OpaquePointer?) {
        var isTab = true
        if let motion, let drop = gtk_drop_controller_motion_get_drop(motion) {
            isTab = gdk_content_formats_contain_gtype(gdk_drop_get_formats(drop), adw_tab_page_get_type()) != 0
        }
        let width = Double(gtk_widget_get_width(tabView.widget))
        let side: Side? = !isTab || width <= 0 ? nil : x < width / 3 ? .left : x > width * 2 / 3 ? .right : nil
        if side != nil {
            if let before = shownBeforeDrag, before !== selectedView?() { select?(before) }
            shown = selectedView?()
        }
        guard side != self.side else { return }
        self.side = side
        gtk_widget_set_visible(hint, side == nil ? 0 : 1)
        gtk_widget_queue_allocate(root.widget)
    }

    /// The drag left the tab view, or ended: no hint. What it pointed at is kept until the
    /// main loop is idle, since GTK reports the end of a drop after the drop itself.
    func left() {
        gtk_widget_set_visible(hint, 0)
        addIdle { [weak self] in
            self?.side = nil
            self?.shown = nil
            self?.shownBeforeDrag = nil
            return false
        }
    }

    /// The tab view let go of `page` (a drag began, or the tab moved elsewhere).
    func pageDetached(_ page: UnsafeMutablePointer<AdwTabPage>, at position: Int) {
        detached = (page, position)
        let view = DocumentWindow.view(of: page)
        shownBeforeDrag = shownAtPress !== view ? shownAtPress : nil
    }

    /// `page` arrived in the tab view: when it was dropped on a side, it goes back where it
    /// was (a tab of this window) and is compared with the image shown.
    func pageAttached(_ page: UnsafeMutablePointer<AdwTabPage>) {
        guard let side, let shown, let dropped = DocumentWindow.view(of: page), dropped !== shown else { return }
        self.side = nil
        self.shown = nil
        gtk_widget_set_visible(hint, 0)
        let origin = detached?.page == page ? detached?.position : nil
        detached = nil
        shownBeforeDrag = nil
        // After libadwaita has finished with the drop it is handling now (either tab may
        // have been closed by then).
        addIdle { [weak self, weak dropped, weak shown] in
            guard let self, let dropped, let shown, let page = adw_tab_view_get_page(self.tabView, dropped.widget) else { return false }
            if let origin, origin < Int(adw_tab_view_get_n_pages(self.tabView)) {
                adw_tab_view_reorder_page(self.tabView, page, Int32(origin))
            }
            if side == .left { self.onCompare?(dropped, shown) } else { self.onCompare?(shown, dropped) }
            return false
        }
    }

    /// The half of the tab view on the side pointed at, in the root overlay's coordinates.
    private func hintRectangle() -> GdkRectangle? {
        var bounds = graphene_rect_t()
        guard let side, gtk_widget_compute_bounds(tabView.widget, root.widget, &bounds) != 0 else { return nil }
        let half = Int32(bounds.size.width / 2)
        return GdkRectangle(
            x: Int32(bounds.origin.x) + (side == .left ? 0 : half), y: Int32(bounds.origin.y), width: half,
            height: Int32(bounds.size.height))
    }
}
