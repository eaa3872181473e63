/// Every keyboard shortcut, bound to the action it triggers. One list feeds
/// GtkApplication's accelerators and the shortcuts window.
enum Accelerators {
    struct Entry {
        let action: String
        let keys: [String]
        let title: String
    }

    static let all: [(section: String, entries: [Entry])] = [
        ("General", [
            Entry(action: "app.open", keys: ["<Control>o"], title: "Open"),
            Entry(action: "app.new-window", keys: ["<Control>n"], title: "New Window"),
            Entry(action: "win.close-tab", keys: ["<Control>w"], title: "Close Tab"),
            Entry(action: "app.quit", keys: ["<Control>q"], title: "Quit"),
            Entry(action: "win.show-help-overlay", keys: ["<Control>question"], title: "Keyboard Shortcuts"),
        ]),
        ("Zoom", [
            Entry(action: "win.zoom-in", keys: ["<Control>plus", "<Control>equal", "<Control>KP_Add", "plus", "KP_Add"], title: "Zoom In"),
            Entry(action: "win.zoom-out", keys: ["<Control>minus", "<Control>KP_Subtract", "minus", "KP_Subtract"], title: "Zoom Out"),
            Entry(action: "win.zoom-reset", keys: ["<Control>0", "<Control>KP_0", "1", "KP_1"], title: "Reset Zoom (100 %)"),
            Entry(action: "win.best-fit", keys: ["f"], title: "Toggle Best Fit"),
        ]),
    ]
}
