import CGtk
import CGtkShims
import GtkSupport

/// The header bar's primary menu (BEHAVIOUR E3).
enum PrimaryMenu {
    static let items: [[(label: String, action: String)]] = [
        [("_Open…", "app.open"), ("Open _Note Package…", "app.open-note-package"), ("_New Window", "app.new-window")],
        [
            ("Open _With…", "win.open-with"), ("_Copy", "win.copy"), ("Copy _Path", "win.copy-path"),
            ("Show in _Folder", "win.show-in-folder"), ("Image _Properties", "win.properties"),
            ("Move to T_rash", "win.trash"), ("Set as _Background", "win.set-background"), ("_Print…", "win.print"),
            ("_Export Adjusted Copy…", "win.export-copy"),
        ],
        [
            ("Present on _Other Monitor", "win.present"), ("_Move Tab to New Window", "win.move-tab-to-new-window"),
            ("_Merge All Windows", "app.merge-all-windows"),
        ],
        [("_Keyboard Shortcuts", "win.show-help-overlay"), ("_About Iro", "app.about")],
    ]

    static func button() -> UnsafeMutablePointer<GtkWidget> {
        let menu = MenuSections.model(items)
        let button: UnsafeMutablePointer<GtkMenuButton> = cast(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(button, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(button, menu)
        gtk_menu_button_set_primary(button, 1)
        gtk_widget_set_tooltip_text(button.widget, "Main Menu (F10)")
        iro_accessible_set_label(button.widget, "Main Menu")
        g_object_unref(raw(menu))
        return button.widget
    }
}
