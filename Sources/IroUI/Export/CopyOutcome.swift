import GtkSupport
import IroCore
import IroImaging

/// How a Save a Copy ends (BEHAVIOUR D6, I4): `work` writes the copy off the main thread; a
/// failure is shown in a dialog, a success in a toast naming the copy.
enum CopyOutcome {
    static func run(in window: DocumentWindow, naming name: String, _ work: @escaping @Sendable () async -> ExportError?) {
        Task { [weak window] in
            let failure = await work()
            guard let window else { return }
            if let failure {
                ExportFailureDialog.present(failure, parent: window.window, heading: tr("Could Not Save"))
            } else {
                window.toasts.show(tr("Saved a copy as “%s”", name))
            }
        }
    }
}
