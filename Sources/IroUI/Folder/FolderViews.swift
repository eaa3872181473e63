import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The views of the selected tab's whole folder in one window (BEHAVIOUR H1): the strip of
/// thumbnails under the image (T, remembered) and the grid overview that takes the image's
/// place (G). Both follow the selected tab's folder, listed and watched by its
/// `FolderBrowser`; they share the items and the thumbnails.
@MainActor
final class FolderViews {
    private unowned let window: DocumentWindow
    let items = FolderItems()
    let thumbnails = FolderThumbnails()
    let strip: FolderStrip
    let overview: FolderOverview
    /// Whether the strip shows: the last choice, remembered.
    private var stripWanted = WindowStateStore.thumbnailStripShown
    /// The folder change round whose files' thumbnails were dropped last.
    private var changesSeen: (folder: RawPath?, round: Int) = (nil, 0)

    init(_ window: DocumentWindow) {
        self.window = window
        strip = FolderStrip(items: items, thumbnails: thumbnails)
        overview = FolderOverview(items: items, thumbnails: thumbnails)
        thumbnails.onReady = { [weak self] path in
            self?.strip.cells.ready(path)
            self?.overview.cells.ready(path)
        }
        strip.onOpen = { [weak self] index in self?.open(index, closing: false) }
        overview.onOpen = { [weak self] index in self?.open(index, closing: true) }
        overview.onClose = { [weak self] in self?.showOverview(false) }
        window.contentColumn.map { gtk_box_append($0, strip.widget) }
        gtk_stack_add_named(window.content, overview.widget, "overview")
        window.actions.addToggle("thumbnail-strip", initial: stripWanted) { [weak self] on in
            guard let self else { return }
            self.stripWanted = on
            WindowStateStore.thumbnailStripShown = on
            self.update()
        }
        window.actions.addToggle("folder-overview", initial: false) { [weak self] on in self?.showOverview(on) }
        window.selection.observe([DocumentModel.Property.folder, DocumentModel.Property.status]) { [weak self] in self?.update() }
        // After the previous / next buttons (and the page indicator).
        window.header.packStart(Self.toggle("view-grid-symbolic", "win.folder-overview", tr("All Images of the Folder"), key: "G"))
        window.header.packStart(Self.toggle("iro-strip-symbolic", "win.thumbnail-strip", tr("Thumbnail Strip"), key: "T"))
    }

    /// A header toggle for `action`, named `name`, its key in the tooltip.
    private static func toggle(_ icon: String, _ action: String, _ name: String, key: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cast(button), icon)
        setAction(button, action)
        gtk_widget_set_tooltip_text(button, "\(name) (\(key))")
        iro_accessible_set_label(button, name)
        return button
    }

    /// Whether the grid shows in place of the tabs.
    private(set) var isOverviewShown = false

    private var browser: FolderBrowser? { window.selectedModel?.folderBrowser }

    /// Follows the selected tab's folder: its files, its current image, what changed on disk.
    private func update() {
        let browser = self.browser
        if let browser, browser.folder != changesSeen.folder || browser.lastChanges.round != changesSeen.round {
            if browser.folder == changesSeen.folder { thumbnails.forget(browser.lastChanges.names.map(browser.folder.appending)) }
            changesSeen = (browser.folder, browser.lastChanges.round)
        }
        let selectedName = overview.selected.flatMap { items.entries.indices.contains($0) ? items.entries[$0].name : nil }
        items.follow(browser)
        let hasFolder = items.count > 0
        window.actions.setEnabled("folder-overview", hasFolder || isOverviewShown)
        window.actions.setEnabled("thumbnail-strip", true)
        strip.reveal(stripWanted && hasFolder && !isOverviewShown, animated: false)
        strip.follow()
        if isOverviewShown {
            // Files came and went around the selection: it stays on its file.
            overview.select(selectedName.flatMap(items.index(of:)) ?? items.current)
            if !hasFolder { showOverview(false) }
        }
    }

    /// Shows the grid in place of the image (or the image again), the current image selected.
    func showOverview(_ on: Bool) {
        guard on != isOverviewShown else { return }
        guard !on || items.count > 0 else { return window.actions.setState("folder-overview", false) }
        isOverviewShown = on
        window.actions.setState("folder-overview", on)
        window.contentChanged()
        strip.reveal(stripWanted && items.count > 0 && !on, animated: false)
        if on {
            overview.select(items.current)
        } else if let view = window.selectedView {
            _ = gtk_widget_grab_focus(view.pages.keyTarget)
        }
    }

    /// Shows the image at `index` in the selected tab; from the grid, the grid closes.
    private func open(_ index: Int, closing: Bool) {
        if items.entries.indices.contains(index) { window.selectedModel?.show(items.entries[index]) }
        if closing { showOverview(false) }
    }
}
