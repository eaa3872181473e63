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

    /// Makes `menu` (a live submenu) list `items`, each activating `action` with its target;
    /// nothing changes when it lists them already (an open menu stays as it is). The labels are
    /// names, not mnemonics: their underscores are doubled.
    static func setItems(of menu: OpaquePointer, to items: [(label: String, target: Int32)], action: String) {
        let model: UnsafeMutablePointer<GMenuModel> = gcast(raw(menu), g_menu_model_get_type())
        let labels = items.map { $0.label.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__") }
        let current = (0..<g_menu_model_get_n_items(model)).map { index -> (String, Int32) in
            let label = g_menu_model_get_item_attribute_value(model, index, G_MENU_ATTRIBUTE_LABEL, nil)
            let target = g_menu_model_get_item_attribute_value(model, index, G_MENU_ATTRIBUTE_TARGET, nil)
            defer {
                if let label { g_variant_unref(label) }
                if let target { g_variant_unref(target) }
            }
            return (label.map { String(cString: g_variant_get_string($0, nil)) } ?? "", target.map { g_variant_get_int32($0) } ?? -1)
        }
        guard !current.elementsEqual(zip(labels, items.map(\.target)), by: { $0 == $1 }) else { return }
        g_menu_remove_all(menu)
        for (label, item) in zip(labels, items) {
            let entry = g_menu_item_new(label, nil)!
            g_menu_item_set_action_and_target_value(entry, action, g_variant_new_int32(item.target))
            g_menu_append_item(menu, entry)
            g_object_unref(raw(entry))
        }
    }

    /// Adds a submenu (`submenu`, a live menu the caller keeps up to date) to section `index`
    /// of a menu `model` made above: after its item `after`, else last. `shownWhileEnabled`:
    /// an action whose being enabled shows the submenu (hidden otherwise).
    static func addSubmenu(
        _ label: String, _ submenu: OpaquePointer, toSection index: Int32, of model: UnsafeMutablePointer<GMenuModel>,
        after position: Int32 = -2, shownWhileEnabled action: String? = nil
    ) {
        guard index < g_menu_model_get_n_items(model), let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION)
        else { return }
        defer { g_object_unref(raw(section)) }
        let item = g_menu_item_new_submenu(label, gcast(UnsafeMutableRawPointer(submenu), g_menu_model_get_type()))!
        defer { g_object_unref(raw(item)) }
        if let action {
            g_menu_item_set_attribute_value(item, G_MENU_ATTRIBUTE_ACTION, g_variant_new_string(action))
            g_menu_item_set_attribute_value(item, "hidden-when", g_variant_new_string("action-disabled"))
        }
        g_menu_insert_item(OpaquePointer(section), position + 1, item) // -1: at the end
    }

    /// Where the first item for `action` is in `sections`: its section, and its place there.
    static func place(of action: String, in sections: [[(label: String, action: String)]]) -> (section: Int32, item: Int32) {
        for (index, section) in sections.enumerated() {
            if let item = section.firstIndex(where: { $0.action == action }) { return (Int32(index), Int32(item)) }
        }
        return (0, -2)
    }
}
