import CRaw
import Glibc
import IroCore

/// A camera RAW's own record of the shot, read by LibRaw, for the properties panel when
/// Exiv2 finds none: Debian 12's Exiv2 does not read Canon's CR3, and reads some makers'
/// files only in part.
enum CameraRawMetadata {
    /// What LibRaw reads of the RAW in `bytes`; nil when it is not one.
    static func read(_ bytes: UnsafeRawBufferPointer) -> PhotoMetadata? {
        var message = [CChar](repeating: 0, count: 256)
        guard let raw = iro_raw_open(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &message, message.count)
        else { return nil }
        defer { iro_raw_close(raw) }
        var info = IroRawInfo()
        iro_raw_info(raw, &info)
        var photo = PhotoMetadata()
        photo.make = PhotoMetadata.cleaned(text(&info.make))
        photo.model = PhotoMetadata.cleaned(text(&info.model))
        if info.iso > 0 { photo.iso = Int(info.iso.rounded()) }
        if info.aperture > 0 { photo.fNumber = Double(info.aperture) }
        if info.focal_length > 0 { photo.focalLength = Double(info.focal_length) }
        if info.shutter > 0 {
            // As cameras write it: 1/125 s, or whole seconds.
            photo.exposure = info.shutter < 1 ? (1, Int((1 / Double(info.shutter)).rounded())) : (Int(Double(info.shutter).rounded()), 1)
        }
        if info.taken > 0 { photo.taken = exifTime(info.taken) }
        return photo.isEmpty ? nil : photo
    }

    private static func text<T>(_ field: inout T) -> String {
        withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// LibRaw's time (made from the file's local time) as EXIF writes it: "2026:01:02 03:04:05".
    private static func exifTime(_ seconds: Int64) -> String? {
        var time = time_t(seconds), parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.tm_year + 1900):\(two(parts.tm_mon + 1)):\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
