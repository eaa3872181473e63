import IroCore

extension InProcessDecoder {
    /// The part of `source` covering `wanted` (upright image pixels) with `detail`, decoded in
    /// this process; nil when the format has no such decode (JPEG and SVG have) or when
    /// cancelled. An SVG's part is drawn at `detail` exactly, past 1 too.
    public static func decodeRegion(
        _ source: ImageSource, covering wanted: PixelRect, detail: Double = 1, isCancelled: () -> Bool = { false }
    ) throws(LoadError) -> DetailRegion? {
        let fileSize = try source.checkedSize()
        let header = try readHeader(source)
        if header.formatName == PDFFile.formatName {
            return try PDFRendering.region(source, covering: wanted, scale: detail, isCancelled: isCancelled)
        }
        guard header.formatName == "jpeg" || header.formatName == "svg" else { return nil }
        let load = PixbufLoad(source: source, header: header, fileSize: fileSize, progress: nil)
        if let problem = load.integrity?.problemBeforeDecoding(source: source, fileSize: fileSize) {
            throw .damaged(detail: problem)
        }
        if header.formatName == "svg" { return try SVGRendering.region(load, covering: wanted, scale: detail, isCancelled: isCancelled) }
        let reduction = DecodeDetail.scale(detail).reduction(imageWidth: header.width, imageHeight: header.height)
        return try JPEGRegion.decode(load, covering: wanted, reduction: reduction, isCancelled: isCancelled)
    }
}
