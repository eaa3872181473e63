import CGtk
import CGtkShims
import GtkSupport
import IroCore

/// The selected tab's folder as a list model for the strip and the grid (BEHAVIOUR H1): one
/// item for each image, in the folder's order. The items are only positions; a cell looks
/// its file up here. Following the folder as it changes, the model tells the views only
/// the span that changed, so that cells elsewhere keep their thumbnails and the grid its
/// scroll position.
@MainActor
final class FolderItems {
    let model = iro_page_list_new()!
    private(set) var folder: RawPath?
    private(set) var entries: [FolderList.Entry] = []
    /// Where the tab's current image is among `entries`, when it is listed.
    private(set) var current: Int?
    private var positions: [RawPath: Int] = [:]
    /// Counts the changes of `entries`, for who follows them only when they change.
    private(set) var revision = 0

    var count: Int { entries.count }

    /// A view's own selection of one item over these (+1 `GtkSingleSelection *`), none at
    /// first; the view selects the current image itself.
    func makeSelection() -> OpaquePointer {
        let selection = gtk_single_selection_new(OpaquePointer(g_object_ref(raw(model))))!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        return selection
    }

    /// The position `selection` (a view's, from `makeSelection`) has selected, if any.
    static func selected(in selection: OpaquePointer) -> Int? {
        let position = gtk_single_selection_get_selected(selection)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    func path(at index: Int) -> RawPath? {
        guard let folder, entries.indices.contains(index) else { return nil }
        return folder.appending(entries[index].name)
    }

    /// Where the file named `name` (in the folder) is.
    func index(of name: RawPath) -> Int? { positions[name] }

    /// Follows `browser` (nil: the tab has no folder to show, or it is not listed yet).
    func follow(_ browser: FolderBrowser?) {
        let listed = browser?.isListed == true ? browser : nil
        let newEntries = listed?.list.entries ?? []
        if listed?.folder != folder {
            folder = listed?.folder
            replace(from: 0, removing: entries.count, with: newEntries)
        } else if newEntries != entries {
            // One span changed (a file added, renamed or removed; a burst of them): what
            // is the same at both ends stays.
            let prefix = zip(entries, newEntries).prefix { $0.name == $1.name }.count
            let room = min(entries.count, newEntries.count) - prefix
            let suffix = zip(entries.reversed(), newEntries.reversed()).prefix(room).prefix { $0.name == $1.name }.count
            replace(from: prefix, removing: entries.count - prefix - suffix, with: newEntries, adding: newEntries.count - prefix - suffix)
        }
        current = listed.flatMap { positions[$0.list.current.name] }
    }

    private func replace(from position: Int, removing removed: Int, with newEntries: [FolderList.Entry], adding added: Int? = nil) {
        entries = newEntries
        revision += 1
        positions = Dictionary(entries.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        iro_page_list_splice(model, guint(position), guint(removed), guint(added ?? newEntries.count))
    }
}
