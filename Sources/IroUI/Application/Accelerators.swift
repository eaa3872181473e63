/// Every keyboard shortcut, bound to the action it triggers. One table feeds
/// GtkApplication's accelerators and the Keyboard Shortcuts window.
enum Accelerators {
    /// Who gets a key first: the focused widget or the shortcut.
    enum Precedence {
        /// Application accelerators, before any widget (GTK runs them in the capture phase).
        case beforeWidgets
        /// After the focused widget and its ancestors had their chance (the window's
        /// bubble phase): arrows scroll a zoomed image and move the hue slider; Space.
        case afterFocusedWidget
        /// Before widgets, except a focused slider or text, which keep their page and end
        /// keys, and only when the action can act (the window's capture phase): Page
        /// Up/Down step even when the image scrolls.
        case beforeWidgetsButSliders
    }

    struct Entry {
        let action: String
        let keys: [String]
        let title: String
        /// What the shortcuts window shows (defaults to the first key).
        var shown: String
        /// Entries that only add keys to another row stay out of the window.
        var listed = true
        var precedence = Precedence.beforeWidgets

        init(
            _ action: String, _ keys: [String], _ title: String, shown: String? = nil, listed: Bool = true,
            precedence: Precedence = .beforeWidgets
        ) {
            self.action = action
            self.keys = keys
            self.title = title
            self.shown = shown ?? keys.first ?? ""
            self.listed = listed
            self.precedence = precedence
        }
    }

    static let all: [(section: String, entries: [Entry])] = [
        (
            "General",
            [
                Entry("app.open", ["<Control>o"], "Open"),
                Entry("app.new-window", ["<Control>n"], "New Window"),
                Entry("win.show-help-overlay", ["<Control>question"], "Keyboard Shortcuts"),
                Entry("app.quit", ["<Control>q"], "Quit"),
            ]
        ),
        (
            "Tabs",
            [
                Entry("win.close-tab", ["<Control>w"], "Close Tab"),
                Entry("win.next-tab", ["<Control>Tab", "<Control>Page_Down"], "Next Tab", shown: "<Control>Tab <Control>Page_Down"),
                Entry(
                    "win.previous-tab", ["<Control><Shift>Tab", "<Control><Shift>ISO_Left_Tab", "<Control>Page_Up"],
                    "Previous Tab", shown: "<Control><Shift>Tab <Control>Page_Up"),
                // Zoom, position, rotation and hue shared with the other linked tabs (BEHAVIOUR F6).
                Entry("win.link-view", ["l"], "Link View"),
                // The image full screen on another monitor (BEHAVIOUR F3).
                Entry("win.present", ["<Control><Shift>p"], "Present on Other Monitor"),
            ]
                + (1...9).map { n in
                    Entry("win.select-tab(\(n))", ["<Alt>\(n)"], "Go to Tab 1…9", shown: "<Alt>1...<Alt>9", listed: n == 1)
                } + [
                    Entry("win.move-tab-to-new-window", [], "Move Tab to New Window", listed: false)
                ]
        ),
        (
            "Images",
            [
                Entry("win.next-image", ["Right", "KP_Right"], "Next Image", shown: "Right Page_Down", precedence: .afterFocusedWidget),
                Entry(
                    "win.next-image", ["Page_Down", "KP_Page_Down"], "Next Image", listed: false, precedence: .beforeWidgetsButSliders),
                Entry("win.previous-image", ["Left", "KP_Left"], "Previous Image", shown: "Left Page_Up", precedence: .afterFocusedWidget),
                Entry(
                    "win.previous-image", ["Page_Up", "KP_Page_Up"], "Previous Image", listed: false,
                    precedence: .beforeWidgetsButSliders),
                Entry("win.first-image", ["Home", "KP_Home"], "First Image", precedence: .beforeWidgetsButSliders),
                Entry("win.last-image", ["End", "KP_End"], "Last Image", precedence: .beforeWidgetsButSliders),
                Entry("win.open-in-new-tab", ["<Control>Return", "<Control>KP_Enter"], "Open in New Tab"),
                // After the focused widget: selectable text copies itself first.
                Entry("win.copy", ["<Control>c"], "Copy the Image", precedence: .afterFocusedWidget),
                Entry("win.copy-path", ["<Control><Shift>c"], "Copy the File’s Path"),
                Entry("win.properties", ["<Alt>Return", "<Alt>KP_Enter"], "Image Properties"),
                Entry("win.open-with", ["<Control><Shift>o"], "Open With…"),
                // The file manager's own key for “Open Item Location”.
                Entry("win.show-in-folder", ["<Control><Alt>o"], "Show in Folder"),
                Entry("win.set-background", ["<Control>F8"], "Set as Background"),
                Entry("win.print", ["<Control>p"], "Print"),
                // Menus show the last key of a row: the keypad's first.
                Entry("win.trash", ["KP_Delete", "Delete"], "Move to Trash", shown: "Delete", precedence: .afterFocusedWidget),
                Entry(
                    "win.delete-permanently", ["<Shift>Delete", "<Shift>KP_Delete"], "Delete Permanently",
                    precedence: .afterFocusedWidget),
                Entry("win.reload", ["F5", "<Control>r"], "Reload", shown: "F5 <Control>r"),
                Entry("win.toggle-fullscreen", ["F11"], "Fullscreen"),
                Entry("win.leave-fullscreen", ["Escape"], "Leave Fullscreen"),
                Entry("win.play-pause", ["space"], "Pause or Play an Animation", precedence: .afterFocusedWidget),
                Entry("win.show-context-menu", ["<Shift>F10", "Menu"], "Show the Image’s Menu", shown: "<Shift>F10 Menu"),
            ]
        ),
        (
            "Zoom",
            [
                Entry(
                    "win.zoom-in", ["<Control>plus", "<Control>equal", "<Control>KP_Add", "plus", "KP_Add"], "Zoom In",
                    shown: "<Control>plus plus"),
                Entry(
                    "win.zoom-out", ["<Control>minus", "<Control>KP_Subtract", "minus", "KP_Subtract"], "Zoom Out",
                    shown: "<Control>minus minus"),
                Entry("win.zoom-reset", ["<Control>0", "<Control>KP_0", "1", "KP_1"], "Original Size (100 %)", shown: "<Control>0 1"),
                Entry("win.zoom-200", ["2", "KP_2"], "Double Size (200 %)"),
                Entry("win.zoom-fit", ["0", "KP_0"], "Best Fit"),
                Entry("win.best-fit", ["f"], "Toggle Best Fit"),
                Entry("win.rotate-clockwise", ["r"], "Rotate Clockwise"),
                Entry("win.rotate-counterclockwise", ["<Shift>r"], "Rotate Counterclockwise"),
            ]
        ),
        (
            "Hue",
            [
                Entry("win.export-copy", ["<Control><Shift>s"], "Export Adjusted Copy")
            ]
        ),
    ]
}
