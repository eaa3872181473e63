import CGtk
import GtkSupport
import IroCore

extension ImageDecoder {
    /// A quick preview for the first frame (SPEC A6): formats whose decoder can
    /// skip detail (JPEG: libjpeg decodes at ⅛, ¼ or ½ through its DCT scaling) are
    /// decoded at about `maxSide` pixels, in a fraction of a full decode. Returns
    /// nil where a preview would cost as much as the image (PNG and others, small
    /// images); errors are left to the full decode, which says them properly.
    @concurrent
    nonisolated public static func decodePreview(path: String, maxSide: Int) async -> ImagePyramid? {
        previewSynchronously(path: path, maxSide: maxSide)
    }

    nonisolated static func previewSynchronously(path: String, maxSide: Int) -> ImagePyramid? {
        guard maxSide > 0, let header = try? readHeader(path: path), header.formatName == "jpeg",
              max(header.width, header.height) >= 2 * maxSide else { return nil }
        let scale = Double(maxSide) / Double(max(header.width, header.height))
        let width = max(1, Int32(Double(header.width) * scale)), height = max(1, Int32(Double(header.height) * scale))
        guard let result = try? withGError({ gdk_pixbuf_new_from_file_at_scale(path, width, height, 1, $0) }),
              let scaled = Optional(result) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        // EXIF orientations 5–8 turn the image a quarter: the full size swaps too.
        let orientation = gdk_pixbuf_get_option(scaled, "orientation").map { Int(String(cString: $0)) ?? 1 } ?? 1
        let quarterTurned = (5...8).contains(orientation)
        guard let upright = gdk_pixbuf_apply_embedded_orientation(scaled) else { return nil }
        return ImagePyramid(preview: upright,
                            width: quarterTurned ? header.height : header.width,
                            height: quarterTurned ? header.width : header.height)
    }
}
