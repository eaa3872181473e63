import CExif
import CGLib
import CRaw
import GObjectSupport
import Glibc
import IroCore

/// Reads what the properties panel shows of a file (BEHAVIOUR F4): the file system's facts
/// and the photo's metadata. Blocking file work: call it off the main thread.
public enum PropertiesReader {
    /// The photo's metadata; nil when it cannot be read (no metadata a reader knows, or
    /// broken), with the reason in `problem`. Read by the decoder helper when there is one
    /// (BEHAVIOUR F5: Exiv2 parses file content too), else here.
    public static func photo(at path: RawPath) -> (metadata: PhotoMetadata?, problem: String?) {
        if let pool = DecoderPool.active {
            do throws(LoadError) { return (try pool.metadata(path: path), nil) } catch {
                if case .unreadable(let detail) = error { return (nil, detail) }
                return (nil, error.reason)
            }
        }
        var exif = IroExif()
        var reason = [CChar](repeating: 0, count: 512)
        let read = path.withCString { iro_exif_read($0, &exif, &reason, reason.count) }
        defer { iro_exif_clear(&exif) }
        let found = photo(read != 0 ? exif : nil, reason: reason)
        let source = ImageSource(path: path)
        guard found.metadata?.make == nil, CameraRawDecoding.mightBeRaw(source) else { return found }
        do {
            let bytes = try source.wholeBytes()
            return bytes.withUnsafeBytes { CameraRawMetadata.read($0) }.map { ($0, nil) } ?? found
        } catch { return found }
    }

    /// The same from the file's bytes (the decoder helper's side).
    static func photo(inMemory bytes: UnsafeRawBufferPointer) -> (metadata: PhotoMetadata?, problem: String?) {
        var exif = IroExif()
        var reason = [CChar](repeating: 0, count: 512)
        let read = iro_exif_read_bytes(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &exif, &reason, reason.count)
        defer { iro_exif_clear(&exif) }
        let found = photo(read != 0 ? exif : nil, reason: reason)
        // A camera RAW Exiv2 cannot read (a CR3) has its own record of the shot.
        guard found.metadata?.make == nil, bytes.count >= 16,
            iro_raw_might_be_raw(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) != 0,
            let raw = CameraRawMetadata.read(bytes)
        else { return found }
        return (raw, nil)
    }

    /// What gexiv2 read (nil: it could not, for `reason`), as the panel's fields.
    private static func photo(_ read: IroExif?, reason: [CChar]) -> (metadata: PhotoMetadata?, problem: String?) {
        guard let exif = read else { return (nil, reason.withUnsafeBufferPointer { string($0.baseAddress) } ?? "unreadable") }
        var photo = PhotoMetadata()
        func text(_ value: UnsafeMutablePointer<CChar>?) -> String? { PhotoMetadata.cleaned(string(value)) }
        photo.make = text(exif.make)
        photo.model = text(exif.model)
        photo.lens = text(exif.lens)
        photo.taken = text(exif.taken)
        photo.flash = text(exif.flash)
        photo.description = text(exif.description)
        photo.author = text(exif.author)
        photo.copyright = text(exif.copyright)
        if exif.exposure_den > 0 { photo.exposure = (Int(exif.exposure_num), Int(exif.exposure_den)) }
        if exif.f_number > 0 { photo.fNumber = exif.f_number }
        if exif.focal_length > 0 { photo.focalLength = exif.focal_length }
        if exif.iso > 0 { photo.iso = Int(exif.iso) }
        // A position out of range is a broken tag, not a place.
        if exif.has_gps != 0, abs(exif.latitude) <= 90, abs(exif.longitude) <= 180 {
            photo.position = (exif.latitude, exif.longitude)
            if exif.has_altitude != 0, exif.altitude.isFinite { photo.altitude = exif.altitude }
        }
        return (photo, nil)
    }

    /// Name, folder, format, size and modification time; what cannot be read stays nil.
    public static func file(at path: RawPath) -> ImageProperties.File {
        let folder = path.deletingLastComponent
        var file = ImageProperties.File(name: displayName(path.lastComponent), folder: displayFolder(folder))
        if path.isURI { return remoteFile(at: path, file) }
        var info = stat()
        if path.withCString({ stat($0, &info) }) == 0 {
            file.size = Int(info.st_size)
            file.modified = wallClock(unixTime: Int(info.st_mtim.tv_sec))
        }
        file.format = format(of: path)
        return file
    }

    /// A time in seconds since 1970 as the local clock showed it.
    private static func wallClock(unixTime: Int) -> WallClock? {
        guard let time = g_date_time_new_from_unix_local(unixTime) else { return nil }
        defer { g_date_time_unref(time) }
        return WallClock(
            year: Int(g_date_time_get_year(time)), month: Int(g_date_time_get_month(time)),
            day: Int(g_date_time_get_day_of_month(time)), hour: Int(g_date_time_get_hour(time)),
            minute: Int(g_date_time_get_minute(time)), second: Int(g_date_time_get_second(time)))
    }

    /// What GIO says of a GVfs location (BEHAVIOUR A13): its size, modification time and type.
    private static func remoteFile(at path: RawPath, _ known: ImageProperties.File) -> ImageProperties.File {
        var file = known
        let location = path.newGFile()
        defer { g_object_unref(raw(location)) }
        let attributes = "standard::size,standard::content-type,time::modified"
        guard let info = g_file_query_info(location, attributes, G_FILE_QUERY_INFO_NONE, nil, nil) else { return file }
        defer { g_object_unref(raw(info)) }
        file.size = Int(g_file_info_get_size(info))
        if g_file_info_has_attribute(info, "time::modified") != 0 {
            file.modified = wallClock(unixTime: Int(g_file_info_get_attribute_uint64(info, "time::modified")))
        }
        if let type = g_file_info_get_content_type(info), let description = g_content_type_get_description(type) {
            file.format = String(cString: description)
            g_free(description)
        }
        return file
    }

    /// The MIME type's description ("JPEG image"), guessed from the name and the first bytes
    /// (the bytes first: they decide what is decoded).
    static func format(of path: RawPath) -> String? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &head, head.count)
        guard count > 0 else { return nil }
        var uncertain: gboolean = 0
        var type = g_content_type_guess(nil, head, UInt(count), &uncertain)
        let named = path.lastComponent.withCString { g_content_type_guess($0, head, UInt(count), nil) }
        // The name's type when the bytes are unsure, or when it is a kind of what they say (a
        // DNG's bytes say TIFF).
        if let named, uncertain != 0 || type.map({ g_content_type_is_a(named, $0) != 0 }) ?? true {
            g_free(type)
            type = named
        } else {
            g_free(named)
        }
        guard let type else { return nil }
        defer { g_free(type) }
        guard let description = g_content_type_get_description(type) else { return nil }
        defer { g_free(description) }
        return String(cString: description)
    }

    static func displayName(_ path: RawPath) -> String {
        guard let name = path.withCString({ g_filename_display_name($0) }) else { return path.displayString }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// The folder's path, with the home folder written `~`.
    static func displayFolder(_ folder: RawPath) -> String {
        let shown = displayName(folder)
        guard let home = g_get_home_dir().map({ String(cString: $0) }), home != "/", !home.isEmpty else { return shown }
        if shown == home { return "~" }
        return shown.hasPrefix(home + "/") ? "~" + shown.dropFirst(home.count) : shown
    }
}
