import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The preferences (BEHAVIOUR H4, Ctrl+,): libadwaita's preferences window, one page of
/// groups, each row changing one of `Preferences` at once (no Apply: it is in use as soon
/// as it is set, in every window).
@MainActor
final class PreferencesWindow {
    let window: UnsafeMutablePointer<AdwPreferencesWindow> = cast(adw_preferences_window_new())
    /// The rows, for tests.
    private(set) var wheelRow: UnsafeMutablePointer<GtkWidget>!
    private(set) var backgroundRow: UnsafeMutablePointer<GtkWidget>!
    private(set) var secondsButton: UnsafeMutablePointer<GtkWidget>!
    private(set) var loopSwitch: UnsafeMutablePointer<GtkWidget>!
    private(set) var shuffleSwitch: UnsafeMutablePointer<GtkWidget>!
    private(set) var stripSwitch: UnsafeMutablePointer<GtkWidget>!

    /// The wheel's choices, in Preferences.WheelAction's order.
    static var wheelChoices: [String] { [tr("Scrolls the image"), tr("Zooms"), tr("Steps through the folder")] }
    /// The background's choices, in Preferences.Background's order.
    static var backgroundChoices: [String] {
        // TRANSLATORS: the background choices: the style's colour with a checkerboard under transparent
        // pixels, the style's colour alone, near-black whatever the style.
        [tr("Checkerboard"), tr("Plain"), tr("Always dark")]
    }

    private static var shown: PreferencesWindow?

    /// Shows the one preferences window, over `parent`.
    static func present(for parent: UnsafeMutablePointer<GtkWindow>?) {
        let preferences = shown ?? PreferencesWindow()
        shown = preferences
        gtk_window_set_transient_for(preferences.window.window, parent)
        gtk_window_present(preferences.window.window)
    }

    /// The window shown, if any (tests).
    static var current: PreferencesWindow? { shown }

    private init() {
        let preferences = Preferences.shared
        gtk_window_set_title(window.window, tr("Preferences"))
        gtk_window_set_hide_on_close(window.window, 0)
        gtk_window_set_modal(window.window, 0)
        let page: UnsafeMutablePointer<AdwPreferencesPage> = cast(adw_preferences_page_new())

        let viewing = Self.group(tr("Viewing"), on: page)
        wheelRow = Self.combo(
            tr("Mouse wheel"), subtitle: tr("Ctrl and the wheel always zoom"), choices: Self.wheelChoices,
            selected: Preferences.WheelAction.allCases.firstIndex(of: preferences.wheel) ?? 0, in: viewing
        ) { index in
            Preferences.shared.setWheel(Preferences.WheelAction.allCases[index])
        }
        backgroundRow = Self.combo(
            tr("Background"), subtitle: tr("Around the image; a checkerboard shows its transparent parts"), choices: Self.backgroundChoices,
            selected: Preferences.Background.allCases.firstIndex(of: preferences.background) ?? 0, in: viewing
        ) { index in
            Preferences.shared.setBackground(Preferences.Background.allCases[index])
        }
        stripSwitch = Self.switchRow(
            tr("Thumbnail strip"), subtitle: tr("The folder’s images under the image (T)"), on: preferences.stripShown, in: viewing
        ) { on in
            Preferences.shared.setStripShown(on)
        }

        let slideshow = Self.group(tr("Slideshow"), on: page)
        let seconds = gtk_spin_button_new_with_range(
            Double(Preferences.secondsRange.lowerBound), Double(Preferences.secondsRange.upperBound), 1)!
        gtk_spin_button_set_value(OpaquePointer(seconds), Double(preferences.slideshowSeconds))
        gtk_widget_set_valign(seconds, GTK_ALIGN_CENTER)
        onSignal(raw(seconds), "value-changed") {
            Preferences.shared.setSlideshow(seconds: Int(gtk_spin_button_get_value_as_int(OpaquePointer(seconds))))
        }
        secondsButton = seconds
        Self.row(tr("Seconds for each image"), subtitle: tr("An animation plays to its end first"), suffix: seconds, in: slideshow)
        loopSwitch = Self.switchRow(
            tr("Start again after the last image"), subtitle: nil, on: preferences.slideshowLoops, in: slideshow
        ) { on in
            Preferences.shared.setSlideshow(loops: on)
        }
        shuffleSwitch = Self.switchRow(tr("Shuffle"), subtitle: tr("In a random order"), on: preferences.slideshowShuffles, in: slideshow) {
            on in
            Preferences.shared.setSlideshow(shuffles: on)
        }

        adw_preferences_window_add(window, page)
        onSignal(raw(window), "destroy") { Self.shown = nil }
    }

    private static func group(_ title: String, on page: UnsafeMutablePointer<AdwPreferencesPage>) -> UnsafeMutablePointer<
        AdwPreferencesGroup
    > {
        let group: UnsafeMutablePointer<AdwPreferencesGroup> = cast(adw_preferences_group_new())
        adw_preferences_group_set_title(group, title)
        adw_preferences_page_add(page, group)
        return group
    }

    /// An action row with `suffix` at its end (libadwaita names the suffix by the row's title).
    @discardableResult
    private static func row(
        _ title: String, subtitle: String?, suffix: UnsafeMutablePointer<GtkWidget>, in group: UnsafeMutablePointer<AdwPreferencesGroup>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        if let subtitle { adw_action_row_set_subtitle(cast(row), subtitle) }
        adw_action_row_add_suffix(cast(row), suffix)
        adw_action_row_set_activatable_widget(cast(row), suffix)
        adw_preferences_group_add(group, row)
        return row
    }

    private static func switchRow(
        _ title: String, subtitle: String?, on: Bool, in group: UnsafeMutablePointer<AdwPreferencesGroup>,
        _ changed: @escaping @MainActor (Bool) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(OpaquePointer(toggle), on ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        onNotify(raw(toggle), "active") { changed(gtk_switch_get_active(OpaquePointer(toggle)) != 0) }
        row(title, subtitle: subtitle, suffix: toggle, in: group)
        return toggle
    }

    private static func combo(
        _ title: String, subtitle: String?, choices: [String], selected: Int, in group: UnsafeMutablePointer<AdwPreferencesGroup>,
        _ changed: @escaping @MainActor (Int) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        if let subtitle { adw_action_row_set_subtitle(cast(row), subtitle) }
        let model = gtk_string_list_new(nil)
        for choice in choices { gtk_string_list_append(model, choice) }
        adw_combo_row_set_model(cast(row), model)
        if let model { g_object_unref(raw(model)) }
        adw_combo_row_set_selected(cast(row), guint(selected))
        onNotify(raw(row), "selected") {
            let index = Int(adw_combo_row_get_selected(cast(row)))
            if index < choices.count { changed(index) }
        }
        adw_preferences_group_add(group, row)
        return row
    }
}
