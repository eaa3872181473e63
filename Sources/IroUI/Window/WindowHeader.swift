import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// A window's header bar: Open and the previous / next buttons at the start; the zoom
/// toolbar, Leave Fullscreen (in fullscreen only), Image Properties and the primary menu at
/// the end; the title (the shown file's name over its place in the folder) between. The
/// buttons are bound to the window's actions; the features that own them set them up.
final class WindowHeader {
    let bar: UnsafeMutablePointer<AdwHeaderBar> = cast(adw_header_bar_new())
    let title: UnsafeMutablePointer<AdwWindowTitle> = cast(adw_window_title_new("Iro", nil))
    let zoomToolbar = ZoomToolbar()
    let stepButtons = StepButtons()
    /// The primary menu (BEHAVIOUR E3), which features add to (Present On).
    private let menuModel = ObjectRef(taking: raw(PrimaryMenu.model()))
    var menu: UnsafeMutablePointer<GMenuModel> { menuModel.raw.assumingMemoryBound(to: GMenuModel.self) }
    /// The primary menu's button (its menu open keeps the fullscreen chrome shown).
    private(set) var menuButton: UnsafeMutablePointer<GtkMenuButton>!
    /// Told of the primary menu's popover when it is made, as the menu first opens.
    var onMenuMade: (@MainActor (UnsafeMutablePointer<GtkPopover>) -> Void)?
    let propertiesButton: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new()
    let leaveFullscreenButton = gtk_button_new_from_icon_name("view-restore-symbolic")!
    /// Edit mode (BEHAVIOUR D7).
    let editButton = gtk_button_new_from_icon_name("document-edit-symbolic")!
    /// Markup mode (BEHAVIOUR I).
    let markupButton = gtk_button_new_from_icon_name("iro-markup-symbolic")!
    /// Save, shown only while there are edits to save.
    let saveButton = StatusPages.mnemonicButton(tr("_Save"), action: "win.save")

    var widget: UnsafeMutablePointer<GtkWidget> { bar.widget }

    init() {
        menuButton = cast(PrimaryMenu.button(for: menu) { [weak self] popover in self?.onMenuMade?(popover) })
        adw_header_bar_set_title_widget(bar, title.widget)
        let open = gtk_button_new_from_icon_name("document-open-symbolic")!
        setAction(open, "app.open")
        gtk_widget_set_tooltip_text(open, tr("Open… (Ctrl+O)"))
        iro_accessible_set_label(open, tr("Open"))
        adw_header_bar_pack_start(bar, open)
        adw_header_bar_pack_start(bar, stepButtons.widget)
        setAction(editButton, "win.edit")
        gtk_widget_set_tooltip_text(editButton, tr("Edit: Crop, Rotate, Flip (E)"))
        iro_accessible_set_label(editButton, tr("Edit"))
        adw_header_bar_pack_start(bar, editButton)
        setAction(markupButton, "win.markup")
        gtk_widget_set_tooltip_text(markupButton, tr("Markup: Draw on the Image (M)"))
        iro_accessible_set_label(markupButton, tr("Markup"))
        adw_header_bar_pack_start(bar, markupButton)
        gtk_widget_set_tooltip_text(saveButton, tr("Save the edits over the file; the original goes to the trash (Ctrl+S)"))
        gtk_widget_add_css_class(saveButton, "suggested-action")
        gtk_widget_set_visible(saveButton, 0)
        adw_header_bar_pack_start(bar, saveButton)
        adw_header_bar_pack_end(bar, menuButton.widget)
        adw_header_bar_pack_end(bar, propertiesButton)
        adw_header_bar_pack_end(bar, leaveFullscreenButton)
        adw_header_bar_pack_end(bar, zoomToolbar.percentage)
        adw_header_bar_pack_end(bar, zoomToolbar.widget)
    }

    /// Adds `widget` after the start's buttons.
    func packStart(_ widget: UnsafeMutablePointer<GtkWidget>) { adw_header_bar_pack_start(bar, widget) }
}
