import CGtk
import GtkSupport
import IroCore

/// Stepping through the selected tab's folder (BEHAVIOUR F1): the actions, the keys that
/// go to them after the focused widget had its chance, the mouse's back and forward
/// buttons, and the header's buttons and position.
extension DocumentWindow {
    func installBrowsing() {
        let steps: [(String, DocumentView.Step)] = [
            ("next-image", .next), ("previous-image", .previous), ("first-image", .first), ("last-image", .last),
        ]
        for (name, step) in steps {
            actions.add(name, enabled: false) { [weak self] in self?.selectedView?.go(step) }
        }
        actions.add("open-in-new-tab", enabled: false) { [weak self] in
            guard let self, let view = self.selectedView else { return }
            self.open(view.document.path, select: false)
        }
        installKeysAfterFocus()
        installBackForwardButtons()
    }

    func updateBrowsing() {
        let view = selectedView
        actions.setEnabled("next-image", view?.target(of: .next) != nil)
        actions.setEnabled("previous-image", view?.target(of: .previous) != nil)
        actions.setEnabled("first-image", view?.target(of: .first) != nil)
        actions.setEnabled("last-image", view?.target(of: .last) != nil)
        actions.setEnabled("open-in-new-tab", view.map { !NotePackage.isPackageName($0.document.path) } ?? false)
        stepButtons.explain(view?.browsingUnavailableReason)
        gtk_widget_set_visible(stepButtons.widget, view == nil ? 0 : 1)
    }

    /// Keys that step only when the focused widget does not use them: the arrows scroll a
    /// zoomed image (the canvas takes them while it can) and move the hue slider. A
    /// bubble-phase shortcut controller on the window sees what the focus widget left;
    /// the application's accelerators would come first (they run in the capture phase).
    private func installKeysAfterFocus() {
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
        for section in Accelerators.all {
            for entry in section.entries where entry.afterFocus {
                for key in entry.keys {
                    guard let trigger = gtk_shortcut_trigger_parse_string(key) else { continue }
                    gtk_shortcut_controller_add_shortcut(
                        controller, gtk_shortcut_new(trigger, gtk_named_action_new(entry.action)))
                }
            }
        }
        gtk_widget_add_controller(window.widget, controller)
    }

    /// The mouse's back (8) and forward (9) buttons step, as in a browser.
    private func installBackForwardButtons() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        onSignal(raw(click), "pressed") { [weak self] (_: Int32, _: Double, _: Double) in
            switch gtk_gesture_single_get_current_button(click) {
            case 8: self?.actions.activate("previous-image")
            case 9: self?.actions.activate("next-image")
            default: return
            }
        }
        gtk_widget_add_controller(window.widget, click)
    }
}
