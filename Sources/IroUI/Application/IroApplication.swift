import CGtk
import CGtkShims
import Foundation
import GtkSupport
import IroCore

/// The application: single instance over D-Bus, its windows, and the
/// app-wide actions (SPEC A3, E3).
///
/// Every way in ends in `open(_:newWindow:)`: the command line (of this process
/// or of a second launch, which GApplication forwards here and then exits),
/// GApplication's `open` (D-Bus activation), the Open dialog and drops.
public final class IroApplication {
    public let application: UnsafeMutablePointer<AdwApplication>
    private(set) var windows: [DocumentWindow] = []
    let actions: ActionGroup
    /// Drops our reference to the GApplication when this object goes.
    private let ownership: ObjectRef

    /// `id` other than Iro's own is for tests, which run several applications in one process.
    public init(id: String = AppInfo.id, flags extra: GApplicationFlags = GApplicationFlags(0)) {
        Resources.register()
        let flags = GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | extra.rawValue)
        application = adw_application_new(id, flags)!
        ownership = ObjectRef(taking: raw(application))
        // Resources (stylesheet, icons) live under Iro's path whatever the id.
        g_application_set_resource_base_path(gcast(raw(application), g_application_get_type()), "/io/github/iroviewer/Iro")
        actions = ActionGroup(map: raw(application))
        g_set_application_name(AppInfo.name)
        CommandLineOptions.install(on: raw(application))
        onSignalWithPointerReturningInt(raw(application), "handle-local-options") { options in
            CommandLineOptions.handleLocal(options)
        }
        onSignalWithPointerReturningInt(raw(application), "command-line") { [weak self] commandLine in
            guard let self, let commandLine else { return 1 }
            let request = CommandLineOptions.request(from: asCommandLine(commandLine))
            self.open(request.files, newWindow: request.newWindow)
            return 0
        }
        onOpen(raw(application)) { [weak self] files in
            let urls = files.compactMap { takeString(g_file_get_path($0)).map(URL.init(fileURLWithPath:)) }
            self?.open(urls, newWindow: false)
        }
        onSignal(raw(application), "activate") { [weak self] in self?.open([], newWindow: false) }
        onSignal(raw(application), "startup") { [weak self] in self?.startup() }
    }

    /// Runs the main loop with the process's arguments; returns the exit status.
    public func run() -> Int32 {
        MainLoopBridge.attach()
        return g_application_run(gcast(raw(application), g_application_get_type()), CommandLine.argc, CommandLine.unsafeArgv)
    }

    private func startup() {
        installActions()
        for section in Accelerators.all {
            for entry in section.entries { setAccelerators(raw(application), entry.action, entry.keys) }
        }
    }

    // MARK: Opening

    /// Opens `urls` as tabs of the most recently active window (or a new one),
    /// or shows an empty window when there is nothing to open.
    public func open(_ urls: [URL], newWindow: Bool) {
        let target: DocumentWindow
        if !newWindow, let active = activeWindow {
            target = active
        } else if !newWindow, urls.isEmpty, let any = windows.last {
            target = any
        } else {
            target = makeWindow()
        }
        for (index, url) in urls.enumerated() { target.open(url, select: index == 0) }
        target.present()
    }

    /// The window GTK considers most recently focused.
    var activeWindow: DocumentWindow? {
        guard let window = gtk_application_get_active_window(gcast(raw(application), gtk_application_get_type())) else {
            return windows.last
        }
        return DocumentWindow.key.get(raw(window)) ?? windows.last
    }

    @discardableResult
    func makeWindow() -> DocumentWindow {
        let window = DocumentWindow(application: raw(application))
        window.onClosed = { [weak self] closed in self?.windows.removeAll { $0 === closed } }
        windows.append(window)
        return window
    }

    private func installActions() {
        actions.add("open") { [weak self] in
            OpenDialog.present(for: self?.activeWindow?.window) { urls in
                guard !urls.isEmpty else { return }
                self?.open(urls, newWindow: false)
            }
        }
        actions.add("new-window") { [weak self] in self?.makeWindow().present() }
        actions.add("quit") { [weak self] in
            guard let self else { return }
            for window in self.windows { gtk_window_destroy(asWindow(window.window)) }
        }
        actions.add("about") { [weak self] in AboutDialog.present(for: self?.activeWindow?.window) }
    }
}
