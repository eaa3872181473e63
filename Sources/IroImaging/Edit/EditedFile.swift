import CGLib
import GObjectSupport
import IroCore

/// An edited picture as a file's bytes (BEHAVIOUR D7), made where files are decoded (the
/// helper, or this process for tests): from the original's bytes, never from what a view
/// holds, so what is saved has all the file's own detail.
///
/// A JPEG saved as JPEG is turned, flipped and cut by libjpeg-turbo in its compressed form
/// when the edit allows (`JPEGLosslessEdit`): no pixel is decoded and encoded again. Anything
/// else is decoded whole, edited (`EditedPixels`) and encoded (`EditEncoding`): PNG and
/// lossless WebP exactly, JPEG at the original's quality. Either way the original's EXIF, XMP
/// and IPTC come along, stood upright, with the new size and without the old thumbnail.
public enum EditedFile {
    public static func make(_ source: ImageSource, edit: ImageEdit, format: SavedFormat, isCancelled: () -> Bool = { false })
        throws(LoadError) -> [UInt8]
    {
        let original = try source.wholeBytes()
        let bytes = original.withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) }
        let sourceIsJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        if case .jpeg = format, sourceIsJPEG {
            let orientation = bytes.withUnsafeBufferPointer { JPEGOrientation.read($0) }
            // libjpeg refuses to move the blocks of a file it only warns about ("extraneous
            // bytes"), which still decodes: such a file is recompressed instead.
            var transformed: [UInt8]?
            do throws(LoadError) { transformed = try JPEGLosslessEdit.apply(edit, toJPEG: bytes, orientation: orientation) } catch {
                guard case .damaged(let detail) = error else { throw error }
                Log.debug("\(source.displayName) is recompressed: \(detail)")
            }
            if let transformed, let frame = transformed.withUnsafeBufferPointer({ JPEGHeader.read($0) })?.frame {
                // Exiv2 replaces EXIF and XMP, and writes IPTC again; other pictures of the original go first.
                return try carryMetadata(
                    from: bytes, into: JPEGSegments.withoutOldPictures(transformed), width: frame.width, height: frame.height)
            }
        }
        guard let image = try InProcessDecoder.decode(source, detail: .full, isCancelled: isCancelled) else {
            throw .unreadable(detail: trNoop("cancelled"))
        }
        guard image.animation == nil else { throw .unreadable(detail: trNoop("an animation cannot be edited")) }
        var chosen = format
        if case .jpeg(nil) = format {
            chosen = .jpeg(quality: (sourceIsJPEG ? JPEGQuality.estimate(ofJPEG: bytes) : nil) ?? SavedFormat.defaultJPEGQuality)
        }
        let encoded: [UInt8], width: Int, height: Int
        do throws(ExportError) {
            let edited = try EditedPixels.apply(edit, to: image.pixbuf)
            defer { g_object_unref(raw(edited)) }
            encoded = try EditEncoding.encode(edited, as: chosen)
            width = Int(gdk_pixbuf_get_width(edited))
            height = Int(gdk_pixbuf_get_height(edited))
        } catch {
            throw .unreadable(detail: error.message)
        }
        return try carryMetadata(from: bytes, into: encoded, width: width, height: height)
    }

    private static func carryMetadata(from original: [UInt8], into edited: [UInt8], width: Int, height: Int) throws(LoadError)
        -> [UInt8]
    {
        do throws(ExportError) { return try MetadataCarryOver.carry(from: original, into: edited, width: width, height: height) } catch {
            throw .unreadable(detail: error.message)
        }
    }
}
