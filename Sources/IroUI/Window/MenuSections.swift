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
}
