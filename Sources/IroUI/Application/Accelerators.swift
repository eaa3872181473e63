import IroCore

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

    /// Whether `key` types text in a text field: a bare letter, digit or sign ("l", "2",
    /// "plus", "KP_Add"), as opposed to one with a modifier, a function key, Escape or Menu.
    /// Such keys go to a focused text field (the search, the page number) before their
    /// shortcut, whatever the entry's precedence: "l" is Link View only outside them.
    static func typesText(_ key: String) -> Bool {
        guard !key.contains("<"), !["Escape", "Menu", "Delete", "KP_Delete", "BackSpace", "Tab", "Return"].contains(key) else {
            return false
        }
        return !(key.first == "F" && Int(key.dropFirst()) != nil)
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
            tr("General"),
            [
                Entry("app.open", ["<Control>o"], tr("Open")),
                Entry("app.new-window", ["<Control>n"], tr("New Window")),
                Entry("app.preferences", ["<Control>comma"], tr("Preferences")),
                Entry("win.show-help-overlay", ["<Control>question"], tr("Keyboard Shortcuts")),
                Entry("app.quit", ["<Control>q"], tr("Quit")),
            ]
        ),
        (
            tr("Tabs"),
            [
                Entry("win.close-tab", ["<Control>w"], tr("Close Tab")),
                Entry("win.next-tab", ["<Control>Tab", "<Control>Page_Down"], tr("Next Tab"), shown: "<Control>Tab <Control>Page_Down"),
                Entry(
                    "win.previous-tab", ["<Control><Shift>Tab", "<Control><Shift>ISO_Left_Tab", "<Control>Page_Up"],
                    tr("Previous Tab"), shown: "<Control><Shift>Tab <Control>Page_Up"),
                // Zoom, position, rotation and hue shared with the other linked tabs (BEHAVIOUR F6).
                Entry("win.link-view", ["l"], tr("Link View")),
                // The image full screen on another monitor (BEHAVIOUR F3).
                Entry("win.present", ["<Control><Shift>p"], tr("Present on Other Monitor")),
            ]
                + (1...9).map { n in
                    Entry("win.select-tab(\(n))", ["<Alt>\(n)"], tr("Go to Tab 1…9"), shown: "<Alt>1...<Alt>9", listed: n == 1)
                } + [
                    Entry("win.move-tab-to-new-window", [], tr("Move Tab to New Window"), listed: false)
                ]
        ),
        (
            // Before Images and Zoom: in edit mode its keys come first (BEHAVIOUR D7). Enter is
            // Done after the focused widget, so a focused button still takes it.
            tr("Editing"),
            [
                Entry("win.edit", ["e"], tr("Edit: Crop, Rotate, Flip")),
                Entry("win.edit-done", ["Return", "KP_Enter"], tr("Apply the Edit"), shown: "Return", precedence: .afterFocusedWidget),
                Entry("win.edit-cancel", ["Escape"], tr("Cancel the Edit")),
                Entry("win.edit-flip-horizontal", ["h"], tr("Flip Horizontally")),
                Entry("win.edit-flip-vertical", ["v"], tr("Flip Vertically")),
                Entry("win.save", ["<Control>s"], tr("Save")),
                Entry("win.save-copy", ["<Control><Shift>s"], tr("Save a Copy")),
            ]
        ),
        (
            // Markup (BEHAVIOUR I): its tools' letters act only while it is on. Undo and redo
            // after the focused widget: a note's text undoes its own typing first.
            tr("Markup"),
            [
                Entry("win.markup", ["m"], tr("Markup")),
                Entry("win.markup-undo", ["<Control>z"], tr("Undo the Last Markup"), precedence: .afterFocusedWidget),
                Entry("win.markup-redo", ["<Control><Shift>z"], tr("Redo the Markup"), precedence: .afterFocusedWidget),
                Entry("win.markup-clear", ["<Control><Shift>BackSpace"], tr("Clear the Markup")),
                Entry("win.markup-thinner", ["bracketleft"], tr("Thinner")),
                Entry("win.markup-thicker", ["bracketright"], tr("Thicker")),
                Entry("win.save-markup", ["<Control><Alt>s"], tr("Save Markup")),
                Entry("win.new-whiteboard", ["<Control><Shift>n"], tr("New Whiteboard")),
            ]
                + MarkupTool.allCases.map { Entry("win.\($0.action)", [$0.key], $0.name) }
                + MarkupColour.swatches.indices.map { index in
                    Entry(
                        "win.markup-colour(\(index))", ["<Control>\(index + 1)"], tr("Colours 1…6"), shown: "<Control>1...<Control>6",
                        listed: index == 0)
                }
        ),
        (
            // Before Images: while a show runs, its keys take Space, Left and Right (BEHAVIOUR H3).
            tr("Slideshow"),
            [
                // S: F5 is Reload here, as in a browser.
                Entry("win.slideshow", ["s"], tr("Slideshow")),
                Entry("win.pause-slideshow", ["space"], tr("Pause or Go On"), precedence: .afterFocusedWidget),
                Entry("win.slideshow-next", ["Right", "KP_Right"], tr("Next Image of the Slideshow"), precedence: .afterFocusedWidget),
                Entry(
                    "win.slideshow-previous", ["Left", "KP_Left"], tr("Previous Image of the Slideshow"), precedence: .afterFocusedWidget),
                Entry("win.stop-slideshow", ["Escape"], tr("End the Slideshow")),
            ]
        ),
        (
            tr("Images"),
            [
                Entry(
                    "win.next-image", ["Right", "KP_Right"], tr("Next Image"), shown: "Right Page_Down", precedence: .afterFocusedWidget),
                Entry(
                    "win.next-image", ["Page_Down", "KP_Page_Down"], tr("Next Image"), listed: false, precedence: .beforeWidgetsButSliders),
                Entry(
                    "win.previous-image", ["Left", "KP_Left"], tr("Previous Image"), shown: "Left Page_Up", precedence: .afterFocusedWidget),
                Entry(
                    "win.previous-image", ["Page_Up", "KP_Page_Up"], tr("Previous Image"), listed: false,
                    precedence: .beforeWidgetsButSliders),
                Entry("win.first-image", ["Home", "KP_Home"], tr("First Image"), precedence: .beforeWidgetsButSliders),
                Entry("win.last-image", ["End", "KP_End"], tr("Last Image"), precedence: .beforeWidgetsButSliders),
                Entry("win.open-in-new-tab", ["<Control>Return", "<Control>KP_Enter"], tr("Open in New Tab")),
                // In the grid, letters find names (BEHAVIOUR H1): Esc or Enter leave it.
                Entry("win.folder-overview", ["g"], tr("Show All Images of the Folder")),
                Entry("win.thumbnail-strip", ["t"], tr("Thumbnail Strip")),
                // After the focused widget: selectable text copies itself first.
                Entry("win.copy", ["<Control>c"], tr("Copy the Image, or the Text Selected"), precedence: .afterFocusedWidget),
                Entry("win.copy-path", ["<Control><Shift>c"], tr("Copy the File’s Path")),
                Entry("win.properties", ["<Alt>Return", "<Alt>KP_Enter"], tr("Image Properties")),
                Entry("win.open-with", ["<Control><Shift>o"], tr("Open With…")),
                // The file manager's own key for “Open Item Location”.
                Entry("win.show-in-folder", ["<Control><Alt>o"], tr("Show in Folder")),
                Entry("win.set-background", ["<Control>F8"], tr("Set as Background")),
                Entry("win.print", ["<Control>p"], tr("Print")),
                // Menus show the last key of a row: the keypad's first.
                Entry("win.trash", ["KP_Delete", "Delete"], tr("Move to Trash"), shown: "Delete", precedence: .afterFocusedWidget),
                Entry(
                    "win.delete-permanently", ["<Shift>Delete", "<Shift>KP_Delete"], tr("Delete Permanently"),
                    precedence: .afterFocusedWidget),
                Entry("win.reload", ["F5", "<Control>r"], tr("Reload"), shown: "F5 <Control>r"),
                Entry("win.toggle-fullscreen", ["F11"], tr("Fullscreen")),
                Entry("win.leave-fullscreen", ["Escape"], tr("Leave Fullscreen")),
                Entry("win.play-pause", ["space"], tr("Pause or Play an Animation"), precedence: .afterFocusedWidget),
                Entry("win.show-context-menu", ["<Shift>F10", "Menu"], tr("Show the Image’s Menu"), shown: "<Shift>F10 Menu"),
            ]
        ),
        (
            tr("Documents"),
            [
                // Pages first, then the folder: the Images keys above (BEHAVIOUR G2).
                Entry("win.page-sidebar", ["F9"], tr("Page Thumbnails")),
                Entry("win.continuous-pages", ["c"], tr("Continuous Pages")),
                Entry("win.go-to-page", ["<Control>l"], tr("Go to Page…")),
                Entry("win.find", ["<Control>f"], tr("Find in Document")),
                // After the focused widget: a text field selects its own text.
                Entry("win.select-all-text", ["<Control>a"], tr("Select the Page’s Text"), precedence: .afterFocusedWidget),
                // After an animation's pause (the same key): a document's next page (BEHAVIOUR G9).
                Entry("win.next-page", ["space"], tr("Next Page"), precedence: .afterFocusedWidget),
                Entry("win.blank-presentation", ["b", "period"], tr("Black Presentation Screen"), shown: "b"),
            ]
        ),
        (
            tr("Zoom"),
            [
                Entry(
                    "win.zoom-in", ["<Control>plus", "<Control>equal", "<Control>KP_Add", "plus", "KP_Add"], tr("Zoom In"),
                    shown: "<Control>plus plus"),
                Entry(
                    "win.zoom-out", ["<Control>minus", "<Control>KP_Subtract", "minus", "KP_Subtract"], tr("Zoom Out"),
                    shown: "<Control>minus minus"),
                Entry("win.zoom-reset", ["<Control>0", "<Control>KP_0", "1", "KP_1"], tr("Original Size (100 %)"), shown: "<Control>0 1"),
                Entry("win.zoom-200", ["2", "KP_2"], tr("Double Size (200 %)")),
                Entry("win.zoom-fit", ["0", "KP_0"], tr("Best Fit")),
                Entry("win.best-fit", ["f"], tr("Toggle Best Fit")),
                Entry("win.fit-width", ["w"], tr("Fit Width")),
                Entry("win.fit-page", ["p"], tr("Fit Page (Enlarging a Small One)")),
                Entry("win.rotate-clockwise", ["r"], tr("Rotate Clockwise")),
                Entry("win.rotate-counterclockwise", ["<Shift>r"], tr("Rotate Counterclockwise")),
            ]
        ),
    ]
}
