import CGLib
import Synchronization

/// A private copy of a decoded image's pixels, taken on the main thread when a command
/// starts (BEHAVIOUR D6), so nothing that happens to the document afterwards can tear what
/// gets written. The export adjusts the copy in place rather than making another, so a
/// snapshot serves exactly one export.
public final class PixbufSnapshot: Sendable {
    /// `GdkPixbuf *` (+1), owned by nobody else.
    nonisolated(unsafe) let pixbuf: OpaquePointer
    private let used = Mutex(false)

    /// Copies `pixbuf` (a `GdkPixbuf *`); nil when there is no memory for the copy.
    public init?(copying pixbuf: OpaquePointer) {
        guard let copy = gdk_pixbuf_copy(pixbuf) else { return nil }
        self.pixbuf = copy
    }

    /// Takes the pixels of a decode nothing else holds (a decode made for this export).
    public init(taking image: DecodedImage) {
        g_object_ref(UnsafeMutableRawPointer(image.pixbuf))
        pixbuf = image.pixbuf
    }

    /// Shares the pixels of a decode that is never changed (a pyramid's image), for work that
    /// only reads them (`readOnlyPixbuf`): an edit's Done, without a copy of 100 MB on the
    /// main thread. Such a snapshot is never claimed.
    public init(sharing image: DecodedImage) {
        g_object_ref(UnsafeMutableRawPointer(image.pixbuf))
        pixbuf = image.pixbuf
        used.withLock { $0 = true }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    /// The pixels, to read (an edit makes new ones from them); never to change.
    public var readOnlyPixbuf: OpaquePointer { pixbuf }

    public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }

    /// The pixels for the one export that may change them; nil after the first call.
    func claim() -> OpaquePointer? {
        used.withLock { used in
            defer { used = true }
            return used ? nil : pixbuf
        }
    }
}
