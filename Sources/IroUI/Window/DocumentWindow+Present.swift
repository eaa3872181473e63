import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Presenting on another monitor (BEHAVIOUR F3): "Present on Other Monitor" (Ctrl+Shift+P)
/// puts a `PresentationWindow` full screen there, following the window's active view; the
/// header says where it presents, with a Stop button. Only with a second monitor; when that
/// monitor goes away the presentation ends and a toast says so. With three monitors or more,
/// "Present On" beside it names them (connector and model) to choose one.
extension DocumentWindow {
    func installPresent() {
        actions.add("present") { [weak self] in
            guard let self else { return }
            if self.isPresenting { self.stopPresenting() } else { self.startPresenting() }
        }
        actions.addInt("present-on") { [weak self] index in
            guard let self, self.monitors.indices.contains(Int(index)) else { return }
            let monitor = self.monitors[Int(index)]
            guard self.presentation?.monitor != monitor else { return }
            self.stopPresenting()
            self.startPresenting(on: monitor)
        }
        // Stands for the submenu, which shows only while it is enabled.
        actions.add("present-on-menu") {}
        let stop = gtk_button_new_with_mnemonic(tr("_Stop"))!
        gtk_widget_add_css_class(stop, "destructive-action")
        gtk_widget_set_tooltip_text(stop, tr("Stop Presenting (Ctrl+Shift+P)"))
        iro_accessible_set_label(stop, tr("Stop Presenting"))
        onSignal(raw(stop), "clicked") { [weak self] in self?.stopPresenting() }
        gtk_box_append(presentingIndicator, presentingLabel.widget)
        gtk_box_append(presentingIndicator, stop)
        gtk_widget_set_visible(presentingIndicator.widget, 0)
        adw_header_bar_pack_start(header, presentingIndicator.widget)
        if let menu = gtk_menu_button_get_menu_model(menuButton) {
            addPresentOn(to: menu, after: MenuSections.place(of: "win.present", in: PrimaryMenu.items))
        }
        if let monitors = monitorList {
            onItemsChanged(UnsafeMutableRawPointer(monitors)) { [weak self] _, _, _ in self?.monitorsChanged() }
        }
    }

    var isPresenting: Bool { presentation != nil }

    /// Adds the Present On submenu to `menu` after `place` (Present on Other Monitor's).
    func addPresentOn(to menu: UnsafeMutablePointer<GMenuModel>, after place: (section: Int32, item: Int32)) {
        MenuSections.addSubmenu(
            tr("Present _On"), presentTargets, toSection: place.section, of: menu, after: place.item,
            shownWhileEnabled: "win.present-on-menu")
    }

    private var monitorList: OpaquePointer? {
        gtk_widget_get_display(window.widget).flatMap { gdk_display_get_monitors($0) }
    }

    /// The display's monitors (+0 each).
    var monitors: [OpaquePointer] {
        guard let list = monitorList else { return [] }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(item) // the list keeps it
            return OpaquePointer(item)
        }
    }

    /// A monitor other than the one this window is on (the first such).
    var otherMonitor: OpaquePointer? {
        let mine = ownMonitor
        return monitors.first { $0 != mine }
    }

    private var ownMonitor: OpaquePointer? {
        gtk_native_get_surface(OpaquePointer(window)).flatMap { surface in
            gtk_widget_get_display(window.widget).flatMap { gdk_display_get_monitor_at_surface($0, surface) }
        }
    }

    /// "DUMMY1 (model)": how the header and the toast name a monitor.
    static func name(of monitor: OpaquePointer) -> String {
        let connector = string(gdk_monitor_get_connector(monitor)) ?? tr("another monitor")
        guard let model = string(gdk_monitor_get_model(monitor)), !model.isEmpty, model != connector else { return connector }
        // TRANSLATORS: a monitor: its connector, then its model: "HDMI-1 (DELL U2720Q)".
        return tr("%1$s (%2$s)", connector, model)
    }

    func startPresenting(on chosen: OpaquePointer? = nil) {
        guard presentation == nil, monitors.count > 1, let monitor = chosen ?? otherMonitor else { return }
        let presentation = PresentationWindow(on: monitor)
        presentation.onStop = { [weak self] in self?.stopPresenting() }
        self.presentation = presentation
        presentation.show()
        presentation.follow(activeCanvas)
        present() // the keyboard stays with the controller, not the presentation
        gtk_label_set_text(presentingLabel, tr("Presenting on %s", Self.name(of: monitor)))
        gtk_widget_set_visible(presentingIndicator.widget, 1)
        update()
    }

    /// Ends the presentation; `reason`, if given, is said in a toast.
    func stopPresenting(reason: String? = nil) {
        guard let presentation else { return }
        self.presentation = nil
        presentation.close()
        gtk_widget_set_visible(presentingIndicator.widget, 0)
        if let reason { toast(reason) }
        update()
    }

    private func monitorsChanged() {
        if let presentation, !monitors.contains(presentation.monitor) {
            stopPresenting(reason: tr("The presentation ended: its monitor was disconnected"))
        }
        update()
        // GDK names a monitor it adds only after saying it was added: the names once it has.
        _ = after(milliseconds: 0) { [weak self] in self?.update() }
    }

    /// Called by `update()`: the action's sensitivity, and the presentation following the active view.
    func updatePresenting() {
        actions.setEnabled("present", isPresenting || monitors.count > 1)
        actions.setEnabled("present-on-menu", monitors.count > 2)
        updatePresentTargets()
        presentation?.follow(activeCanvas)
    }

    /// The Present On submenu: every monitor but this window's, by name, with three or more.
    private func updatePresentTargets() {
        let all = monitors, mine = ownMonitor
        let others = all.count > 2 ? all.indices.filter { all[$0] != mine } : []
        MenuSections.setItems(
            of: presentTargets, to: others.map { (label: Self.name(of: all[$0]), target: Int32($0)) }, action: "win.present-on")
    }
}
