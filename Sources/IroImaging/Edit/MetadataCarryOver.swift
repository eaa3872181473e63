import CExif
import GObjectSupport

/// A photo's metadata (EXIF, XMP, IPTC) carried into its edited copy (BEHAVIOUR D7), made
/// true of the edit by gexiv2: the orientation is reset (the pixels are stood up), the pixel
/// dimensions are the new ones, and the EXIF thumbnail and any other preview are left out,
/// since they would show the picture as it was before the edit. The colour profile is not
/// carried: the edited file has its own (sRGB). Works on bytes: the decoder helper runs it,
/// which opens no files.
public enum MetadataCarryOver {
    /// `edited` (JPEG, PNG or WebP bytes of a `width` × `height` picture made from
    /// `original`, the bytes of the file it was opened from) with `original`'s metadata
    /// written in. `edited` as it is when `original` has no metadata Exiv2 can read: none,
    /// broken, or a format it does not know. Fails when gexiv2 is missing or the metadata
    /// could not be written. A WebP gets the EXIF and XMP only: Exiv2 writes no IPTC to WebP.
    public static func carry(from original: [UInt8], into edited: [UInt8], width: Int, height: Int) throws(ExportError)
        -> [UInt8]
    {
        guard let width = Int32(exactly: width), let height = Int32(exactly: height) else {
            throw .writeFailed(detail: "the image is too large to carry its metadata")
        }
        var carried: UnsafeMutablePointer<UInt8>?
        var size = 0
        var reason = [CChar](repeating: 0, count: 512)
        let written = original.withUnsafeBufferPointer { original in
            edited.withUnsafeBufferPointer { edited in
                iro_exif_carry_over(
                    original.baseAddress, original.count, edited.baseAddress, edited.count, width, height, &carried, &size,
                    &reason, reason.count)
            }
        }
        defer { iro_exif_free_bytes(carried) }
        guard written != 0, let carried else {
            throw .writeFailed(detail: reason.withUnsafeBufferPointer { string($0.baseAddress) } ?? "unknown reason")
        }
        return Array(UnsafeBufferPointer(start: carried, count: size))
    }
}
