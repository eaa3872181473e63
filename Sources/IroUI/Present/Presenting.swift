import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// Presenting on another monitor (BEHAVIOUR F3), one window's: "Present on Other Monitor"
/// (Ctrl+Shift+P) puts a `PresentationWindow` full screen there, following the window's
/// active view; the header says where it presents, with a Stop button. Only with a second
/// monitor; when that monitor goes away the presentation ends and a toast says so. With three
/// monitors or more, "Present On" beside it names them (connector and model) to choose one.
final class Presenting {
    private unowned let window: DocumentWindow
    /// The image full screen on another monitor, while presenting (tests and benchmarks put
    /// one on Xvfb's single monitor).
    var presentation: PresentationWindow?
    /// The header's "Presenting on …" and its Stop button.
    private let indicator: UnsafeMutablePointer<GtkBox> = cast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    private let label: UnsafeMutablePointer<GtkLabel> = cast(gtk_label_new(nil))
    /// The Present On submenu's items, with three monitors or more: the others.
    let targets = g_menu_new()!
    /// GTK's cookie for the idle inhibition held while presenting (0: none).
    private(set) var idleInhibition: UInt32 = 0
    /// The presenter's view of a document presented: next page, page, time (BEHAVIOUR G9).
    let panel = PresenterPanel()

    init(_ window: DocumentWindow) {
        self.window = window
        let actions = window.actions
        actions.add("present") { [weak self] in
            guard let self else { return }
            if self.isActive { self.stop() } else { self.start() }
        }
        actions.addInt("present-on") { [weak self] index in
            guard let self, let monitor = self.monitors.indices.contains(Int(index)) ? self.monitors[Int(index)] : nil else { return }
            guard self.presentation?.monitor != monitor.handle else { return }
            self.stop()
            self.start(on: monitor)
        }
        // Stands for the submenu, which shows only while it is enabled.
        actions.add("present-on-menu") {}
        // B, as presentation clickers send it: the presentation goes black, and back.
        actions.add("blank-presentation", enabled: false) { [weak self] in
            guard let self, let presentation = self.presentation else { return }
            presentation.setBlank(!presentation.isBlank)
            self.updatePanel()
        }
        // A column right of the tabs, not over the page: the page keeps all of itself in view.
        if let body = window.body { gtk_box_append(body, panel.widget) }
        // `held`: the next page, drawn ahead, is ready to preview.
        window.selection.observe([DocumentModel.Property.pages, DocumentModel.Property.status, DocumentModel.Property.held]) {
            [weak self] in self?.updatePanel()
        }
        let stop = gtk_button_new_with_mnemonic(tr("_Stop"))!
        gtk_widget_add_css_class(stop, "destructive-action")
        gtk_widget_set_tooltip_text(stop, tr("Stop Presenting (Ctrl+Shift+P)"))
        iro_accessible_set_label(stop, tr("Stop Presenting"))
        onSignal(raw(stop), "clicked") { [weak self] in self?.stop() }
        gtk_box_append(indicator, label.widget)
        gtk_box_append(indicator, stop)
        gtk_widget_set_visible(indicator.widget, 0)
        window.header.packStart(indicator.widget)
        addPresentOn(to: window.header.menu, after: MenuSections.place(of: "win.present", in: PrimaryMenu.items))
        if let display = gtk_widget_get_display(window.window.widget), let list = Monitors.list(of: display) {
            onItemsChanged(UnsafeMutableRawPointer(list)) { [weak self] _, _, _ in self?.monitorsChanged() }
        }
        monitorsChanged()
    }

    var isActive: Bool { presentation != nil }

    /// Adds the Present On submenu to `menu` after `place` (Present on Other Monitor's).
    func addPresentOn(to menu: UnsafeMutablePointer<GMenuModel>, after place: (section: Int32, item: Int32)) {
        MenuSections.addSubmenu(
            tr("Present _On"), targets, toSection: place.section, of: menu, after: place.item,
            shownWhileEnabled: "win.present-on-menu")
    }

    /// The display's monitors.
    var monitors: [Monitors.Monitor] { gtk_widget_get_display(window.window.widget).map(Monitors.of) ?? [] }

    /// A monitor other than the one this window is on (the first such).
    var otherMonitor: Monitors.Monitor? {
        let mine = ownMonitor
        return monitors.first { $0.handle != mine }
    }

    private var ownMonitor: OpaquePointer? {
        gtk_native_get_surface(OpaquePointer(window.window)).flatMap { surface in
            gtk_widget_get_display(window.window.widget).flatMap { gdk_display_get_monitor_at_surface($0, surface) }
        }
    }

    /// "DUMMY1 (model)": how the header and the toast name a monitor.
    static func name(of monitor: Monitors.Monitor) -> String {
        let connector = monitor.connector.isEmpty ? tr("another monitor") : monitor.connector
        let model = monitor.model
        guard !model.isEmpty, model != connector else { return connector }
        // TRANSLATORS: a monitor: its connector, then its model: "HDMI-1 (DELL U2720Q)".
        return tr("%1$s (%2$s)", connector, model)
    }

    func start(on chosen: Monitors.Monitor? = nil) {
        guard presentation == nil, monitors.count > 1, let monitor = chosen ?? otherMonitor else { return }
        let presentation = PresentationWindow(on: monitor.handle)
        presentation.onStop = { [weak self] in self?.stop() }
        self.presentation = presentation
        presentation.show()
        presentation.follow(window.activeCanvas)
        window.present() // the keyboard stays with the controller, not the presentation
        gtk_label_set_text(label, tr("Presenting on %s", Self.name(of: monitor)))
        gtk_widget_set_visible(indicator.widget, 1)
        inhibitIdle(true)
        updateActions()
        updatePanel()
    }

    /// The presenter's panel follows the selected document while presenting.
    func updatePanel() {
        panel.show(presentation == nil ? nil : window.selectedModel, blank: presentation?.isBlank ?? false)
        window.actions.setEnabled("blank-presentation", presentation != nil)
    }

    /// While presenting, the screensaver and the idle blanking stay off (a projector must
    /// not go dark mid-talk): GTK asks the session manager, or the desktop portal.
    private func inhibitIdle(_ inhibits: Bool) {
        guard let application = gtk_window_get_application(window.window) else { return }
        if inhibits, idleInhibition == 0 {
            idleInhibition = gtk_application_inhibit(application, window.window, GTK_APPLICATION_INHIBIT_IDLE, tr("Presenting"))
        } else if !inhibits, idleInhibition != 0 {
            gtk_application_uninhibit(application, idleInhibition)
            idleInhibition = 0
        }
    }

    /// Ends the presentation; `reason`, if given, is said in a toast.
    func stop(reason: String? = nil) {
        guard let presentation else { return }
        self.presentation = nil
        presentation.close()
        inhibitIdle(false)
        updatePanel()
        gtk_widget_set_visible(indicator.widget, 0)
        if let reason { window.toasts.show(reason) }
        updateActions()
    }

    /// The window is going: its presentation goes with it.
    func windowClosing() {
        presentation?.close()
        presentation = nil
        inhibitIdle(false)
    }

    /// The presentation follows the window's active view (another tab, a compare pane); the
    /// monitors offered are those the window is not on.
    func activeCanvasChanged() {
        presentation?.follow(window.activeCanvas)
        updateActions()
        updatePanel()
    }

    private func monitorsChanged() {
        if let presentation, !monitors.contains(where: { $0.handle == presentation.monitor }) {
            stop(reason: tr("The presentation ended: its monitor was disconnected"))
        }
        updateActions()
        // GDK names a monitor it adds only after saying it was added: the names once it has.
        _ = after(milliseconds: 0) { [weak self] in self?.updateActions() }
    }

    /// The actions' sensitivity, and the Present On submenu: every monitor but this window's,
    /// by name, with three or more.
    private func updateActions() {
        let all = monitors, mine = ownMonitor
        window.actions.setEnabled("present", isActive || all.count > 1)
        window.actions.setEnabled("present-on-menu", all.count > 2)
        let others = all.count > 2 ? all.indices.filter { all[$0].handle != mine } : []
        MenuSections.setItems(of: targets, to: others.map { (label: Self.name(of: all[$0]), target: Int32($0)) }, action: "win.present-on")
    }
}
