import CGtk
import Glibc

/// GTK's settings made with libadwaita's empty theme from the start (a faster launch).
///
/// GTK makes its settings when libadwaita first asks for them, and loads the theme they name:
/// its own Default stylesheet, unless `GTK_THEME` names another. libadwaita then replaces it
/// with "Adwaita-empty" (its own empty one, over which it adds its stylesheet), so Default
/// was parsed for nothing: 20–25 ms of every launch here. `GTK_THEME` names the empty theme
/// while the settings are made, and is gone again before libadwaita looks at it (libadwaita
/// adds no stylesheet of its own under a `GTK_THEME`) and before any other program is
/// started from Iro. A user's own `GTK_THEME` is left as it is. Only when a file is named on
/// the command line: that is when `main` has asked the bus whether another Iro runs, and so
/// knows this process will start GTK.
@MainActor
public enum EmptyThemeAtStart {
    private static let variable = "GTK_THEME"
    private static let theme = "Adwaita-empty"
    private static var isRequested = false

    /// Names the empty theme, before GTK starts and before the decode's threads do (setenv
    /// may move the environment's list, which a thread reading it could then read freed;
    /// GDBus's worker, running once the bus was asked whether another Iro runs, read what
    /// it reads of the environment before it started).
    public static func request() {
        guard !isRequested, gtk_is_initialized() == 0, getenv(variable) == nil else { return }
        setenv(variable, theme, 1)
        isRequested = true
    }

    /// Makes GTK's settings now, with the empty theme, when this process goes on to start GTK
    /// (`startingGTK`), and takes the name away again in any case. Before libadwaita starts:
    /// GApplication's local options are handled before it registers, which starts GTK.
    static func settle(startingGTK: Bool) {
        guard isRequested else { return }
        isRequested = false
        // gtk_init, as GtkApplication's start-up calls it next: with no display it says so
        // and exits, as it did there (gtk_init_check would leave GTK marked as started).
        if startingGTK {
            gtk_init()
            _ = gtk_settings_get_default()
        }
        // unsetenv only moves the entries after this one down the same list: a thread reading
        // the environment meanwhile may miss one entry, never read freed memory.
        unsetenv(variable)
    }
}
