import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The header bar's primary menu (BEHAVIOUR E3).
enum PrimaryMenu {
    static let items: [[(label: String, action: String)]] = [
        [
            (tr("_Open…"), "app.open"), (tr("Open _Note Package…"), "app.open-note-package"), (tr("_New Window"), "app.new-window"),
            (tr("New _Whiteboard"), "win.new-whiteboard"),
        ],
        [
            (tr("Open _With…"), "win.open-with"), (tr("_Copy"), "win.copy"), (tr("Copy _Path"), "win.copy-path"),
            (tr("Show in _Folder"), "win.show-in-folder"), (tr("Image _Properties"), "win.properties"),
            (tr("Move to T_rash"), "win.trash"), (tr("Set as _Background"), "win.set-background"), (tr("_Print…"), "win.print"),
        ],
        [(tr("_Edit"), "win.edit"), (tr("_Save"), "win.save"), (tr("Save a Cop_y…"), "win.save-copy")],
        [(tr("_Markup"), "win.markup"), (tr("Save Mar_kup…"), "win.save-markup")],
        [
            (tr("All _Images of the Folder"), "win.folder-overview"), (tr("Thumbnail _Strip"), "win.thumbnail-strip"),
            (tr("Contin_uous Pages"), "win.continuous-pages"), (tr("Page T_humbnails"), "win.page-sidebar"),
        ],
        [
            (tr("Present on _Other Monitor"), "win.present"), (tr("_Move Tab to New Window"), "win.move-tab-to-new-window"),
            (tr("_Merge All Windows"), "app.merge-all-windows"),
        ],
        [(tr("Pr_eferences"), "app.preferences"), (tr("_Keyboard Shortcuts"), "win.show-help-overlay"), (tr("_About Iro"), "app.about")],
    ]

    /// The menu's model (+1).
    static func model() -> UnsafeMutablePointer<GMenuModel> { MenuSections.model(items) }

    /// The menu's button for `menu`. Its popover is made the first time the menu opens (a
    /// click, F10), and handed to `made`: making its thirty-odd items took 5 ms of every
    /// window's start, before the first frame.
    static func button(
        for menu: UnsafeMutablePointer<GMenuModel>, made: @escaping @MainActor (UnsafeMutablePointer<GtkPopover>) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkMenuButton> = cast(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(button, "open-menu-symbolic")
        typealias Make = @MainActor (UnsafeMutablePointer<GtkMenuButton>) -> Void
        let make: Make = { button in
            gtk_menu_button_set_menu_model(button, menu)
            // Once: GTK 4.8 calls this at every opening while it is set, and each call
            // would make the popover anew.
            gtk_menu_button_set_create_popup_func(button, nil, nil, nil)
            if let popover = gtk_menu_button_get_popover(button) { made(popover) }
        }
        gtk_menu_button_set_create_popup_func(
            button,
            { button, data in
                guard let button, let make = ClosureBox<Make>.from(data)?.call else { return }
                MainActor.assumeIsolated { make(button) }
            }, ClosureBox(make).retainedPointer(), { ClosureBox<Make>.release($0) })
        gtk_menu_button_set_primary(button, 1)
        gtk_widget_set_tooltip_text(button.widget, tr("Main Menu (F10)"))
        iro_accessible_set_label(button.widget, tr("Main Menu"))
        return button.widget
    }
}
