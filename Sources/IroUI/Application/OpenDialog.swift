import CGtk
import FoundationEssentials
import GtkSupport
import IroCore
import IroImaging

/// The Open dialog (BEHAVIOUR A3): several files at once, filtered to what the
/// installed gdk-pixbuf loaders read. GtkFileChooserNative (GTK 4.8 has no
/// GtkFileDialog), so the desktop portal's chooser is used where there is one.
enum OpenDialog {
    /// `notePackages`: choose `*.notesdoc` folders (BEHAVIOUR A8) instead of image files;
    /// a file chooser in file mode walks into folders rather than returning them.
    static func present(
        for parent: UnsafeMutablePointer<GtkWindow>?, notePackages: Bool = false,
        _ completion: @escaping @MainActor ([RawPath]) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(
            notePackages ? tr("Open Note Packages") : tr("Open Images"), parent,
            notePackages ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN,
            tr("_Open"), tr("_Cancel"))!
        let fileChooser: UnsafeMutablePointer<GtkFileChooser> = cast(chooser)
        gtk_file_chooser_set_select_multiple(fileChooser, 1)
        if !notePackages {
            let images = gtk_file_filter_new()!
            gtk_file_filter_set_name(images, tr("Images and Documents"))
            gtk_file_filter_add_pixbuf_formats(images)
            for type in ImageFormats.documentMimeTypes.union(ImageFormats.decodedImageMimeTypes).sorted() {
                gtk_file_filter_add_mime_type(images, type)
            }
            gtk_file_chooser_add_filter(fileChooser, images)
            let all = gtk_file_filter_new()!
            gtk_file_filter_set_name(all, tr("All Files"))
            gtk_file_filter_add_pattern(all, "*")
            gtk_file_chooser_add_filter(fileChooser, all)
        }

        onSignal(raw(chooser), "response") { (response: Int32) in
            let accepted = response == GTK_RESPONSE_ACCEPT.rawValue
            var paths: [RawPath] = []
            if accepted, let list = gtk_file_chooser_get_files(fileChooser) {
                for index in 0..<g_list_model_get_n_items(list) {
                    guard let item = g_list_model_get_item(list, index) else { continue }
                    if let path = RawPath(locationOf: gcastOpaque(item, g_file_get_type())) { paths.append(path) }
                    g_object_unref(item)
                }
                g_object_unref(raw(list))
            }
            g_object_unref(raw(chooser)) // the reference from _new, kept until the answer
            completion(paths)
        }
        gtk_native_dialog_show(cast(chooser))
    }
}
