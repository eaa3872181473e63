import IroCore

/// JPEG is the one format decoded its own way, in three respects:
/// - a large JPEG is decoded at ½, ¼ or ⅛ of its size straight away (libjpeg's DCT
///   scaling, asked for before the first byte): the detail the view needs (`DecodeDetail`);
/// - a progressive JPEG of up to `oneShotPixels` goes to gdk-pixbuf's one-shot loader,
///   since the incremental one decodes it scan by scan, about twice the work (68 against
///   33 ms for a 4 MP photo), and a decode that short needs no cancelling or progress;
/// - an arithmetic-coded JPEG, rare but valid, which libjpeg cannot decode incrementally
///   ("Suspension not allowed here"), is decoded in one go.
enum JPEGDecoding {
    static let oneShotPixels = 16_000_000

    static func decode(_ load: PixbufLoad, detail: DecodeDetail, isCancelled: () -> Bool) throws(LoadError) -> DecodedImage? {
        let header = load.header
        let reduction = detail.reduction(imageSide: max(header.width, header.height))
        if reduction == 1, header.width * header.height <= oneShotPixels, isProgressive(load.path) {
            guard !isCancelled() else { return nil }
            return try load.wholeFile()
        }
        // libjpeg's output is ⌈side / reduction⌉, exactly what is asked: nothing is rescaled.
        let size = reduction > 1 ? ((header.width + reduction - 1) / reduction, (header.height + reduction - 1) / reduction) : nil
        return try load.incremental(size: size, isCancelled: isCancelled) { error throws(LoadError) in
            guard error.message.contains("Suspension not allowed") else { throw PixbufLoad.classify(error) }
            return try load.wholeFile()
        }
    }

    /// Whether the frame is progressive, read from the file's head only (the frame header
    /// comes before any image data).
    static func isProgressive(_ path: RawPath) -> Bool {
        JPEGMarkerScanner.scan(path: path, while: { !$0.hasFrame && !$0.isComplete })?.isProgressive == true
    }
}
