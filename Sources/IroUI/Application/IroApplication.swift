import CGtk
import CGtkShims
import FoundationEssentials
import GtkSupport
import IroCore
import IroImaging

/// The application: single instance over D-Bus, its windows, and the
/// app-wide actions (BEHAVIOUR A3, E3).
///
/// Every way in ends in `open(_:newWindow:)`: the command line (of this process
/// or of a second launch, which GApplication forwards here and then exits),
/// GApplication's `open` (D-Bus activation), the Open dialog and drops.
public final class IroApplication {
    public let application: UnsafeMutablePointer<AdwApplication>
    /// Windows in creation order.
    private(set) var windows: [DocumentWindow] = []
    /// Which document is in which window, in what order, and which window was used last.
    /// The windows, in creation and activation order (their tabs are their AdwTabViews').
    var windowOrder = WindowOrder()
    /// How much full-resolution image data tabs in the background may keep.
    var residency = ResidencyPolicy()
    let actions: ActionGroup
    /// Drops our reference to the GApplication when this object goes.
    private let ownership: ObjectRef

    /// GLib allows setting the application name once per process.
    private static let nameApplicationOnce: Void = g_set_application_name(AppInfo.name)

    /// `id` other than Iro's own is for tests, which run several applications in one process.
    public init(id: String = AppInfo.id, flags extra: GApplicationFlags = GApplicationFlags(0)) {
        Resources.register
        let flags = GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | extra.rawValue)
        application = adw_application_new(id, flags)!
        ownership = ObjectRef(taking: raw(application))
        // Resources (stylesheet, icons) live under Iro's path whatever the id.
        g_application_set_resource_base_path(gcast(raw(application), g_application_get_type()), "/io/github/iroviewer/Iro")
        actions = ActionGroup(map: raw(application))
        Self.nameApplicationOnce
        CommandLineOptions.install(on: raw(application))
        onSignalWithPointerReturningInt(raw(application), "handle-local-options") { [weak self] options in
            let status = CommandLineOptions.handleLocal(options)
            // Before registering, which starts GTK and libadwaita in a first instance.
            EmptyThemeAtStart.settle(startingGTK: status < 0)
            if status >= 0 || self?.registerAndCheckIfRemote() == true { StartupDecode.cancel() }
            return status
        }
        onSignalWithPointerReturningInt(raw(application), "command-line") { [weak self] commandLine in
            guard let self, let commandLine else { return 1 }
            let request = CommandLineOptions.request(from: cast(commandLine))
            self.open(request.files, newWindow: request.newWindow)
            return 0
        }
        onOpen(raw(application)) { [weak self] files in
            self?.open(files.compactMap(RawPath.init(locationOf:)), newWindow: false)
        }
        onSignal(raw(application), "activate") { [weak self] in self?.open([], newWindow: false) }
        onSignal(raw(application), "startup") { [weak self] in self?.startup() }
    }

    /// Runs the main loop with the process's arguments; returns the exit status.
    public func run() -> Int32 {
        MainLoopBridge.attach()
        return g_application_run(gcast(raw(application), g_application_get_type()), CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// Called when this process turns out to be the first instance after all (one that ran
    /// when asked has quit since): it then starts what a first launch starts before GTK.
    public var onFirstInstanceStartup: (@MainActor () -> Void)?

    /// Registers on the session bus (what `g_application_run` does next anyway) and tells
    /// whether another process is the primary instance, which this one hands its files to.
    private func registerAndCheckIfRemote() -> Bool {
        let app = gcast(raw(application), g_application_get_type(), as: GApplication.self)
        do { _ = try withGError { g_application_register(app, nil, $0) } } catch {
            Log.debug("registering before the command line is handled: \(error.message)")
            return false
        }
        return g_application_get_is_remote(app) != 0
    }

    private func startup() {
        Trace.mark("GTK started")
        onFirstInstanceStartup?()
        onFirstInstanceStartup = nil
        installActions()
        for section in Accelerators.all {
            // The window handles the other keys itself (Browsing), and every key that types
            // text, so that a focused text field gets it first.
            for entry in section.entries where entry.precedence == .beforeWidgets {
                let keys = entry.keys.filter { !Accelerators.typesText($0) }
                if !keys.isEmpty { setAccelerators(raw(application), entry.action, keys) }
            }
        }
    }

    // MARK: Opening

    /// Opens `paths` as tabs of the most recently active window (or a new one),
    /// or shows an empty window when there is nothing to open.
    public func open(_ paths: [RawPath], newWindow: Bool) {
        // A second launch's first file, for a window already shown, decodes while its tab
        // is built (a first launch's began in `main`). Not for a new window: under GTK 4.8, a
        // second window whose tab showed its image before the window was presented did not
        // appear on the accessibility bus (the end-to-end tabs tests saw it missing).
        if let first = paths.first, !newWindow, activeWindow != nil, StartupDecode.pending?.path != first {
            StartupDecode.cancel()
            StartupDecode.begin(path: first, detail: DocumentModel.screenDetail)
        }
        let target: DocumentWindow
        if !newWindow, let active = activeWindow {
            target = active
        } else if !newWindow, paths.isEmpty, let any = windows.last {
            target = any
        } else {
            target = makeWindow()
        }
        Trace.mark("window built")
        // The first file's tab now, the others once the window has shown it: two hundred
        // tabs take most of a second to build, and the image should not wait for them.
        if let first = paths.first {
            target.open(first, select: true)
            StartupTrace.followTab(in: target)
        }
        Trace.mark("first tab added")
        target.present()
        Trace.mark("window presented")
        // Shown without a file: a decoder helper starts once the window is drawn, so that
        // the first image opened does not wait for one (BEHAVIOUR F5).
        if paths.isEmpty, let pool = DecoderPool.active {
            _ = addIdle {
                pool.warmUp()
                return false
            }
        }
        if paths.count > 1 { target.openAfterNextFrame(Array(paths.dropFirst())) }
    }

    /// The most recently active window (BEHAVIOUR A3: a second launch's files go there).
    var activeWindow: DocumentWindow? {
        if let id = windowOrder.mostRecent, let window = window(id) { return window }
        return windows.last
    }

    func window(_ id: WindowID) -> DocumentWindow? { windows.first { $0.id == id } }

    @discardableResult
    func makeWindow() -> DocumentWindow {
        let window = DocumentWindow(id: windowOrder.add(), owner: self)
        windows.append(window)
        return window
    }

    func windowDestroyed(_ window: DocumentWindow) {
        // The window's widgets are already being disposed; each DocumentView cancels
        // its own load when its widget goes.
        windowOrder.remove(window.id)
        windows.removeAll { $0 === window }
    }

    /// Keeps the memory the documents hold within the budget as `model` takes more.
    func holdsMemory(_ model: DocumentModel) {
        model.observable.observe(DocumentModel.Property.held) { [weak self] in self?.rebalanceMemory() }
    }

    /// Trims tabs in the background to screen-sized levels, least recently shown first,
    /// until their decoded pixels fit the budget.
    func rebalanceMemory() {
        var trims: [DocumentID: @MainActor () -> Void] = [:]
        var entries: [ResidencyPolicy.Entry] = []
        for window in windows {
            let shown = window.selectedModel
            for model in window.models {
                trims[model.document.id] = { [weak model] in model?.trimToScreenSize() }
                entries.append(
                    .init(
                        id: model.document.id, bytes: model.decodedBytes,
                        lastShown: model.lastShown, isShown: model === shown))
                // Images decoded ahead count like the tab in the background shown most
                // recently: the next step needs them sooner than an older tab needs more
                // than its screen-sized levels (and dropping them only for a step to
                // decode them again would waste the work).
                trims[model.preloadID] = { [weak model] in model?.preloader.dropAll() }
                entries.append(.init(id: model.preloadID, bytes: model.preloader.bytes, lastShown: .infinity, isShown: false))
            }
        }
        let trimmed = residency.documentsToTrim(entries)
        for id in trimmed { trims[id]?() }
        if !trimmed.isEmpty { returnMemorySoon() }
    }

    private var memoryReturn: SourceID?

    /// Once closed tabs have let go of their pixels and widgets (a moment later, after
    /// their decodes have noticed the cancel), hands the free heap pages back.
    func returnMemorySoon() {
        memoryReturn?.cancel()
        memoryReturn = addTimeout(milliseconds: 500) { [weak self] in
            self?.memoryReturn = nil
            HeapTuning.returnFreeMemory()
            return false
        }
    }

    // MARK: Moving tabs between windows (BEHAVIOUR B4)

    /// "Move Tab to New Window": the tab goes to a window of its own (not its window's last tab).
    func moveToNewWindow(_ document: DocumentID) {
        guard let source = windows.first(where: { $0.page(of: document) != nil }), source.pageCount > 1 else { return }
        let target = makeWindow()
        source.transfer(document, to: target)
        target.present()
    }

    /// "Merge All Windows": every tab joins the most recent window, in window order.
    func mergeAllWindows() {
        guard let target = activeWindow else { return }
        for source in windowOrder.windows.compactMap(window) where source !== target {
            for model in source.models { source.transfer(model.document.id, to: target) }
        }
        target.present()
    }

    private func installActions() {
        actions.add("open") { [weak self] in
            OpenDialog.present(for: self?.activeWindow?.window) { paths in
                guard !paths.isEmpty else { return }
                self?.open(paths, newWindow: false)
            }
        }
        actions.add("open-note-package") { [weak self] in
            OpenDialog.present(for: self?.activeWindow?.window, notePackages: true) { paths in
                guard !paths.isEmpty else { return }
                self?.open(paths, newWindow: false)
            }
        }
        actions.add("new-window") { [weak self] in self?.makeWindow().present() }
        actions.add("merge-all-windows") { [weak self] in self?.mergeAllWindows() }
        actions.add("quit") { [weak self] in
            guard let self else { return }
            // A window with unsaved edits asks first (BEHAVIOUR D7), and stays if kept.
            for window in self.windows {
                if window.models.contains(where: UnsavedEditsDialog.hasChanges) { gtk_window_close(window.window) } else { window.close() }
            }
        }
        actions.add("about") { [weak self] in AboutDialog.present(for: self?.activeWindow?.window) }
        actions.add("preferences") { [weak self] in PreferencesWindow.present(for: self?.activeWindow?.window) }
    }
}
