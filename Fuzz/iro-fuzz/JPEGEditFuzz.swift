// A JPEG's lossless edit and quality estimate under the fuzzer (see Fuzz/README.md): what a
// save of an edited JPEG reads from the file it writes over.
import Foundation
import IroCore
@_spi(Fuzzing) import IroImaging

extension FuzzHarness {
    /// The quality estimate (within 1…100), and two lossless edits chosen from the bytes, as a
    /// save makes them: a turn or flip, then the same with a crop snapped to the grid. What
    /// comes out must be an edit `isLossless` allows, of the size it promises.
    static func jpegEdits(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 2, data.starts(with: [0xFF, 0xD8]) else { return "" }
        let bytes = [UInt8](data)
        var parts: [String] = []
        if let quality = JPEGQuality.estimate(ofJPEG: bytes) {
            check((1...100).contains(quality), "a quality of 1…100, got \(quality)")
            parts.append("quality \(quality)")
        }
        // Stored pictures above the pyramid's limit only cost libjpeg's allocation of their blocks.
        guard let mcu = JPEGLosslessEdit.mcuSize(ofJPEG: bytes), let stored = JPEGLosslessEdit.storedSize(ofJPEG: bytes),
            stored.width > 0, stored.height > 0, stored.width * stored.height <= pyramidPixelLimit
        else { return (parts + ["no lossless edit"]).joined(separator: ", ") }
        let seed = bytes.count &+ Int(bytes[bytes.count / 2])
        let orientation = 1 + seed % 8
        let shown = ImageTransform(exifOrientation: orientation).apply(to: stored)
        let transform = ImageTransform(quarterTurns: seed & 3, mirrored: seed & 4 != 0)
        let result = transform.apply(to: shown)
        let crop = JPEGLosslessEdit.snappedCrop(
            PixelRect(x: result.width / 3, y: result.height / 4, width: max(1, result.width / 2), height: max(1, result.height / 2)),
            mcu: mcu, transform: transform, orientation: orientation)
        for edit in [ImageEdit(transform: transform), ImageEdit(transform: transform, crop: crop)] {
            let lossless = JPEGLosslessEdit.isLossless(edit, width: shown.width, height: shown.height, mcu: mcu, orientation: orientation)
            do throws(LoadError) {
                guard let made = try JPEGLosslessEdit.apply(edit, toJPEG: bytes, orientation: orientation) else {
                    parts.append("\(edit): not lossless")
                    continue
                }
                check(lossless, "only an edit isLossless allows is done, got \(edit) of \(shown) (MCU \(mcu), orientation \(orientation))")
                let size = JPEGLosslessEdit.storedSize(ofJPEG: made)
                let wanted = edit.outputSize(width: shown.width, height: shown.height)
                check(
                    size.map { [$0.width, $0.height] } == [wanted.width, wanted.height],
                    "\(edit) of \(shown) making \(wanted), got \(String(describing: size))")
                parts.append("\(edit): \(made.count) bytes")
            } catch {
                parts.append("\(edit): \(describe(error))")
            }
        }
        return parts.joined(separator: ", ")
    }
}
