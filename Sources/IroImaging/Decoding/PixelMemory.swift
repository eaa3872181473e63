import CGLib
import CSandbox
import GObjectSupport
import Glibc
import Synchronization

/// Where the decoders that fill their own pixel buffers (JPEG, WebP) put them: the heap, or
/// in the decoder helper (BEHAVIOUR F5) a memfd, which is then sent to Iro as it is instead
/// of being copied into one.
enum PixelMemory {
    /// Set once by the helper, before it decodes.
    nonisolated(unsafe) static var usesMemfds = false

    /// The memfds behind pixel buffers, by the address of their pixels.
    private static let memfds = Mutex<[UInt: (descriptor: Int32, size: Int)]>([:])

    /// An 8-bit RGB(A) pixbuf (+1) of `width` × `height`.
    static func pixbuf(hasAlpha: Bool, width: Int32, height: Int32) -> OpaquePointer? {
        guard usesMemfds, width > 0, height > 0 else { return gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, width, height) }
        let stride = (Int(width) * (hasAlpha ? 4 : 3) + 3) & ~3
        let size = stride * Int(height)
        let descriptor = iro_memfd_create("iro-pixels", size)
        guard descriptor >= 0 else { return nil }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        memfds.withLock { $0[UInt(bitPattern: mapped)] = (descriptor, size) }
        let forget = ClosureBox<Int>(size)
        let pixbuf = gdk_pixbuf_new_from_data(
            mapped.assumingMemoryBound(to: guchar.self), GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, width, height, Int32(stride),
            { data, box in
                if let data, let entry = PixelMemory.memfds.withLock({ $0.removeValue(forKey: UInt(bitPattern: data)) }) {
                    munmap(data, entry.size)
                    close(entry.descriptor)
                }
                ClosureBox<Int>.release(box)
            }, forget.retainedPointer())
        if pixbuf == nil {
            memfds.withLock { _ = $0.removeValue(forKey: UInt(bitPattern: mapped)) }
            munmap(mapped, size)
            close(descriptor)
        }
        return pixbuf
    }

    /// A new descriptor of the memfd holding exactly `pixbuf`'s pixels, when they live in
    /// one (not a view into part of it).
    static func memfd(holding pixbuf: OpaquePointer) -> Int32? {
        guard let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        guard let entry = memfds.withLock({ $0[UInt(bitPattern: pixels)] }) else { return nil }
        guard Int(gdk_pixbuf_get_byte_length(pixbuf)) <= entry.size else { return nil }
        let copy = dup(entry.descriptor)
        return copy >= 0 ? copy : nil
    }
}
