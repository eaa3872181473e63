import CGLib
import CPNGWriter
import GObjectSupport
import Glibc
import IroCore

/// The thumbnails of a folder's images (BEHAVIOUR H2), shared with the desktop through its
/// cache: a current one there is used as it is (read in the decoder helper, like any file
/// another program wrote); a missing or stale one is made in the helper as a scaled decode
/// and written back for the file manager too; a file that cannot be decoded gets a failure
/// entry, so that it is not tried again until it changes.
public enum ThumbnailStore {
    /// What a folder's grid shows for a file.
    public enum Outcome: Sendable {
        /// The thumbnail, at most the size asked for.
        case thumbnail(DecodedImage)
        /// The file cannot be thumbnailed (now or, per a failure entry, when last tried).
        case failed(reason: String)
    }

    /// The session's cache: `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails`.
    nonisolated public static var cache: ThumbnailCache {
        ThumbnailCache(cacheHome: RawPath(String(cString: g_get_user_cache_dir())))
    }

    /// What a thumbnail of the file at `path` must record, and the MD5 of its URI that names
    /// it; nil when the file cannot be looked at.
    nonisolated public static func record(of path: RawPath) -> (record: ThumbnailRecord, hash: String)? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        let uri: String? = path.withCString { name in
            guard let made = g_filename_to_uri(name, nil, nil) else { return nil }
            defer { g_free(made) }
            return String(cString: made)
        }
        guard let uri, let hash = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return nil }
        defer { g_free(hash) }
        return (ThumbnailRecord(uri: uri, modified: Int64(info.st_mtim.tv_sec), bytes: Int64(info.st_size)), String(cString: hash))
    }

    /// The thumbnail of `path` at `size`: from the cache when it has a current one, else made
    /// (and kept there). Nil when cancelled.
    @concurrent
    nonisolated public static func thumbnail(of path: RawPath, size: ThumbnailCache.Size, in cache: ThumbnailCache) async -> Outcome? {
        guard let (record, hash) = record(of: path) else { return .failed(reason: tr("The file cannot be read")) }
        let cancelled = { Task.isCancelled }
        for candidate in ThumbnailCache.candidates(for: size) {
            let cached = cache.path(hash: hash, size: candidate)
            guard exists(cached) else { continue }
            do throws(LoadError) {
                if let image = try ImageDecoder.cachedThumbnail(at: cached, of: record, isCancelled: cancelled) {
                    return .thumbnail(scaled(image, to: size) ?? image)
                }
            } catch {
                Log.debug("the cached thumbnail \(cached.displayString) is unusable: \(error.reason)")
            }
            if cancelled() { return nil }
        }
        let failure = cache.failurePath(hash: hash)
        if exists(failure) {
            do throws(LoadError) {
                if try ImageDecoder.cachedThumbnail(at: failure, of: record, isCancelled: cancelled) != nil {
                    return .failed(reason: tr("This file could not be read before"))
                }
            } catch {
                Log.debug("the failure entry \(failure.displayString) is unusable: \(error.reason)") // tried again
            }
        }
        if cancelled() { return nil }
        let decoded: DecodedImage?
        do throws(LoadError) {
            decoded = try ImageDecoder.decodeSynchronously(path: path, detail: .screen(side: size.pixels), isCancelled: cancelled)
        } catch {
            if isLasting(error) { recordFailure(of: record, at: failure) }
            return .failed(reason: error.reason)
        }
        guard let decoded, !cancelled() else { return nil }
        let image = scaled(decoded, to: size) ?? decoded
        // The cache's own files get no thumbnails of their own (as the file manager does):
        // browsing it must not grow it.
        if !path.bytes.starts(with: cache.root.bytes + [UInt8(ascii: "/")]) {
            write(image, of: record, to: cache.path(hash: hash, size: size))
        }
        return .thumbnail(image)
    }

    nonisolated private static func exists(_ path: RawPath) -> Bool { path.withCString { access($0, F_OK) } == 0 }

    /// Whether `error` says something of the file's content that stays true until the file
    /// changes (a failure entry then spares the next try), not of this moment (the file
    /// gone, a read error).
    nonisolated static func isLasting(_ error: LoadError) -> Bool {
        switch error {
        case .emptyFile, .unsupportedFormat, .damaged, .tooLarge, .decoderStopped, .needsTooMuchMemory, .needsPassword: true
        default: false
        }
    }

    /// `image` scaled down to fit `size`, or nil when it fits already.
    nonisolated static func scaled(_ image: DecodedImage, to size: ThumbnailCache.Size) -> DecodedImage? {
        let fitted = ThumbnailCache.fitted(width: image.width, height: image.height, into: size)
        guard fitted.width < image.width || fitted.height < image.height,
            let small = gdk_pixbuf_scale_simple(image.pixbuf, Int32(fitted.width), Int32(fitted.height), GDK_INTERP_BILINEAR)
        else { return nil }
        return DecodedImage(adopting: small, formatName: image.formatName, imageWidth: image.imageWidth, imageHeight: image.imageHeight)
    }

    /// Writes `image` as the thumbnail at `path`: a PNG with the standard's text chunks,
    /// written whole to a temporary file beside it and renamed over it (readers never see
    /// half of one), readable by the user alone, in folders only the user can open.
    nonisolated static func write(_ image: DecodedImage, of record: ThumbnailRecord, to path: RawPath) {
        var chunks = record.chunks
        chunks.append(("Thumb::Image::Width", String(image.imageWidth)))
        chunks.append(("Thumb::Image::Height", String(image.imageHeight)))
        save(image.pixbuf, chunks: chunks, to: path)
    }

    /// A failure entry for the file `record` describes: a one-pixel PNG with its URI and time.
    nonisolated static func recordFailure(of record: ThumbnailRecord, at path: RawPath) {
        guard let pixel = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1) else { return }
        defer { g_object_unref(raw(pixel)) }
        gdk_pixbuf_fill(pixel, 0)
        save(pixel, chunks: record.chunks, to: path)
    }

    nonisolated private static func save(_ pixbuf: OpaquePointer, chunks: [(key: String, value: String)], to path: RawPath) {
        let folder = path.deletingLastComponent
        guard folder.withCString({ g_mkdir_with_parents($0, 0o700) }) == 0 else {
            return Log.debug("cannot make the thumbnail folder \(folder.displayString)")
        }
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, let pixels = gdk_pixbuf_read_pixels(pixbuf) else {
            return Log.debug("cannot write the thumbnail \(path.displayString): not 8-bit pixels")
        }
        // libpng itself, not gdk-pixbuf's saver: one filter and Huffman coding alone take 2 ms
        // for a 256-pixel photo where the saver's every-filter, LZ77 PNG took 4–5, a tenth of
        // the time of making a thumbnail (`iro_png_encode`).
        let keys = chunks.map { strdup($0.key) }
        let values = chunks.map { strdup($0.value) }
        defer { for text in keys + values { free(text) } }
        var encoded: UnsafeMutablePointer<UInt8>?
        var length = 0
        let made = iro_png_encode(
            pixels, gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf), gdk_pixbuf_get_rowstride(pixbuf),
            gdk_pixbuf_get_n_channels(pixbuf), keys.map { UnsafePointer($0) }, values.map { UnsafePointer($0) }, Int32(chunks.count),
            &encoded, &length)
        guard made == 1, let encoded else { return Log.debug("cannot encode the thumbnail \(path.displayString)") }
        defer { g_free(encoded) }
        do throws(GLibError) {
            _ = try path.withCString { name throws(GLibError) in
                try withGError {
                    g_file_set_contents_full(name, encoded, gssize(length), G_FILE_SET_CONTENTS_CONSISTENT, 0o600, $0)
                }
            }
        } catch {
            Log.debug("cannot write the thumbnail \(path.displayString): \(error.message)")
        }
    }
}
