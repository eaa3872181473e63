import CGLib
import Dispatch
import GObjectSupport
import Glibc
import IroCore

/// "Export Adjusted Copy…" without the UI (BEHAVIOUR D6): the hue applied to a snapshot of the
/// document's pixels with the same tables the display uses, written as PNG or JPEG (by
/// the name's extension) off the main thread, atomically, never over the original.
public enum HueExport {
    public enum Format: String, Sendable {
        case png, jpeg
    }

    static let jpegQuality = 92

    /// PNG for .png, JPEG for .jpg and .jpeg (any case), nil for anything else.
    nonisolated public static func format(forFileName name: String) -> Format? {
        switch RawPath(name).pathExtension.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        default: nil
        }
    }

    /// "<name>-adjusted.png" for "<name>.<extension>": text the person edits, so a byte
    /// that is not UTF-8 shows as U+FFFD.
    nonisolated public static func suggestedName(for original: RawPath) -> String {
        // The name without what follows its last dot (a dot that starts it stays: ".png" is a name).
        let name = original.lastComponent.bytes
        let stem = name.lastIndex(of: UInt8(ascii: ".")).map { $0 == 0 ? name : Array(name[..<$0]) } ?? name
        let shown = RawPath(bytes: stem).displayString
        return (shown.isEmpty ? "image" : shown) + "-adjusted.png"
    }

    /// Adjusts `snapshot` by the slider value `hue` and writes it to `destination`,
    /// refusing the file the document came from (`original`). Runs off the main thread.
    @concurrent
    nonisolated public static func write(
        _ snapshot: PixbufSnapshot, hue: Double, to destination: RawPath,
        original: RawPath?
    ) async throws(ExportError) {
        try writeSynchronously(snapshot, hue: hue, to: destination, original: original)
    }

    /// The same work on the calling thread.
    nonisolated public static func writeSynchronously(
        _ snapshot: PixbufSnapshot, hue: Double, to destination: RawPath,
        original: RawPath?
    ) throws(ExportError) {
        let name = destination.lastComponent.displayString
        guard let format = format(forFileName: name) else { throw .unsupportedFormat(fileName: name) }
        if let original, isSameFile(destination, original) { throw .sameAsOriginal }
        guard let pixbuf = snapshot.claim() else { throw .snapshotUsed }
        try adjust(pixbuf, hue: hue)
        try FileReplace.write(try encode(pixbuf, format: format), to: destination)
    }

    /// The snapshot's pixels as the view shows them: hue adjusted, turned by `quarterTurns`
    /// clockwise (+1 `GdkPixbuf *`). For printing; runs off the main thread.
    @concurrent
    nonisolated public static func asShown(_ snapshot: PixbufSnapshot, hue: Double, quarterTurns: Int) async throws(ExportError)
        -> OpaquePointer
    {
        guard let pixbuf = snapshot.claim() else { throw .snapshotUsed }
        try adjust(pixbuf, hue: hue)
        let angle = [
            GDK_PIXBUF_ROTATE_NONE, GDK_PIXBUF_ROTATE_CLOCKWISE, GDK_PIXBUF_ROTATE_UPSIDEDOWN, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE,
        ][
            ((quarterTurns % 4) + 4) % 4]
        guard angle != GDK_PIXBUF_ROTATE_NONE else {
            g_object_ref(UnsafeMutableRawPointer(pixbuf))
            return pixbuf
        }
        guard let turned = gdk_pixbuf_rotate_simple(pixbuf, angle) else {
            throw .writeFailed(detail: "not enough memory to turn the image")
        }
        return turned
    }

    /// Rotates the hue of a GdkPixbuf in place (straight alpha, so the tables for RGBA),
    /// in bands across the cores.
    nonisolated static func adjust(_ pixbuf: OpaquePointer, hue: Double) throws(ExportError) {
        let tables = HueMatrix(sliderValue: hue).tables
        let layout = try self.layout(of: pixbuf)
        guard !tables.isIdentity else { return }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard width > 0, height > 0, let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return }
        nonisolated(unsafe) let base = pixels
        let bands = min(height, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) * 4)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let rows = height * band / bands..<height * (band + 1) / bands
            tables.apply(
                layout: layout, from: UnsafePointer(base), to: base,
                stride: stride, width: width, height: height, rows: rows)
        }
    }

    /// How the pixels of an 8-bit RGB(A) `GdkPixbuf *` lie in memory; anything else is refused.
    nonisolated static func layout(of pixbuf: OpaquePointer) throws(ExportError) -> PixelLayout {
        guard gdk_pixbuf_get_colorspace(pixbuf) == GDK_COLORSPACE_RGB, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8 else {
            throw .unsupportedPixels
        }
        switch (gdk_pixbuf_get_n_channels(pixbuf), gdk_pixbuf_get_has_alpha(pixbuf) != 0) {
        case (4, true): return .rgba
        case (3, false): return .rgb
        default: throw .unsupportedPixels
        }
    }

    /// `pixbuf` (sRGB, as every decode is) encoded and tagged as sRGB: a JPEG (at
    /// `jpegQuality`, 0…100) embeds an sRGB profile, a PNG gets an sRGB chunk.
    nonisolated static func encode(_ pixbuf: OpaquePointer, format: Format, jpegQuality: Int = HueExport.jpegQuality)
        throws(ExportError) -> [UInt8]
    {
        var options: [(String, String)] = []
        if format == .jpeg {
            options.append(("quality", String(jpegQuality)))
            let profile = ColourProfile.sRGBProfile
            if !profile.isEmpty, let encoded = g_base64_encode(profile, gsize(profile.count)) {
                options.append(("icc-profile", String(cString: encoded)))
                g_free(encoded)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        do {
            _ = try withGError { error in
                withMutableCStringArray(options.map(\.0)) { keys in
                    withMutableCStringArray(options.map(\.1)) { values in
                        gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format.rawValue, keys, values, error)
                    }
                }
            }
        } catch {
            throw .writeFailed(detail: error.message)
        }
        defer { g_free(buffer) }
        guard let buffer else { throw .writeFailed(detail: "nothing was encoded") }
        var bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: Int(size)))
        if format == .png { bytes = ColourProfile.taggingSRGB(png: bytes) }
        return bytes
    }

    /// Whether `a` names the same file as `b`: the same inode when both exist, else the
    /// same resolved path (an original deleted since it was opened still counts).
    nonisolated public static func isSameFile(_ a: RawPath, _ b: RawPath) -> Bool {
        if a.isURI || b.isURI { return a == b }
        var first = stat(), second = stat()
        if a.withCString({ stat($0, &first) }) == 0, b.withCString({ stat($0, &second) }) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        return resolvedPath(a) == resolvedPath(b)
    }

    /// The path with its folder's symbolic links and dot segments resolved (as given when
    /// the folder is gone).
    nonisolated static func resolvedPath(_ path: RawPath) -> RawPath {
        guard let folder = path.deletingLastComponent.withCString({ realpath($0, nil) }) else { return path }
        defer { free(folder) }
        return RawPath(cString: folder).appending(path.lastComponent)
    }
}
