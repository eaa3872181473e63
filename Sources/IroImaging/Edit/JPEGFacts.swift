import Glibc
import IroCore

/// What edit mode needs to know of a JPEG to say how Save will write it (BEHAVIOUR D7): its
/// block grid, orientation and quality, read from the first bytes of the file (its markers
/// before the image data; no pixel is decoded).
public struct JPEGFacts: Sendable {
    /// The picture as shown, after its EXIF orientation.
    public let width: Int, height: Int
    public let orientation: Int
    /// The MCU, in the stored picture's pixels.
    public let mcu: (width: Int, height: Int)
    /// The quality it was saved with, estimated from its quantisation tables.
    public let quality: Int?

    /// The markers of a JPEG come before its image data; 256 KB holds them but for the rare
    /// file with a huge preview or profile, which then reads as no facts (a recompressing save).
    static let headerBytes = 256 * 1024

    /// Reads the facts of the JPEG at `path`; nil for a file that is no JPEG libjpeg-turbo
    /// can transform. Blocking.
    public static func read(_ path: RawPath) -> JPEGFacts? {
        guard !path.isURI, let file = path.withCString({ fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: headerBytes)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, headerBytes, file) }
        return facts(Array(head[0..<count]))
    }

    static func facts(_ bytes: [UInt8]) -> JPEGFacts? {
        guard let header = bytes.withUnsafeBufferPointer({ JPEGHeader.read($0) }), let frame = header.frame,
            let mcu = JPEGLosslessEdit.mcuSize(ofJPEG: bytes)
        else { return nil }
        let orientation = bytes.withUnsafeBufferPointer { JPEGOrientation.read($0) }
        let shown = ImageTransform(exifOrientation: orientation).apply(to: (frame.width, frame.height))
        return JPEGFacts(
            width: shown.width, height: shown.height, orientation: orientation, mcu: mcu, quality: JPEGQuality.estimate(ofJPEG: bytes))
    }

    /// Save writes `edit` (of the picture as shown) without recompressing.
    public func isLossless(_ edit: ImageEdit) -> Bool {
        JPEGLosslessEdit.isAvailable && JPEGLosslessEdit.isLossless(edit, width: width, height: height, mcu: mcu, orientation: orientation)
    }

    /// A crop of the picture `transform` makes has its top-left on the block grid.
    public func isOnGrid(_ crop: PixelRect, transform: ImageTransform) -> Bool {
        let grid = JPEGLosslessEdit.cropGrid(mcu: mcu, transform: transform, orientation: orientation)
        return crop.x % grid.width == 0 && crop.y % grid.height == 0
    }

    /// The crop with its top-left moved up and left onto the grid.
    public func snapped(_ crop: PixelRect, transform: ImageTransform) -> PixelRect {
        JPEGLosslessEdit.snappedCrop(crop, mcu: mcu, transform: transform, orientation: orientation)
    }
}
