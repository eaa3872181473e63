import CGtk
import GtkSupport
import IroCore

/// The image's context menu (BEHAVIOUR E6): a GtkPopoverMenu over the window's actions,
/// opened by a right-click where the pointer is, or by Shift+F10 and the Menu key in the
/// middle of the image (`win.show-context-menu`). Items whose action is disabled show
/// insensitive, as everywhere.
final class ImageContextMenu {
    static let sections: [[(label: String, action: String)]] = [
        [(tr("Open in New _Tab"), "win.open-in-new-tab")],
        [
            (tr("Open _With…"), "win.open-with"), (tr("_Copy"), "win.copy"), (tr("Copy _Path"), "win.copy-path"),
            (tr("Show in _Folder"), "win.show-in-folder"), (tr("Move to T_rash"), "win.trash"),
            (tr("Set as _Background"), "win.set-background"), (tr("_Print…"), "win.print"), (tr("Image _Properties"), "win.properties"),
        ],
        [(tr("_Previous Image"), "win.previous-image"), (tr("_Next Image"), "win.next-image")],
        [(tr("Zoom to _Fit"), "win.zoom-fit"), (tr("_Original Size"), "win.zoom-reset")],
        [(tr("Rotate _Clockwise"), "win.rotate-clockwise"), (tr("Rotate Counter_clockwise"), "win.rotate-counterclockwise")],
        [(tr("_Link View"), "win.link-view")],
        [
            (tr("F_ullscreen"), "win.toggle-fullscreen"), (tr("Present on _Other Monitor"), "win.present"),
        ],
        [(tr("_Edit"), "win.edit"), (tr("_Markup"), "win.markup"), (tr("_Save"), "win.save"), (tr("Save a Cop_y…"), "win.save-copy")],
    ]

    /// The section of Link View, which Compare With joins.
    static let linkSection = MenuSections.place(of: "win.link-view", in: sections).section

    private let parent: UnsafeMutablePointer<GtkWidget>
    /// Made when first opened: every menu item watches its action, and two hundred tabs'
    /// menus made up front made each change of an action's state (every tab added) cost
    /// two thousand notifications.
    private var made: (popover: UnsafeMutablePointer<GtkWidget>, reference: ObjectRef)?

    /// A menu shown over `parent` (the tab's root, whose layout places the popover).
    init(over parent: UnsafeMutablePointer<GtkWidget>) {
        self.parent = parent
        // A child set with gtk_widget_set_parent must be taken off again when its parent goes
        // (if the parent's own teardown has not done so already).
        onSignal(raw(parent), "destroy") { [weak self] in
            guard let popover = self?.made?.popover, gtk_widget_get_parent(popover) != nil else { return }
            gtk_widget_unparent(popover)
        }
    }

    private var popover: UnsafeMutablePointer<GtkWidget> {
        if let made { return made.popover }
        let menu = MenuSections.model(Self.sections)
        if let root = gtk_widget_get_root(parent), let window = DocumentWindow.key.get(raw(root)) {
            MenuSections.addSubmenu(tr("Compare _With"), window.comparing.targets, toSection: Self.linkSection, of: menu)
            window.presenting.addPresentOn(to: menu, after: MenuSections.place(of: "win.present", in: Self.sections))
        }
        let popover = gtk_popover_menu_new_from_model(menu)!
        // Ours, so the popover outlives its parent's teardown until it is taken off it.
        made = (popover, ObjectRef(retaining: raw(popover)))
        g_object_unref(raw(menu))
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_widget_set_parent(popover, parent)
        return popover
    }

    /// Opens the menu at `point` of `widget` (the middle of `widget` when nil).
    func open(at point: Point?, of widget: UnsafeMutablePointer<GtkWidget>) {
        let local = point ?? Point(x: Double(gtk_widget_get_width(widget)) / 2, y: Double(gtk_widget_get_height(widget)) / 2)
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(widget, parent, local.x, local.y, &x, &y) != 0 else { return }
        var target = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(popover), &target)
        if let root = gtk_widget_get_root(parent), let window = DocumentWindow.key.get(raw(root)) {
            window.explainDisabledItems(in: popover, menu: Self.sections)
        }
        gtk_popover_popup(cast(popover))
    }

    func close() { made.map { gtk_popover_popdown(cast($0.popover)) } }
}
