import CGLib
import CWebP
import Glibc
import IroCore

/// Still WebP decoded by libwebp directly (CWebP), not through gdk-pixbuf's loader: the
/// output is scaled by libwebp as it is made, straight to the detail the view needs (the
/// loader makes every pixel of a 17-megapixel photo first), with its filtering on a
/// second thread, and incrementally, so a closed tab cancels between chunks and the
/// loading bar shows progress. Animated WebP plays through libwebp's animation decoder
/// (`WebPAnimationSource`), one frame at a time; what it cannot open (a file cut short)
/// goes to gdk-pixbuf, which plays the frames it can read.
enum WebPDecoding {
    /// The format and size from the file's first bytes, read by libwebp (nil when it is not
    /// a WebP file). gdk-pixbuf's WebP loader is not asked: probing an animation cut short,
    /// it emits GLib criticals.
    static func header(_ source: ImageSource) throws(LoadError) -> ImageDecoder.Header? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 4096, file) }
        guard count >= 12, Array(head[0..<4]) == Array("RIFF".utf8), Array(head[8..<12]) == Array("WEBP".utf8) else { return nil }
        var features = WebPBitstreamFeatures()
        let status = head.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, count, &features) }
        // Worded as for every format whose header no decoder can read.
        guard status == VP8_STATUS_OK else { throw .damaged(detail: trNoop("the image/webp header cannot be read")) }
        try ImageLimits.check(width: Int(features.width), height: Int(features.height))
        if features.has_animation != 0 { try AnimationFrames.checkCanvas(width: Int(features.width), height: Int(features.height)) }
        return ImageDecoder.Header(formatName: "webp", width: Int(features.width), height: Int(features.height))
    }

    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        guard let data = try load.readWholeFile(progressShare: 0.1, isCancelled: isCancelled) else { return nil }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .unsupportedFormat }
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
        guard status == VP8_STATUS_OK else { throw .damaged(detail: "the WebP header cannot be read (\(describe(status)))") }
        if config.input.has_animation != 0 {
            // Before libwebp or gdk-pixbuf's loader (for a file libwebp cannot open) allocates it.
            try AnimationFrames.checkCanvas(width: Int(config.input.width), height: Int(config.input.height))
            guard let source = WebPAnimationSource(data: data) else { return try load.incremental(isCancelled: isCancelled) }
            guard let first = source.copyCurrentFrame() else { throw .tooLarge(width: source.width, height: source.height) }
            let frames = source.frameTotal > 1 ? AnimationFrames(source, formatName: load.header.formatName) : nil
            return DecodedImage(adopting: first, formatName: load.header.formatName, animation: frames)
        }
        let fullWidth = Int(config.input.width), fullHeight = Int(config.input.height)
        try ImageLimits.check(width: fullWidth, height: fullHeight)
        let scale = detail.drawingScale(imageWidth: fullWidth, imageHeight: fullHeight)
        let width = max(1, Int((Double(fullWidth) * scale).rounded()))
        let height = max(1, Int((Double(fullHeight) * scale).rounded()))
        let alpha = config.input.has_alpha != 0
        guard let pixbuf = PixelMemory.pixbuf(hasAlpha: alpha, width: Int32(width), height: Int32(height)) else {
            throw .tooLarge(width: fullWidth, height: fullHeight)
        }
        var adopted = false
        defer { if !adopted { g_object_unref(UnsafeMutableRawPointer(pixbuf)) } }
        if width != fullWidth || height != fullHeight {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(width)
            config.options.scaled_height = Int32(height)
        }
        config.options.use_threads = 1
        // libwebp writes straight into the pixbuf's rows.
        config.output.colorspace = alpha ? MODE_RGBA : MODE_RGB
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = gdk_pixbuf_get_pixels(pixbuf)
        config.output.u.RGBA.stride = gdk_pixbuf_get_rowstride(pixbuf)
        config.output.u.RGBA.size = Int(gdk_pixbuf_get_byte_length(pixbuf))
        guard let decoder = WebPIDecode(nil, 0, &config) else { throw .unsupportedFormat }
        defer { WebPIDelete(decoder) }
        var fed = 0
        var result = VP8_STATUS_SUSPENDED
        while fed < data.count {
            if isCancelled() { return nil }
            fed = min(data.count, fed + PixbufLoad.chunkSize / 4)
            // The data so far (it stays where it is: WebPIUpdate reads it in place).
            result = data.withUnsafeBufferPointer { WebPIUpdate(decoder, $0.baseAddress, fed) }
            guard result == VP8_STATUS_OK || result == VP8_STATUS_SUSPENDED else {
                throw .damaged(detail: "the WebP data cannot be decoded (\(describe(result)))")
            }
            load.progress?.set(0.1 + 0.9 * Double(fed) / Double(data.count))
        }
        guard result == VP8_STATUS_OK else { throw .damaged(detail: trNoop("the WebP data ends early")) }
        if let profile = iccProfile(data) { ColourProfile.convertToSRGB(pixbuf, profile: profile) }
        adopted = true
        return DecodedImage(adopting: pixbuf, formatName: load.header.formatName, imageWidth: fullWidth, imageHeight: fullHeight)
    }

    /// The ICC profile of the file's ICCP chunk, if it has one.
    static func iccProfile(_ data: [UInt8]) -> [UInt8]? {
        data.withUnsafeBufferPointer { bytes -> [UInt8]? in
            var whole = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            guard let demux = WebPDemux(&whole) else { return nil }
            defer { WebPDemuxDelete(demux) }
            guard WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG.rawValue != 0 else { return nil }
            var chunk = WebPChunkIterator()
            guard WebPDemuxGetChunk(demux, "ICCP", 1, &chunk) != 0 else { return nil }
            defer { WebPDemuxReleaseChunkIterator(&chunk) }
            guard let start = chunk.chunk.bytes, chunk.chunk.size > 0 else { return nil }
            return Array(UnsafeBufferPointer(start: start, count: chunk.chunk.size))
        }
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: "not enough data"
        default: "status \(status.rawValue)"
        }
    }
}
