import CGtk
import Foundation
import GtkSupport

/// Images and bad inputs made on the fly in a temporary folder, so the suite
/// needs nothing from outside.
public final class Fixtures {
    public let folder: URL

    public init() {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("iro-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    public func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Writes an image whose pixel at (x, y) is `color(x, y)`; `type` is "png", "jpeg" or
    /// "webp" (lossy at the WebP saver's default quality). `options`: the saver's, such as
    /// ("icc-profile", base64) for a PNG or JPEG with an embedded colour profile.
    @discardableResult
    public func image(
        _ name: String, width: Int, height: Int, type: String = "png",
        alpha: Bool = false, options: [(key: String, value: String)] = [], color: (Int, Int) -> RGBA
    ) -> URL {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(raw(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = alpha ? 4 : 3
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                let p = pixels + y * stride + x * channels
                p[0] = c.r
                p[1] = c.g
                p[2] = c.b
                if alpha { p[3] = c.a }
            }
        }
        let target = url(name)
        let keys = (type == "jpeg" ? ["quality"] : []) + options.map(\.key)
        let values = (type == "jpeg" ? ["95"] : []) + options.map(\.value)
        _ = try? withGError { error in
            withMutableCStringArray(keys) { k in
                withMutableCStringArray(values) { v in
                    gdk_pixbuf_savev(pixbuf, target.path, type, k, v, error)
                }
            }
        }
        return target
    }

    /// Four solid quadrants: red, green / blue, yellow.
    @discardableResult
    public func quadrants(_ name: String, width: Int = 400, height: Int = 300, type: String = "png") -> URL {
        image(name, width: width, height: height, type: type) { x, y in
            Fixtures.quadrantColor(x: x, y: y, width: width, height: height)
        }
    }

    public static func quadrantColor(x: Int, y: Int, width: Int, height: Int) -> RGBA {
        switch (x < width / 2, y < height / 2) {
        case (true, true): RGBA(255, 0, 0)
        case (false, true): RGBA(0, 200, 0)
        case (true, false): RGBA(0, 0, 255)
        case (false, false): RGBA(255, 255, 0)
        }
    }

    /// Raw bytes under `name`.
    @discardableResult
    public func bytes(_ name: String, _ data: [UInt8]) -> URL {
        let target = url(name)
        _ = FileManager.default.createFile(atPath: target.path, contents: Data(data))
        return target
    }

    /// Writes `data` under a name given as bytes (Linux file names need not be UTF-8);
    /// returns the file's full path as bytes, nil if the file system refuses the name.
    public func bytes(named name: [UInt8], _ data: [UInt8]) -> [UInt8]? {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == data.count ? path : nil
    }

    public func data(of url: URL) -> [UInt8] { (try? [UInt8](Data(contentsOf: url))) ?? [] }
}
