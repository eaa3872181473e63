import CGtk
import GtkSupport
import IroCore

/// Open With… (BEHAVIOUR F4): GTK's application chooser for the file's type, then the chosen
/// application opens the file.
@MainActor
enum OpenWith {
    /// Presents the chooser for `path` over `parent`; the chosen application opens it, and
    /// `failed` hears why when it could not.
    @discardableResult
    static func choose(
        for path: RawPath, over parent: UnsafeMutablePointer<GtkWindow>, failed: @escaping @MainActor (String) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let file = path.newGFile()
        defer { g_object_unref(raw(file)) }
        let dialog = gtk_app_chooser_dialog_new(parent, GTK_DIALOG_MODAL, file)!
        let chooser = gcastOpaque(raw(dialog), gtk_app_chooser_get_type())
        onSignal(raw(dialog), "response") { (response: Int32) in
            defer { gtk_window_destroy(gcast(raw(dialog), gtk_window_get_type())) }
            guard response == GTK_RESPONSE_OK.rawValue, let app = gtk_app_chooser_get_app_info(chooser) else { return }
            defer { g_object_unref(raw(app)) }
            if let reason = launch(app, with: path, on: gtk_widget_get_display(dialog)) { failed(reason) }
        }
        gtk_window_present(gcast(raw(dialog), gtk_window_get_type()))
        return dialog
    }

    /// Starts `app` (a `GAppInfo *`) on the file; why it could not, if it could not.
    static func launch(_ app: OpaquePointer, with path: RawPath, on display: OpaquePointer?) -> String? {
        let file = path.newGFile()
        defer { g_object_unref(raw(file)) }
        let files = g_list_append(nil, UnsafeMutableRawPointer(file))
        defer { g_list_free(files) }
        let context = display.flatMap { gdk_display_get_app_launch_context($0) }
        defer { if let context { g_object_unref(raw(context)) } }
        do throws(GLibError) {
            _ = try withGError {
                g_app_info_launch(
                    app, files, context.map { gcast(raw($0), g_app_launch_context_get_type(), as: GAppLaunchContext.self) }, $0)
            }
        } catch { return error.message }
        return nil
    }
}
