import CGtk
import GtkSupport
import IroCore

/// Application → About.
enum AboutDialog {
    static func present(for parent: UnsafeMutablePointer<GtkWindow>?) {
        let dialog: UnsafeMutablePointer<GtkAboutDialog> = cast(gtk_about_dialog_new())
        gtk_about_dialog_set_program_name(dialog, AppInfo.name)
        gtk_about_dialog_set_version(dialog, AppInfo.version)
        gtk_about_dialog_set_logo_icon_name(dialog, AppInfo.id)
        gtk_about_dialog_set_comments(dialog, tr("View images in tabs, zoom with ease, and shift their hue."))
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_GPL_3_0)
        gtk_window_set_modal(dialog.window, 1)
        if let parent { gtk_window_set_transient_for(dialog.window, parent) }
        gtk_window_present(dialog.window)
    }
}
