import CGtk
import GtkSupport
import IroCore
import IroImaging

/// The folder a tab steps through (BEHAVIOUR F1): listed off the main thread once the tab
/// shows an image from it, then watched, so files added, renamed or removed there update
/// the list and the current image's position (never which image it is).
final class FolderBrowser {
    typealias Entry = FolderList.Entry

    /// Changes in the folder are gathered this long before the list follows them: a copy
    /// or an unpack comes as a burst of events.
    static let settleMilliseconds: UInt32 = 200

    let folder: RawPath
    /// The order of the list (BEHAVIOUR H1).
    let sort: FolderSort
    private(set) var list: FolderList
    /// The listing arrived (until then nothing steps).
    private(set) var isListed = false
    /// Why this folder cannot be stepped through, when it cannot (it could not be listed).
    private(set) var unavailable: String?
    /// Told on the main thread whenever the list, the position or availability changes.
    var onChanged: (@MainActor () -> Void)?
    /// Told the names of files that changed on disk (added, rewritten, renamed, removed).
    var onFilesChanged: (@MainActor (Set<RawPath>) -> Void)?
    /// The last round of changed names, and how many rounds there were: the folder's views
    /// (BEHAVIOUR H1) drop those files' thumbnails once for each round.
    private(set) var lastChanges: (round: Int, names: Set<RawPath>) = (0, [])

    private var listing: Task<Void, Never>?
    private var monitor: ObjectRef?
    private var changedNames: Set<RawPath> = []
    private var settle: SourceID?
    /// The query of changed names under way: one at a time, so they apply in order.
    private var applying: Task<Void, Never>?

    /// Starts watching and listing the folder of `path`, the image shown. The watch comes
    /// first, so what changes while the listing runs is applied once it is done.
    init(showing path: RawPath, sort: FolderSort) {
        folder = path.deletingLastComponent
        self.sort = sort
        list = FolderList(entries: [], current: Self.entry(path.lastComponent, in: folder, sort: sort))
        let folder = self.folder, current = list.current
        watch()
        listing = Task { [weak self] in
            let result = await Self.read(folder, sort: sort, current: current)
            guard let self, !Task.isCancelled else { return }
            self.listing = nil
            switch result {
            case .success(var listed):
                listed.select(self.list.current) // the file shown may have been renamed meanwhile
                self.list = listed
                self.isListed = true
                self.applyChanges()
            case .failure(let failure):
                self.unavailable = tr("This folder cannot be listed: %s", failure.reason)
                self.monitor = nil
            }
            self.onChanged?()
        }
    }

    /// Stops listing and watching (the tab is going).
    func stop() {
        listing?.cancel()
        listing = nil
        applying?.cancel()
        applying = nil
        settle?.cancel()
        settle = nil
        monitor = nil
    }

    /// The path of `entry` in this folder.
    func path(of entry: Entry) -> RawPath { folder.appending(entry.name) }

    /// The image `path` (of this folder) is now the current one.
    func select(_ path: RawPath) {
        list.select(list.index(of: path.lastComponent).map { list.entries[$0] } ?? Self.entry(path.lastComponent, in: folder, sort: sort))
        onChanged?()
    }

    /// The entry of the file `name`, keyed for `sort` (by name alone when the file cannot be read).
    static func entry(_ name: RawPath, in folder: RawPath, sort: FolderSort) -> Entry {
        if sort.readsTheFile, let read = FolderReader.entry(named: name, in: folder, sort: sort) { return read }
        return Entry(name: name, key: sort.key(collation: FolderReader.collationKey(of: name), modified: 0, bytes: 0))
    }

    /// Lists and sorts off the main thread: a folder of 10 000 images takes the main loop
    /// no time at all.
    @concurrent
    nonisolated private static func read(_ folder: RawPath, sort: FolderSort, current: Entry) async -> Result<
        FolderList, FolderReader.Failure
    > {
        FolderReader.images(in: folder, sort: sort, isCancelled: { Task.isCancelled }).map { FolderList(entries: $0, current: current) }
    }

    // MARK: The folder watch

    private func watch() {
        guard monitor == nil else { return }
        let file = folder.newGFile()
        defer { g_object_unref(raw(file)) }
        let made: UnsafeMutablePointer<GFileMonitor>?
        do throws(GLibError) {
            made = try withGError { g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, $0) }
        } catch {
            Log.debug("cannot watch \(folder.displayString): \(error.message)")
            return
        }
        guard let made else { return }
        monitor = ObjectRef(taking: raw(made))
        onFileMonitorChanged(raw(made)) { [weak self] _, file, other in
            guard let self else { return }
            for changed in [file, other].compactMap({ $0 }) {
                if let name = g_file_get_basename(changed) {
                    self.changedNames.insert(RawPath(cString: name))
                    g_free(name)
                }
            }
            self.settle?.cancel()
            self.settle = after(milliseconds: Self.settleMilliseconds) { [weak self] in
                self?.settle = nil
                self?.applyChanges()
            }
        }
    }

    /// Asks the file system about the changed names, off the main thread, and updates the
    /// list in one pass; names that change meanwhile wait for the next round.
    private func applyChanges() {
        guard isListed, applying == nil, !changedNames.isEmpty else { return }
        let names = changedNames
        changedNames = []
        let folder = self.folder, sort = self.sort
        applying = Task { [weak self] in
            let found = await Self.query(names, in: folder, sort: sort)
            guard let self, !Task.isCancelled else { return }
            self.applying = nil
            self.list.update(names, found: found)
            self.lastChanges = (self.lastChanges.round + 1, names)
            self.onFilesChanged?(names)
            self.onChanged?()
            self.applyChanges()
        }
    }

    @concurrent
    nonisolated private static func query(_ names: Set<RawPath>, in folder: RawPath, sort: FolderSort) async -> [RawPath: Entry] {
        var found: [RawPath: Entry] = [:]
        for name in names {
            if let entry = FolderReader.entry(named: name, in: folder, sort: sort) { found[name] = entry }
        }
        return found
    }
}
