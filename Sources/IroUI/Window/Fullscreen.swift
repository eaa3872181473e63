import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Fullscreen (BEHAVIOUR F2), one window's: F11, a double-click on the image or the context
/// menu toggle it, Esc leaves it. The image takes the whole screen; the header bar and the
/// tab bar move into a revealer over the image that slides in while the pointer is at the
/// top edge, and the pointer hides after resting for `pointerRestMilliseconds`. Leaving
/// moves them back; the window manager restores the window's geometry.
final class Fullscreen {
    static let pointerRestMilliseconds: UInt32 = 2000
    /// How close to the top edge the pointer brings the bars back.
    static let topEdge = 3.0

    private unowned let window: DocumentWindow
    /// The header bar and the tab bar, and where they go outside fullscreen.
    private let chrome: UnsafeMutablePointer<GtkBox>
    private let frame: UnsafeMutablePointer<GtkBox>
    /// Holds the chrome over the image in fullscreen.
    let revealer: UnsafeMutablePointer<GtkRevealer> = cast(gtk_revealer_new())
    /// Hides the pointer after it rested.
    private var pointerTimer: SourceID?

    init(_ window: DocumentWindow, chrome: UnsafeMutablePointer<GtkBox>, frame: UnsafeMutablePointer<GtkBox>) {
        self.window = window
        self.chrome = chrome
        self.frame = frame
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_widget_set_valign(revealer.widget, GTK_ALIGN_START)
        gtk_overlay_add_overlay(window.root, revealer.widget)
        gtk_widget_set_visible(revealer.widget, 0)
        let leave = window.header.leaveFullscreenButton
        setAction(leave, "win.leave-fullscreen")
        gtk_widget_set_tooltip_text(leave, tr("Leave Fullscreen (Esc)"))
        iro_accessible_set_label(leave, tr("Leave Fullscreen"))
        gtk_widget_set_visible(leave, 0)

        window.actions.add("toggle-fullscreen") { [weak self] in
            guard let self else { return }
            if self.isActive { gtk_window_unfullscreen(self.window.window) } else { gtk_window_fullscreen(self.window.window) }
        }
        window.actions.add("leave-fullscreen", enabled: false) { [weak self] in
            guard let self else { return }
            gtk_window_unfullscreen(self.window.window)
        }
        onNotify(raw(window.window), "fullscreened") { [weak self] in self?.changed() }
        // Slid away, the bars are out of the accessibility tree too (GTK still calls a
        // closed revealer's child visible).
        onNotify(raw(revealer), "child-revealed") { [weak self] in self?.updateChromeAccessibility() }

        // The pointer anywhere over the window (its coordinates: in fullscreen the screen's
        // top edge is at y ≤ 0): bars at the top edge, pointer shown again.
        let motion = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        onSignal(raw(motion), "motion") { [weak self] (_: Double, y: Double) in self?.pointerMoved(y: y) }
        gtk_widget_add_controller(window.window.widget, motion)
    }

    var isActive: Bool { gtk_window_is_fullscreen(window.window) != 0 }

    private func changed() {
        let fullscreen = isActive
        window.actions.setEnabled("leave-fullscreen", fullscreen)
        gtk_widget_set_visible(window.header.leaveFullscreenButton, fullscreen ? 1 : 0)
        // Move the chrome: over the image in fullscreen, above it otherwise.
        g_object_ref(raw(chrome))
        if let parent = gtk_widget_get_parent(chrome.widget), parent == frame.widget {
            gtk_box_remove(frame, chrome.widget)
        } else {
            gtk_revealer_set_child(revealer, nil)
        }
        if fullscreen {
            gtk_revealer_set_child(revealer, chrome.widget)
            gtk_revealer_set_reveal_child(revealer, 0)
            gtk_widget_set_visible(revealer.widget, 1)
        } else {
            gtk_widget_set_visible(revealer.widget, 0)
            gtk_box_prepend(frame, chrome.widget)
        }
        g_object_unref(raw(chrome))
        updateChromeAccessibility()
        showPointer()
    }

    private func updateChromeAccessibility() {
        let hidden = isActive && gtk_revealer_get_child_revealed(revealer) == 0 && gtk_revealer_get_reveal_child(revealer) == 0
        setAccessibleHidden(chrome.widget, hidden)
    }

    private func pointerMoved(y: Double) {
        guard isActive else { return }
        showPointer()
        if y <= Self.topEdge {
            gtk_revealer_set_reveal_child(revealer, 1)
            updateChromeAccessibility()
        } else if gtk_revealer_get_reveal_child(revealer) != 0, y > Double(gtk_widget_get_height(chrome.widget)), !isMenuOpen {
            gtk_revealer_set_reveal_child(revealer, 0)
        }
        pointerTimer = after(milliseconds: Self.pointerRestMilliseconds) { [weak self] in
            guard let self, self.isActive, gtk_revealer_get_reveal_child(self.revealer) == 0 else { return }
            self.pointerTimer = nil
            self.setPointerHidden(true)
        }
    }

    private func showPointer() {
        pointerTimer?.cancel()
        pointerTimer = nil
        setPointerHidden(false)
    }

    private func setPointerHidden(_ hidden: Bool) {
        gtk_widget_set_cursor_from_name(window.root.widget, hidden ? "none" : nil)
        for view in window.views { view.canvas.hidesPointer = hidden }
    }

    /// The primary menu is open: the bars stay while it is (GTK 4.8 has no menu-button "active").
    private var isMenuOpen: Bool {
        gtk_menu_button_get_popover(window.header.menuButton).map { gtk_widget_get_visible($0.widget) != 0 } ?? false
    }

    /// Whether the pointer is hidden over the window (for tests).
    var hidesPointer: Bool { window.selectedView?.canvas.hidesPointer ?? false }
}
