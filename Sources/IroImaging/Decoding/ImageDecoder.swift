import IroCore

/// Iro's front door for decoding, in Iro's own process (BEHAVIOUR A6, F5): what the UI,
/// the benchmarks and the fuzzer call, off the main thread. It decodes nothing itself: each
/// call goes to the decoder helper when one is active (`DecoderPool.active`, sending the
/// file's descriptor), else to `InProcessDecoder` on the file at the path, in this process
/// (`IRO_DECODER=in-process`, tests).
public enum ImageDecoder {
    /// What the header says, without decoding pixels.
    public struct Header: Sendable, Equatable {
        public let formatName: String
        /// The image's size (a document's: the page's), upright.
        public let width: Int
        public let height: Int
        /// How many pages the file holds: 1 but for a document (PDF, multi-page TIFF).
        public var pageCount = 1
    }

    /// Decodes the whole image, applying EXIF orientation (BEHAVIOUR A5).
    /// Throws `CancellationError` as `.unreadable` is wrong, so cancellation is
    /// reported through `Task.isCancelled` by the caller; this returns nil then.
    /// `detail` may let a JPEG decode at ½, ¼ or ⅛ of its size (other formats decode whole).
    @concurrent
    nonisolated public static func decode(
        path: RawPath, page: DocumentPage = .first, detail: DecodeDetail = .full,
        progress: LoadProgress? = nil
    ) async throws(LoadError) -> DecodedImage? {
        try decodeSynchronously(path: path, page: page, detail: detail, progress: progress, isCancelled: { Task.isCancelled })
    }

    /// The same work on the calling thread (benchmarks, fuzzing, tests of the pipeline):
    /// in the decoder helper when one is set up (`DecoderPool.active`), else in this process.
    nonisolated public static func decodeSynchronously(
        path: RawPath, page: DocumentPage = .first, detail: DecodeDetail = .full, progress: LoadProgress? = nil,
        isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DecodedImage? {
        if let pool = DecoderPool.active {
            return try pool.decode(path: path, page: page, detail: detail, progress: progress, isCancelled: isCancelled)
        }
        return try InProcessDecoder.decode(
            ImageSource(path: path, page: page), detail: detail, progress: progress, isCancelled: isCancelled)
    }

    /// The desktop's cached thumbnail at `path` when it describes the file `record` does as
    /// it is now; nil when it is stale (BEHAVIOUR H2). Read where images are decoded.
    nonisolated public static func cachedThumbnail(at path: RawPath, of record: ThumbnailRecord, isCancelled: () -> Bool = { false })
        throws(LoadError) -> DecodedImage?
    {
        if let pool = DecoderPool.active { return try pool.cachedThumbnail(at: path, of: record, isCancelled: isCancelled) }
        let read = try CachedThumbnail.read(ImageSource(path: path))
        let image = DecodedImage(adopting: read.pixbuf, formatName: "png")
        return record.isDescribed(by: read.chunks) ? image : nil
    }
}

extension ImageDecoder {
    /// The file at `path` with `edit` applied, encoded as `format` (BEHAVIOUR D7): made in
    /// the decoder helper when one is set up, else in this process. Blocking.
    nonisolated public static func saveEdit(path: RawPath, edit: ImageEdit, format: SavedFormat, isCancelled: () -> Bool = { false })
        throws(LoadError) -> [UInt8]
    {
        if let pool = DecoderPool.active { return try pool.saveEdit(path: path, edit: edit, format: format, isCancelled: isCancelled) }
        return try EditedFile.make(ImageSource(path: path), edit: edit, format: format, isCancelled: isCancelled)
    }
}
