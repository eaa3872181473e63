import CGtk
import GtkSupport
import IroCore

/// Floats a control over any content (BEHAVIOUR D1, D2, D5): bottom centre, inside a capsule
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
/// - keyboard focus entering and leaving the control's area. Only focus the keyboard
///   gave or uses counts (the window's `focus-visible`): clicking a GtkScale always
///   focuses it, and that focus would hold the control open after the pointer left.
///   While faded out, the revealer itself takes focus in the Tab order, so the keyboard
///   can reach the control it hides; once shown, focus moves on into the control;
/// - the view appearing: every time the container is mapped, i.e. its page is shown
///   after loading or its tab is selected again.
///
/// While faded out the capsule is also hidden from assistive technologies: GTK still
/// calls a closed revealer's child visible, and a screen reader would find a ghost.
final class OverlayControlContainer {
    /// From the bottom of the content to the capsule's visible edge (BEHAVIOUR D1).
    static let bottomGap: Int32 = 16

    /// Where the capsule floats: the bottom centre (the hue), or the top centre (markup's
    /// tools, which then leave the bottom edge to the hue).
    enum Edge { case bottom, top }
    private let edge: Edge
    /// Cross-fade length (BEHAVIOUR D2: ~200–300 ms).
    static let fadeMilliseconds: guint = 250

    /// The container itself: put it where the content would go.
    private let overlay: UnsafeMutablePointer<GtkOverlay> = cast(gtk_overlay_new())
    var widget: UnsafeMutablePointer<GtkWidget> { overlay.widget }
    /// Fades the capsule in and out; its box is the control's area for the pointer.
    private let fader: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    var revealer: UnsafeMutablePointer<GtkWidget> { fader.widget }
    /// The pill holding the control.
    private let box: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
    var capsule: UnsafeMutablePointer<GtkWidget> { box.widget }
    /// Pointer crossing the control's area (GtkEventControllerMotion on the revealer).
    let motion: OpaquePointer
    /// Keyboard focus crossing the control's area (GtkEventControllerFocus on the revealer).
    let focus: OpaquePointer
    private(set) var visibility: OverlayVisibility
    /// Keep the widgets this object touches alive as long as it lives: it may outlive
    /// its tab (whoever holds the DocumentView), and a timer or idle may still run.
    private let references: [ObjectRef]
    private var timer: SourceID?
    private var timerDeadline: Double?
    /// The widgets are gone from the screen for good: no more timers.
    private var isDestroyed = false
    /// Focus is on the revealer or in the capsule (keyboard or not).
    private var focusInside = false
    private var accessibleHidden: Bool?
    /// The window whose `focus-visible` is watched while mapped, and the handler.
    private var watchedWindow: (window: UnsafeMutablePointer<GtkWindow>, handler: SignalHandlerID)?

    /// `initialDuration` is how long the control shows after the view appears; tests
    /// shorten it.
    init(
        content: UnsafeMutablePointer<GtkWidget>, control: UnsafeMutablePointer<GtkWidget>,
        initialDuration: Double = 2, edge: Edge = .bottom
    ) {
        self.edge = edge
        visibility = OverlayVisibility(initialDuration: initialDuration)
        gtk_overlay_set_child(overlay, content)

        gtk_widget_add_css_class(box.widget, "overlay-capsule")
        gtk_box_append(box, control)

        gtk_revealer_set_transition_type(fader, GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(fader, Self.fadeMilliseconds)
        gtk_revealer_set_child(fader, box.widget)
        gtk_overlay_add_overlay(overlay, fader.widget)

        references = [overlay.widget, fader.widget, box.widget].map { ObjectRef(retaining: raw($0)) }

        motion = gtk_event_controller_motion_new()!
        gtk_widget_add_controller(fader.widget, motion)
        focus = gtk_event_controller_focus_new()!
        gtk_widget_add_controller(revealer, focus)

        onGetChildPosition(raw(widget)) { [weak self] child in self?.capsuleRectangle(for: child) }
        onSignal(raw(motion), "enter") { [weak self] (_: Double, _: Double) in self?.update { $0.pointerEntered(at: $1) } }
        onSignal(raw(motion), "leave") { [weak self] in self?.update { $0.pointerLeft(at: $1) } }
        onSignal(raw(focus), "enter") { [weak self] in self?.focusChanged(inside: true) }
        onSignal(raw(focus), "leave") { [weak self] in self?.focusChanged(inside: false) }
        onSignal(raw(widget), "map") { [weak self] in self?.appeared() }
        onSignal(raw(widget), "unmap") { [weak self] in self?.disappeared() }
        onSignal(raw(widget), "destroy") { [weak self] in
            self?.isDestroyed = true
            self?.stopTimer()
        }
        onNotify(raw(revealer), "child-revealed") { [weak self] in self?.fadeChanged() }
        fadeChanged()
    }

    /// Keeps the control shown while `gesture` (a GtkGesture inside the control, such as
    /// the slider's press gesture) is active, from press to release (BEHAVIOUR D2).
    func followDrags(of gesture: OpaquePointer) {
        onSignalWithPointer(raw(gesture), "begin") { [weak self] _ in self?.update { $0.dragBegan(at: $1) } }
        onSignalWithPointer(raw(gesture), "end") { [weak self] _ in self?.update { $0.dragEnded(at: $1) } }
    }

    /// Shows the control for its initial time, as when the view appears (a control that was
    /// hidden until a mode turned on: markup's tools).
    func showAsNew() { update { $0.viewAppeared(at: $1) } }

    /// The user moved the view under the control: its first display ends (BEHAVIOUR D2).
    func viewMovedByUser() { update { $0.viewMovedByUser(at: $1) } }

    /// Whether the control is shown or fading in.
    var isRevealed: Bool { gtk_revealer_get_reveal_child(fader) != 0 }
    /// Whether the fade has finished on the shown side.
    var isFullyShown: Bool { gtk_revealer_get_child_revealed(fader) != 0 }

    // MARK: Model

    /// Feeds one event to the model at the current time, shows what it decided and arms
    /// (or drops) the hide timer it asks for.
    private func update(_ event: (inout OverlayVisibility, Double) -> Void) {
        event(&visibility, monotonicSeconds())
        gtk_revealer_set_reveal_child(fader, visibility.isVisible ? 1 : 0)
        fadeChanged()
        scheduleTimer()
    }

    /// Fully faded out: out of the accessibility tree, and the revealer stands in for the
    /// control in the Tab order. Shown (or fading in): the other way round, and focus
    /// that landed on the revealer moves on into the control once it can take it.
    private func fadeChanged() {
        let hidden = !isRevealed && !isFullyShown
        if accessibleHidden != hidden {
            accessibleHidden = hidden
            setAccessibleHidden(capsule, hidden)
        }
        if hidden {
            gtk_widget_set_focusable(revealer, 1)
        } else if !focusInside || gtk_widget_get_focus_child(revealer) != nil {
            gtk_widget_set_focusable(revealer, 0)
        } else if isFullyShown {
            // Focus is on the stand-in (or landing there). Passed on from the next turn of
            // the loop, not from inside a focus or notify emission.
            addIdle { [weak self] in
                guard let self else { return false }
                if gtk_widget_is_focus(self.revealer) != 0 { _ = gtk_widget_child_focus(self.capsule, GTK_DIR_TAB_FORWARD) }
                if self.isRevealed || self.isFullyShown { gtk_widget_set_focusable(self.revealer, 0) }
                return false
            }
        }
    }

    private func scheduleTimer() {
        guard visibility.hideDeadline != timerDeadline, !isDestroyed else { return }
        stopTimer()
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

    private func stopTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    /// Mapped: the view appeared (BEHAVIOUR D2). While mapped, its window's `focus-visible`
    /// is watched, since it turns click focus into keyboard focus.
    private func appeared() {
        stopWatchingWindow()
        if let root = gtk_widget_get_root(widget), isInstance(raw(root), of: gtk_window_get_type()) {
            let window: UnsafeMutablePointer<GtkWindow> = cast(root)
            let handler = onNotify(raw(window), "focus-visible") { [weak self] in
                guard let self else { return }
                self.focusChanged(inside: self.focusInside)
            }
            watchedWindow = (window, handler)
        }
        update { $0.viewAppeared(at: $1) }
        focusChanged(inside: focusInside)
    }

    private func stopWatchingWindow() {
        if let watched = watchedWindow { disconnect(raw(watched.window), watched.handler) }
        watchedWindow = nil
    }

    /// An unmapped control is under no pointer and in no drag, whether or not GTK sends
    /// the leave and the release (a tab switched by keyboard under a resting pointer).
    private func disappeared() {
        stopWatchingWindow()
        if visibility.isDragging { update { $0.dragEnded(at: $1) } }
        if visibility.isPointerInside { update { $0.pointerLeft(at: $1) } }
    }

    private func focusChanged(inside: Bool) {
        focusInside = inside
        let keyboard = inside && watchedWindow.map { gtk_window_get_focus_visible($0.window) != 0 } == true
        guard keyboard != visibility.isFocused else { return }
        update { visibility, now in
            if keyboard { visibility.focusEntered(at: now) } else { visibility.focusLeft(at: now) }
        }
    }

    // MARK: Layout

    /// Bottom (or top) centre, the capsule's visible edge `bottomGap` from that edge. The
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
        let x = (gtk_widget_get_width(widget) - width) / 2
        if edge == .top {
            return GdkRectangle(x: x, y: Self.bottomGap - Int32(margin.top), width: width, height: naturalHeight)
        }
        let bottom = gtk_widget_get_height(widget) - Self.bottomGap + Int32(margin.bottom)
        return GdkRectangle(x: x, y: bottom - naturalHeight, width: width, height: naturalHeight)
    }
}
