import IroCore

extension ImageDecoder {
    /// The part of `path` covering `wanted` (upright image pixels) with `detail`, off the
    /// main thread; nil when the format has no such decode (JPEG and SVG have) or when
    /// cancelled. An SVG's part is drawn at `detail` exactly, past 1 too.
    @concurrent
    nonisolated public static func decodeRegion(path: RawPath, covering wanted: PixelRect, detail: Double = 1) async throws(LoadError)
        -> DetailRegion?
    {
        try decodeRegionSynchronously(path: path, covering: wanted, detail: detail, isCancelled: { Task.isCancelled })
    }

    /// The same work on the calling thread: in the decoder helper when one is set up.
    nonisolated public static func decodeRegionSynchronously(
        path: RawPath, covering wanted: PixelRect, detail: Double = 1, isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DetailRegion? {
        if let pool = DecoderPool.active {
            return try pool.decodeRegion(path: path, covering: wanted, detail: detail, isCancelled: isCancelled)
        }
        return try decodeRegionInProcess(path: path, covering: wanted, detail: detail, isCancelled: isCancelled)
    }

    /// Decodes the region in this process (the helper's own work).
    nonisolated public static func decodeRegionInProcess(
        path: RawPath, covering wanted: PixelRect, detail: Double = 1, isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DetailRegion? {
        let fileSize = try FileCheck.regularFileSize(at: path)
        let header = try readHeader(path: path)
        guard header.formatName == "jpeg" || header.formatName == "svg" else { return nil }
        let load = PixbufLoad(path: path, header: header, fileSize: fileSize, progress: nil)
        if let problem = load.integrity?.problemBeforeDecoding(path: path, fileSize: fileSize) {
            throw .damaged(detail: problem)
        }
        if header.formatName == "svg" { return try SVGRendering.region(load, covering: wanted, scale: detail, isCancelled: isCancelled) }
        let reduction = DecodeDetail.scale(detail).reduction(imageWidth: header.width, imageHeight: header.height)
        return try JPEGRegion.decode(load, covering: wanted, reduction: reduction, isCancelled: isCancelled)
    }
}
