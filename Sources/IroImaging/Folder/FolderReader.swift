import CGLib
import GObjectSupport
import IroCore

/// Reads which files of a folder are images an installed loader opens (BEHAVIOUR F1),
/// for stepping through the folder: by content type, as the Open dialog filters; hidden
/// files are left out. Runs off the main thread.
public enum FolderReader {
    /// Why a folder cannot be listed, in words for the header's tooltip.
    public struct Failure: Error, Equatable, Sendable {
        public let reason: String
    }

    static let attributes = "standard::name,standard::type,standard::is-hidden,standard::content-type,standard::size,time::modified"

    /// The images of `folder` in no particular order, keyed for `sort`, or why it cannot be
    /// listed. Checks `isCancelled` between files.
    public static func images(in folder: RawPath, sort: FolderSort = .name, isCancelled: () -> Bool = { false }) -> Result<
        [FolderList.Entry], Failure
    > {
        let file = folder.newGFile()
        defer { g_object_unref(raw(file)) }
        let opened: UnsafeMutablePointer<GFileEnumerator>?
        do throws(GLibError) {
            opened = try withGError { g_file_enumerate_children(file, attributes, G_FILE_QUERY_INFO_NONE, nil, $0) }
        } catch {
            return .failure(Failure(reason: error.message))
        }
        guard let enumerator = opened else { return .failure(Failure(reason: tr("not a folder"))) }
        defer { g_object_unref(raw(enumerator)) }
        var entries: [FolderList.Entry] = []
        var kinds = ImageKinds()
        while !isCancelled() {
            let next: OpaquePointer?
            do throws(GLibError) { next = try withGError { g_file_enumerator_next_file(enumerator, nil, $0) } } catch {
                // One unreadable entry (a name the file system cannot stat) ends nothing else.
                Log.debug("skipping an entry of \(folder.displayString): \(error.message)")
                continue
            }
            guard let info = next else { break }
            defer { g_object_unref(raw(info)) }
            if let entry = entry(from: info, sort: sort, in: folder, kinds: &kinds) { entries.append(entry) }
        }
        return .success(entries)
    }

    /// The entry for the file `name` in `folder` when it is an image Iro lists (nil when it
    /// is gone, hidden or not an image): for the folder watch.
    public static func entry(named name: RawPath, in folder: RawPath, sort: FolderSort = .name) -> FolderList.Entry? {
        let file = folder.appending(name).newGFile()
        defer { g_object_unref(raw(file)) }
        let queried: OpaquePointer?
        do throws(GLibError) { queried = try withGError { g_file_query_info(file, attributes, G_FILE_QUERY_INFO_NONE, nil, $0) } } catch {
            return nil
        }
        guard let info = queried else { return nil }
        defer { g_object_unref(raw(info)) }
        var kinds = ImageKinds()
        return entry(from: info, sort: sort, in: folder, kinds: &kinds)
    }

    /// The key that sorts `name` as the file manager does: "b9" before "b10", case folded.
    public static func collationKey(of name: RawPath) -> [UInt8] {
        // GLib wants UTF-8; a name that is not sorts by its displayed form.
        guard let key = g_utf8_collate_key_for_filename(name.displayString, -1) else { return name.bytes }
        defer { g_free(key) }
        return RawPath(cString: key).bytes
    }

    private static func entry(from info: OpaquePointer, sort: FolderSort, in folder: RawPath, kinds: inout ImageKinds)
        -> FolderList.Entry?
    {
        guard g_file_info_get_is_hidden(info) == 0, g_file_info_get_file_type(info) == G_FILE_TYPE_REGULAR,
            let type = g_file_info_get_content_type(info), kinds.isImage(String(cString: type)),
            let name = g_file_info_get_name(info)
        else { return nil }
        let path = RawPath(cString: name)
        let modified = g_file_info_get_attribute_uint64(info, G_FILE_ATTRIBUTE_TIME_MODIFIED)
        // The date taken is the photo's metadata, read in the decoder helper (Exiv2 parses
        // the file): a few milliseconds a file, so only for that order.
        let taken = sort.readsTheMetadata ? PropertiesReader.photo(at: folder.appending(path)).metadata?.taken : nil
        let key = sort.key(
            collation: collationKey(of: path), modified: Int64(clamping: modified), bytes: Int64(g_file_info_get_size(info)), taken: taken)
        return FolderList.Entry(name: path, key: key)
    }

    /// Content types the installed loaders read, remembered per folder listing (a folder
    /// holds few distinct types, and each answer asks the MIME database).
    private struct ImageKinds {
        var known: [String: Bool] = [:]

        mutating func isImage(_ contentType: String) -> Bool {
            if let answer = known[contentType] { return answer }
            let answer = ImageFormats.openableMimeTypes.contains { g_content_type_is_a(contentType, $0) != 0 }
            known[contentType] = answer
            return answer
        }
    }
}
