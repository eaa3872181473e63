import CTurboJPEG
import IroCore

/// An edit (BEHAVIOUR D7) saved to a JPEG without recompressing it: libjpeg-turbo moves the
/// file's DCT blocks (CTurboJPEG), so every pixel kept is exactly the original's. That takes:
/// - no colour change (the hue slider recompresses);
/// - a "perfect" transform: a partial MCU (the blocks of 8 × 8 to 32 × 8 pixels a JPEG is
///   coded in, its minimum coded unit) on an edge the transform moves to the top or left
///   cannot be moved, so for instance a quarter turn clockwise needs the height to be a
///   multiple of the MCU's;
/// - a crop whose top-left is on the MCU grid of the result: the grid of the stored picture
///   turned with it, so that a transform that swaps width and height swaps the MCU's too.
///
/// The edit is of the picture as shown, stood up by its EXIF `orientation`; the transform
/// done is that orientation and then the edit (`ImageEdit.stored`), so the result is upright
/// as stored. Every marker is kept as it was, the orientation tag too: resetting it is the
/// saver's part.
public enum JPEGLosslessEdit {
    /// The MCU of the JPEG in `bytes`, in the stored picture's pixels (before its EXIF
    /// orientation): 8 × 8 for grey and 4:4:4, 16 × 8 for 4:2:2, 16 × 16 for 4:2:0, 8 × 16 for
    /// 4:4:0 and 32 × 8 for 4:1:1. Nil when `bytes` is not a JPEG libjpeg-turbo can transform
    /// (damaged; 12-bit, lossless or hierarchical coding; sampling factors TurboJPEG does not
    /// recognise). Read without libturbojpeg.
    public static func mcuSize(ofJPEG bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBufferPointer { JPEGHeader.read($0) }.flatMap { mcuSize($0) }
    }

    /// The stored picture's size, as the JPEG in `bytes` declares it (for the fuzzer's checks).
    @_spi(Fuzzing) public static func storedSize(ofJPEG bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBufferPointer { JPEGHeader.read($0) }?.frame.map { ($0.width, $0.height) }
    }

    /// Whether libturbojpeg can be loaded: without it `apply` gives nil.
    public static var isAvailable: Bool {
        var message = [CChar](repeating: 0, count: 256)
        return iro_tj_available(&message, message.count) != 0
    }

    /// Whether `edit` of a picture shown `width` × `height` (upright, after its EXIF
    /// `orientation`) saves losslessly, the file's MCU being `mcu` (`mcuSize(ofJPEG:)`):
    /// what `apply` then does.
    public static func isLossless(
        _ edit: ImageEdit, width: Int, height: Int, mcu: (width: Int, height: Int), orientation: Int
    ) -> Bool {
        guard !edit.changesColours, width > 0, height > 0, mcu.width > 0, mcu.height > 0 else { return false }
        let stored = edit.stored(orientation: orientation)
        let size = storedSize(width: width, height: height, orientation: orientation)
        guard isPerfect(operation(stored.transform), width: size.width, height: size.height, mcu: mcu) else { return false }
        guard stored.crops(width: size.width, height: size.height), let crop = stored.crop else { return true }
        let result = stored.transform.apply(to: size)
        guard !crop.isEmpty, PixelRect(x: 0, y: 0, width: result.width, height: result.height).contains(crop) else { return false }
        let grid = cropGrid(mcu: mcu, transform: edit.transform, orientation: orientation)
        return crop.x % grid.width == 0 && crop.y % grid.height == 0
    }

    /// The grid a lossless crop's top-left must lie on, in the pixels of the picture
    /// `transform` makes of the one shown (stood up by `orientation`): the file's `mcu`,
    /// sides swapped when the transform done on the stored picture swaps them.
    public static func cropGrid(mcu: (width: Int, height: Int), transform: ImageTransform, orientation: Int) -> (width: Int, height: Int) {
        guard ImageTransform(exifOrientation: orientation).then(transform).swapsSides else { return mcu }
        // 4:1:1 (32 × 8) turned is 4:4:1, which libjpeg-turbo 2.1 cannot crop (see `apply`):
        // its crop must lie on both grids.
        if max(mcu.width, mcu.height) > 2 * min(mcu.width, mcu.height) {
            let side = max(mcu.width, mcu.height)
            return (side, side)
        }
        return (mcu.height, mcu.width)
    }

    /// `crop` (a rectangle of the picture `transform` makes of the one shown) with its
    /// top-left moved up and left onto the lossless grid (`cropGrid`), its bottom-right kept.
    public static func snappedCrop(
        _ crop: PixelRect, mcu: (width: Int, height: Int), transform: ImageTransform, orientation: Int
    ) -> PixelRect {
        let grid = cropGrid(mcu: mcu, transform: transform, orientation: orientation)
        let x = max(0, crop.x - crop.x % grid.width), y = max(0, crop.y - crop.y % grid.height)
        return PixelRect(x: x, y: y, width: crop.maxX - x, height: crop.maxY - y)
    }

    /// The JPEG in `bytes`, shown stood up by its EXIF `orientation`, edited by `edit` without
    /// recompression: the new file's bytes, all markers kept. Nil when the edit cannot be done
    /// so (`isLossless`), or libturbojpeg is missing: recompress instead. Throws `.damaged`
    /// when the file cannot be read to its end without a warning from libjpeg (cut short,
    /// corrupt), `.tooLarge` beyond `ImageLimits`.
    public static func apply(_ edit: ImageEdit, toJPEG bytes: [UInt8], orientation: Int) throws(LoadError) -> [UInt8]? {
        guard let header = bytes.withUnsafeBufferPointer({ JPEGHeader.read($0) }), let frame = header.frame else {
            throw .damaged(detail: "no JPEG frame header")
        }
        // A size bomb is refused before libjpeg allocates its blocks (two bytes a coefficient).
        try ImageLimits.check(width: frame.width, height: frame.height)
        guard let mcu = mcuSize(header), isAvailable else { return nil }
        let shown = ImageTransform(exifOrientation: orientation).apply(to: (frame.width, frame.height))
        guard isLossless(edit, width: shown.width, height: shown.height, mcu: mcu, orientation: orientation) else { return nil }
        // libjpeg's own reading of the frame must agree with the one the grid was judged on.
        let read = try turboHeader(bytes)
        guard read.width == frame.width, read.height == frame.height, read.mcu_width == mcu.width, read.mcu_height == mcu.height else {
            return nil
        }
        let stored = edit.stored(orientation: orientation)
        let operation = operation(stored.transform)
        guard stored.crops(width: frame.width, height: frame.height), let crop = stored.crop else {
            return try transform(bytes, operation, crop: nil)
        }
        // libjpeg-turbo 2.1 checks a crop's top-left against the stored picture's grid, not
        // the result's (fixed in 3.0), and then rounds it down to the result's, making a
        // larger picture than asked. On both grids the one call is right; otherwise the
        // transform is done first, and the crop on its result, whose grid is the right one.
        if crop.x % mcu.width == 0 && crop.y % mcu.height == 0 { return try transform(bytes, operation, crop: crop) }
        return try transform(try transform(bytes, operation, crop: nil), IRO_TJ_NONE, crop: crop)
    }

    /// TurboJPEG's operation for `transform` (first mirrored, then turned clockwise): a
    /// mirror then a half turn flips top and bottom, then a quarter turn is the transverse,
    /// then three quarters the transpose.
    static func operation(_ transform: ImageTransform) -> IroTjOp {
        switch (transform.mirrored, transform.quarterTurns) {
        case (false, 1): IRO_TJ_ROT90
        case (false, 2): IRO_TJ_ROT180
        case (false, 3): IRO_TJ_ROT270
        case (true, 0): IRO_TJ_HFLIP
        case (true, 1): IRO_TJ_TRANSVERSE
        case (true, 2): IRO_TJ_VFLIP
        case (true, 3): IRO_TJ_TRANSPOSE
        default: IRO_TJ_NONE
        }
    }

    /// libjpeg-turbo's test (`jtransform_perfect_transform`): the edges a transform moves to
    /// the top or left must hold no partial MCU. The transpose moves none.
    static func isPerfect(_ operation: IroTjOp, width: Int, height: Int, mcu: (width: Int, height: Int)) -> Bool {
        let wholeWidth = width % mcu.width == 0, wholeHeight = height % mcu.height == 0
        switch operation {
        case IRO_TJ_HFLIP, IRO_TJ_ROT270: return wholeWidth
        case IRO_TJ_VFLIP, IRO_TJ_ROT90: return wholeHeight
        case IRO_TJ_TRANSVERSE, IRO_TJ_ROT180: return wholeWidth && wholeHeight
        default: return true
        }
    }

    /// The stored picture's size, for one shown `width` × `height` stood up by `orientation`.
    static func storedSize(width: Int, height: Int, orientation: Int) -> (width: Int, height: Int) {
        ImageTransform(exifOrientation: orientation).inverse.apply(to: (width, height))
    }

    /// The MCU libjpeg-turbo transforms on (its iMCU), for the frames TurboJPEG knows: 8-bit
    /// DCT coding (baseline, extended, progressive; Huffman or arithmetic), grey, or three
    /// or four components (YCbCr, RGB, CMYK, YCCK) whose first (and fourth) are sampled at one
    /// of TurboJPEG's ratios and the others once. Its own check of a crop uses that table's
    /// MCU, which for other sampling factors can differ from the one it transforms on.
    static func mcuSize(_ header: JPEGHeader) -> (width: Int, height: Int)? {
        guard let frame = header.frame, [0xC0, 0xC1, 0xC2, 0xC9, 0xCA].contains(frame.marker), frame.precision == 8 else { return nil }
        let components = frame.components
        if components.count == 1 { return (8, 8) } // grey: its sampling factors mean nothing
        guard components.count == 3 || components.count == 4, let first = components.first else { return nil }
        let ratios = [(1, 1), (2, 1), (2, 2), (1, 2), (4, 1)]
        guard ratios.contains(where: { $0 == (first.horizontal, first.vertical) }) else { return nil }
        for (index, component) in components.enumerated().dropFirst() {
            let expected = index == 3 ? (first.horizontal, first.vertical) : (1, 1)
            guard (component.horizontal, component.vertical) == expected else { return nil }
        }
        return (8 * first.horizontal, 8 * first.vertical)
    }

    private static func turboHeader(_ bytes: [UInt8]) throws(LoadError) -> IroTjHeader {
        var header = IroTjHeader()
        var message = [CChar](repeating: 0, count: 256)
        let ok = bytes.withUnsafeBufferPointer { iro_tj_header($0.baseAddress, $0.count, &header, &message, message.count) }
        guard ok != 0 else { throw .damaged(detail: LibraryCalls.message(message)) }
        return header
    }

    /// One call of tjTransform: `operation`, then `crop` (of its result).
    private static func transform(_ bytes: [UInt8], _ operation: IroTjOp, crop: PixelRect?) throws(LoadError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let rect = crop ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        let ok = bytes.withUnsafeBufferPointer {
            iro_tj_transform(
                $0.baseAddress, $0.count, Int32(operation.rawValue), Int32(rect.x), Int32(rect.y), Int32(rect.width),
                Int32(rect.height), &out, &size, &message, message.count)
        }
        defer { iro_tj_free(out) }
        guard ok != 0, let out else { throw .damaged(detail: LibraryCalls.message(message)) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
