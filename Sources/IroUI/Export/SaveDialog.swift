import CGtk
import FoundationEssentials
import GtkSupport
import IroCore

/// Asks where to save one file. GtkFileChooserNative (GTK 4.8 has no GtkFileDialog), so
/// the desktop portal's chooser is used where there is one; it asks before replacing an
/// existing file. `offersPDF`: PDF documents are a choice too, and the first one shown.
enum SaveDialog {
    static func present(
        for parent: UnsafeMutablePointer<GtkWindow>?, title: String, acceptLabel: String,
        suggestedName: String, folder: RawPath, offersPDF: Bool = false, _ completion: @escaping @MainActor (RawPath?) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(
            title, parent, GTK_FILE_CHOOSER_ACTION_SAVE,
            acceptLabel, tr("_Cancel"))!
        let fileChooser: UnsafeMutablePointer<GtkFileChooser> = cast(chooser)
        let native: UnsafeMutablePointer<GtkNativeDialog> = cast(chooser)
        gtk_native_dialog_set_modal(native, 1)
        let start = folder.newGFile()
        _ = gtk_file_chooser_set_current_folder(fileChooser, start, nil)
        g_object_unref(raw(start))
        gtk_file_chooser_set_current_name(fileChooser, suggestedName)
        if offersPDF {
            let documents = gtk_file_filter_new()!
            gtk_file_filter_set_name(documents, tr("PDF Documents"))
            gtk_file_filter_add_mime_type(documents, "application/pdf")
            gtk_file_chooser_add_filter(fileChooser, documents)
        }
        let images = gtk_file_filter_new()!
        gtk_file_filter_set_name(images, tr("PNG and JPEG Images"))
        gtk_file_filter_add_mime_type(images, "image/png")
        gtk_file_filter_add_mime_type(images, "image/jpeg")
        gtk_file_chooser_add_filter(fileChooser, images)

        onSignal(raw(chooser), "response") { (response: Int32) in
            var destination: RawPath?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(fileChooser) {
                destination = RawPath(locationOf: file) // a GVfs folder too (BEHAVIOUR A13)
                g_object_unref(raw(file))
            }
            g_object_unref(raw(chooser)) // the reference from _new, kept until the answer
            completion(destination)
        }
        gtk_native_dialog_show(native)
    }
}
