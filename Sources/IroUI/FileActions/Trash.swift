import CGtk
import GObjectSupport
import Glibc
import IroCore

/// The desktop's trash (the freedesktop.org Trash specification, as GLib writes it): files
/// moved there by GIO, and put back from there by their original path. Putting back reads
/// the trash's own `info/*.trashinfo` files, so it needs no GVfs (which headless sessions
/// and many desktops do not run).
enum Trash {
    enum Failure: Error, Equatable {
        /// GIO's reason (no trash on that file system, permission denied …).
        case notMoved(String)
        /// Nothing in the trash came from that path.
        case notFound
        /// A file of that name is back at the original place: nothing is overwritten.
        case occupied
        case notRestored(String)

        /// In words for a toast ("could not be put back: …").
        var reason: String {
            switch self {
            case .notFound: tr("it is no longer in the trash")
            case .occupied: tr("another file has its name now")
            case .notRestored(let reason), .notMoved(let reason): reason
            }
        }
    }

    /// Moves `path` to the trash. Blocking: call it off the main thread.
    nonisolated static func move(_ path: RawPath) throws(Failure) {
        let file = path.newGFile()
        defer { g_object_unref(raw(file)) }
        do throws(GLibError) { _ = try withGError { g_file_trash(file, nil, $0) } } catch { throw .notMoved(error.message) }
    }

    /// Puts the most recently trashed file that came from `path` back there. Blocking.
    nonisolated static func restore(_ path: RawPath) throws(Failure) {
        guard let item = latestItem(from: path) else { throw .notFound }
        if path.withCString({ access($0, F_OK) }) == 0 { throw .occupied }
        let moved = item.file.withCString { from in path.withCString { to in rename(from, to) } }
        guard moved == 0 else { throw .notRestored(String(cString: strerror(errno))) }
        _ = item.info.withCString { unlink($0) }
    }

    /// The trashed file from `path` deleted last, and its info file.
    nonisolated static func latestItem(from path: RawPath) -> (file: RawPath, info: RawPath)? {
        var best: (file: RawPath, info: RawPath, date: String)?
        for (trash, top) in directories(for: path) {
            let infoFolder = trash.appending(RawPath("info"))
            for name in entries(of: infoFolder) where name.hasSuffix(".trashinfo") {
                let info = infoFolder.appending(RawPath(name))
                guard let (original, date) = read(info, relativeTo: top), original == path else { continue }
                if best == nil || date > best!.date {
                    let file = trash.appending(RawPath("files")).appending(RawPath(String(name.dropLast(".trashinfo".count))))
                    best = (file, info, date)
                }
            }
        }
        return best.map { ($0.file, $0.info) }
    }

    /// Where GLib may have put a file from `path`: the home trash, and the trash folders at
    /// the top of the file system it lives on (whose info files may give paths relative to
    /// that top).
    nonisolated static func directories(for path: RawPath) -> [(trash: RawPath, top: RawPath?)] {
        var folders: [(RawPath, RawPath?)] = [(RawPath(cString: g_get_user_data_dir()).appending("Trash"), nil)]
        if let top = topOfFileSystem(containing: path.deletingLastComponent) {
            let uid = getuid()
            folders += [(top.appending(".Trash/\(uid)"), top), (top.appending(".Trash-\(uid)"), top)]
        }
        return folders
    }

    /// The mount point: the highest folder above `folder` on the same device.
    nonisolated private static func topOfFileSystem(containing folder: RawPath) -> RawPath? {
        var status = stat()
        guard folder.withCString({ stat($0, &status) }) == 0 else { return nil }
        var top = folder
        while top != top.deletingLastComponent {
            let parent = top.deletingLastComponent
            var above = stat()
            guard parent.withCString({ stat($0, &above) }) == 0, above.st_dev == status.st_dev else { break }
            top = parent
        }
        return top
    }

    nonisolated private static func entries(of folder: RawPath) -> [String] {
        guard let directory = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The original path and deletion date an info file records.
    nonisolated private static func read(_ info: RawPath, relativeTo top: RawPath?) -> (RawPath, String)? {
        guard let file = info.withCString({ fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var text = [UInt8](repeating: 0, count: 8192)
        let count = text.withUnsafeMutableBytes { fread($0.baseAddress, 1, 8192, file) }
        var original: RawPath?, date = ""
        for line in text[0..<count].split(separator: UInt8(ascii: "\n")) {
            if line.starts(with: Array("Path=".utf8)) {
                let escaped = Array(line.dropFirst(5)).map { CChar(bitPattern: $0) } + [0]
                guard let unescaped = g_uri_unescape_string(escaped, nil) else { continue }
                defer { g_free(unescaped) }
                let found = RawPath(cString: unescaped)
                original = found.bytes.first == UInt8(ascii: "/") ? found : top.map { $0.appending(found) }
            } else if line.starts(with: Array("DeletionDate=".utf8)) {
                date = String(decoding: line.dropFirst(13), as: UTF8.self)
            }
        }
        return original.map { ($0, date) }
    }
}
