import CGtk
import GtkSupport

/// A menu model of sections of (label, action) items, as Iro's menus are written (+1
/// `GMenuModel *`; the caller unrefs it once it is handed on).
enum MenuSections {
    static func model(_ sections: [[(label: String, action: String)]]) -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        for group in sections {
            let section = g_menu_new()!
            for item in group { g_menu_append(section, item.label, item.action) }
            g_menu_append_section(menu, nil, gcast(raw(section), g_menu_model_get_type()))
            g_object_unref(raw(section))
        }
        return gcast(raw(menu), g_menu_model_get_type())
    }

    /// Adds a submenu (`submenu`, a live menu the caller keeps up to date) at the end of
    /// section `index` of a menu `model` made above.
    static func appendSubmenu(
        _ label: String, _ submenu: OpaquePointer, toSection index: Int32, of model: UnsafeMutablePointer<GMenuModel>
    ) {
        guard index < g_menu_model_get_n_items(model), let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION)
        else { return }
        defer { g_object_unref(raw(section)) }
        g_menu_append_submenu(OpaquePointer(section), label, gcast(UnsafeMutableRawPointer(submenu), g_menu_model_get_type()))
    }
}
