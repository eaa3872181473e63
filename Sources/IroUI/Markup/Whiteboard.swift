import CGLib
import Glibc
import GtkSupport
import IroCore
import IroImaging

/// New Whiteboard (BEHAVIOUR I5): a blank white page the size of the presentation's monitor
/// (or 1920 × 1080), to draw on from nothing, in a new tab with markup on. The page is a PNG
/// Iro writes in its cache folder (`~/.cache/iro/whiteboards/`), so the tab is a document
/// like any other: presented, saved with Save Markup as a note package, copied.
enum Whiteboard {
    static let defaultSize = (width: 1920, height: 1080)

    static func open(in window: DocumentWindow) {
        let monitor = window.presenting.otherMonitor
        let size = monitor.map { (Int($0.geometry.width) * $0.scaleFactor, Int($0.geometry.height) * $0.scaleFactor) } ?? defaultSize
        let folder = RawPath(cString: g_get_user_cache_dir()).appending("iro").appending("whiteboards")
        Task { [weak window] in
            let made = await write(width: size.0, height: size.1, in: folder)
            guard let window else { return }
            switch made {
            case .failure(let error):
                ExportFailureDialog.present(error, parent: window.window, heading: tr("Could Not Make a Whiteboard"))
            case .success(let path):
                window.open(path).model.setMarkupMode(true)
            }
        }
    }

    /// A white PNG "Whiteboard N.png" in `folder`, the first N not taken.
    @concurrent
    nonisolated static func write(width: Int, height: Int, in folder: RawPath) async -> Result<RawPath, ExportError> {
        _ = folder.withCString { g_mkdir_with_parents($0, 0o700) }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            return .failure(.writeFailed(detail: tr("not enough memory for the page")))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0xFFFF_FFFF)
        var number = 1
        var path = folder.appending(RawPath(tr("Whiteboard %s.png", number)))
        while path.exists, number < 10_000 {
            number += 1
            path = folder.appending(RawPath(tr("Whiteboard %s.png", number)))
        }
        do throws(ExportError) {
            try FileReplace.write(try EditEncoding.encode(pixbuf, as: .png), to: path)
        } catch {
            return .failure(error)
        }
        return .success(path)
    }
}
