import CGtk
import GtkSupport

/// The Keyboard Shortcuts window (win.show-help-overlay), written out from the
/// same table that sets the accelerators, so it cannot drift from them.
/// GTK 4.8 builds GtkShortcutsWindow contents only through GtkBuilder.
enum ShortcutsWindow {
    static func make() -> UnsafeMutablePointer<GtkShortcutsWindow> {
        let builder = gtk_builder_new_from_string(xml(), -1)!
        defer { g_object_unref(raw(builder)) }
        let window: UnsafeMutablePointer<GtkShortcutsWindow> = cast(gtk_builder_get_object(builder, "help_overlay"))
        g_object_ref(raw(window)) // keep it past the builder; the window takes it over
        return window
    }

    static func xml() -> String {
        var groups = ""
        for section in Accelerators.all {
            var shortcuts = ""
            for entry in section.entries where entry.listed {
                shortcuts += """
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">\(escape(entry.title))</property>
                      <property name="accelerator">\(escape(entry.shown))</property>
                    </object></child>
                    """
            }
            groups += """
                <child><object class="GtkShortcutsGroup">
                  <property name="title">\(escape(section.section))</property>
                  \(shortcuts)
                </object></child>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">True</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  \(groups)
                </object></child>
              </object>
            </interface>
            """
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
