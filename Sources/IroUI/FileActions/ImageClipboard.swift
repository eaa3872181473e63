import CGtk
import GtkSupport
import IroCore
import IroImaging

/// Copy (Ctrl+C) and Copy Path (Ctrl+Shift+C), BEHAVIOUR F4. The image goes onto the
/// clipboard both as pixels (a GdkTexture, which GTK offers as image/png and every other
/// format it can write), for image editors, and as the file (text/uri-list, and
/// x-special/gnome-copied-files as GNOME's file manager pastes), for file managers. The
/// pixels are the file's own, every one of them, as the file holds them: no hue.
@MainActor
enum ImageClipboard {
    /// Puts the image `model` shows on `widget`'s clipboard. A tab that holds fewer than
    /// every pixel decodes them first, off the main thread; false when there is no image.
    @discardableResult
    static func copyImage(of model: DocumentModel, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let path = model.imagePath, let pyramid = model.levels else { return false }
        if pyramid.detail >= 1, let level = pyramid.levels.first {
            set(pixels: level.pixbuf, file: path, on: widget)
            return true
        }
        Task { @MainActor in
            let decoded: DecodedImage?
            do throws(LoadError) { decoded = try await ImageDecoder.decode(path: path) } catch {
                Log.warning("copying \(path.displayString): \(error.reason)")
                return
            }
            guard let decoded, model.imagePath == path else { return }
            set(pixels: decoded.pixbuf, file: path, on: widget)
        }
        return true
    }

    /// Puts the path of the file `model` shows on the clipboard as text.
    @discardableResult
    static func copyPath(of model: DocumentModel, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let clipboard = gtk_widget_get_clipboard(widget) else { return false }
        let path = model.imagePath ?? model.document.path // a file that cannot be shown still has a path
        gdk_clipboard_set_text(clipboard, path.displayString)
        return true
    }

    private static func set(pixels pixbuf: OpaquePointer, file path: RawPath, on widget: UnsafeMutablePointer<GtkWidget>) {
        guard let clipboard = gtk_widget_get_clipboard(widget), let texture = gdk_texture_new_for_pixbuf(pixbuf) else { return }
        defer { g_object_unref(raw(texture)) }
        let file = path.newGFile()
        defer { g_object_unref(raw(file)) }
        let uri = takeString(g_file_get_uri(file)) ?? ""
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [
            provider(holding: raw(texture), type: gdk_texture_get_type()),
            provider(holding: raw(file), type: g_file_get_type()),
            Array("copy\n\(uri)".utf8).withUnsafeBytes { bytes in
                let data = g_bytes_new(bytes.baseAddress, gsize(bytes.count))
                defer { g_bytes_unref(data) }
                return gdk_content_provider_new_for_bytes("x-special/gnome-copied-files", data)
            },
        ]
        let union = providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
        gdk_clipboard_set_content(clipboard, union)
        if let union { g_object_unref(raw(union)) }
    }

    /// A provider of `object` as a value of `type`.
    static func provider(holding object: UnsafeMutableRawPointer, type: GType) -> UnsafeMutablePointer<GdkContentProvider>? {
        var value = GValue()
        g_value_init(&value, type)
        g_value_set_object(&value, object)
        defer { g_value_unset(&value) }
        return gdk_content_provider_new_for_value(&value)
    }
}
