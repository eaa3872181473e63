import CGtk
import Foundation
import GtkSupport
import IroCore

/// Floats a control over any content (SPEC D1, D2, D5): bottom centre, inside a capsule
/// (`.overlay-capsule`: rounded ends, window background, soft shadow), its visible edge
/// 16 px above the bottom. It is an overlay, so the content keeps its whole area.
///
/// When it shows is decided by `OverlayVisibility`; this class only feeds it events,
/// cross-fades the capsule to what it decides and runs the hide timer it asks for:
/// - the pointer entering and leaving the control's area, which is the revealer's box:
///   the capsule plus the margin the stylesheet leaves around it for the shadow. The
///   revealer keeps that box while the capsule is faded out, so moving the pointer to
///   where the control would be brings it back. The price: while hidden, that small
///   area takes clicks and scrolls meant for the content, which reveals the control
///   at the same moment, so it reads as the control's area either way;
/// - presses and drags inside the control, from the gesture it names (`followDrags`);
/// - keyboard focus entering and leaving the capsule;
/// - the view appearing: every time the container is mapped, i.e. its page is shown
///   after loading or its tab is selected again.
final class OverlayControlContainer {
    /// From the bottom of the content to the capsule's visible edge (SPEC D1).
    static let bottomGap: Int32 = 16
    /// Cross-fade length (SPEC D2: ~200–300 ms).
    static let fadeMilliseconds: guint = 250

    /// The container itself (a GtkOverlay): put it where the content would go.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Fades the capsule in and out; its box is the control's area for the pointer.
    let revealer: UnsafeMutablePointer<GtkWidget>
    /// The pill holding the control.
    let capsule: UnsafeMutablePointer<GtkWidget>
    /// Pointer crossing the control's area (GtkEventControllerMotion on the revealer).
    let motion: OpaquePointer
    /// Keyboard focus crossing the capsule (GtkEventControllerFocus).
    let focus: OpaquePointer
    private(set) var visibility: OverlayVisibility
    private var timer: SourceID?
    private var timerDeadline: Double?

    /// `initialDuration` is how long the control shows after the view appears; tests
    /// shorten it.
    init(content: UnsafeMutablePointer<GtkWidget>, control: UnsafeMutablePointer<GtkWidget>,
         initialDuration: Double = 2) {
        visibility = OverlayVisibility(initialDuration: initialDuration)
        widget = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(widget), content)

        capsule = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(capsule, "overlay-capsule")
        gtk_box_append(asBox(capsule), control)

        revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(OpaquePointer(revealer), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(OpaquePointer(revealer), Self.fadeMilliseconds)
        gtk_revealer_set_child(OpaquePointer(revealer), capsule)
        gtk_overlay_add_overlay(OpaquePointer(widget), revealer)

        motion = gtk_event_controller_motion_new()!
        gtk_widget_add_controller(revealer, motion)
        focus = gtk_event_controller_focus_new()!
        gtk_widget_add_controller(capsule, focus)

        onGetChildPosition(raw(widget)) { [weak self] child in self?.capsuleRectangle(for: child) }
        onSignal(raw(motion), "enter") { [weak self] (_: Double, _: Double) in self?.update { $0.pointerEntered(at: $1) } }
        onSignal(raw(motion), "leave") { [weak self] in self?.update { $0.pointerLeft(at: $1) } }
        onSignal(raw(focus), "enter") { [weak self] in self?.update { $0.focusEntered(at: $1) } }
        onSignal(raw(focus), "leave") { [weak self] in self?.update { $0.focusLeft(at: $1) } }
        onSignal(raw(widget), "map") { [weak self] in self?.update { $0.viewAppeared(at: $1) } }
        onSignal(raw(widget), "unmap") { [weak self] in self?.releaseHolds() }
    }

    /// Keeps the control shown while `gesture` (a GtkGesture inside the control, such as
    /// the slider's press gesture) is active, from press to release (SPEC D2).
    func followDrags(of gesture: OpaquePointer) {
        onSignalWithPointer(raw(gesture), "begin") { [weak self] _ in self?.update { $0.dragBegan(at: $1) } }
        onSignalWithPointer(raw(gesture), "end") { [weak self] _ in self?.update { $0.dragEnded(at: $1) } }
    }

    /// Whether the control is shown or fading in.
    var isRevealed: Bool { gtk_revealer_get_reveal_child(OpaquePointer(revealer)) != 0 }
    /// Whether the fade has finished on the shown side.
    var isFullyShown: Bool { gtk_revealer_get_child_revealed(OpaquePointer(revealer)) != 0 }

    // MARK: Model

    /// Feeds one event to the model at the current time, shows what it decided and arms
    /// (or drops) the hide timer it asks for.
    private func update(_ event: (inout OverlayVisibility, Double) -> Void) {
        event(&visibility, monotonicSeconds())
        if ProcessInfo.processInfo.environment["IRO_DEBUG_OVERLAY"] != nil {
            let root = gtk_widget_get_root(widget)
            let fv = root.map { gtk_window_get_focus_visible(gcast(raw($0), gtk_window_get_type(), as: GtkWindow.self)) } ?? -1
            let focus = root.flatMap { gtk_root_get_focus($0) }.map { String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer($0)))) } ?? "nil"
            printError("overlay: \(visibility) focus-visible=\(fv) focus=\(focus)")
        }
        gtk_revealer_set_reveal_child(OpaquePointer(revealer), visibility.isVisible ? 1 : 0)
        scheduleTimer()
    }

    private func scheduleTimer() {
        guard visibility.hideDeadline != timerDeadline else { return }
        timer?.cancel()
        timer = nil
        timerDeadline = visibility.hideDeadline
        guard let deadline = timerDeadline else { return }
        // Rounded up: GLib never fires early, so the model never sees an early timer.
        let delay = min(max(0, (deadline - monotonicSeconds()) * 1000).rounded(.up), Double(UInt32.max))
        timer = after(milliseconds: UInt32(delay)) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.timerDeadline = nil
            self.update { $0.timerFired(at: $1) }
        }
    }

    /// An unmapped control is under no pointer and in no drag, whether or not GTK sends
    /// the leave and the release (a tab switched by keyboard under a resting pointer).
    private func releaseHolds() {
        if visibility.isDragging { update { $0.dragEnded(at: $1) } }
        if visibility.isPointerInside { update { $0.pointerLeft(at: $1) } }
    }

    // MARK: Layout

    /// Bottom centre, the capsule's visible edge `bottomGap` above the bottom. The
    /// stylesheet's margin around the capsule (room for its shadow) is inside the
    /// revealer's box, so it is read here rather than assumed.
    private func capsuleRectangle(for child: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
        guard child == revealer else { return nil }
        var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0, minimumHeight: Int32 = 0, naturalHeight: Int32 = 0
        gtk_widget_measure(revealer, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
        let width = max(minimumWidth, min(naturalWidth, gtk_widget_get_width(widget)))
        gtk_widget_measure(revealer, GTK_ORIENTATION_VERTICAL, width, &minimumHeight, &naturalHeight, nil, nil)
        var margin = GtkBorder()
        gtk_style_context_get_margin(gtk_widget_get_style_context(capsule), &margin)
        let bottom = gtk_widget_get_height(widget) - Self.bottomGap + Int32(margin.bottom)
        return GdkRectangle(x: (gtk_widget_get_width(widget) - width) / 2, y: bottom - naturalHeight,
                            width: width, height: naturalHeight)
    }
}
