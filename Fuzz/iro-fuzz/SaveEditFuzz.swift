// Saving an edit of the input under the fuzzer (see Fuzz/README.md): what the decoder helper
// does for Save and Save Copy (EditedFile), from any file that decodes.
import CGtk
import Foundation
import IroCore
@_spi(Fuzzing) import IroImaging

extension FuzzHarness {
    /// The decoded input turned, flipped and cut by an edit chosen from its size, saved as PNG
    /// and as JPEG with its metadata carried over: each result must decode to the size the
    /// edit promises.
    static func savedEdits(_ path: RawPath, _ image: DecodedImage) -> String {
        let seed = image.width &* 7 &+ image.height
        let transform = ImageTransform(quarterTurns: seed & 3, mirrored: seed & 4 != 0)
        let turned = transform.apply(to: (image.width, image.height))
        let crop = PixelRect(x: turned.width / 5, y: turned.height / 7, width: max(1, turned.width / 2), height: max(1, turned.height / 2))
        let edit = ImageEdit(transform: transform, crop: crop, hue: seed & 8 != 0 ? 0.3 : 0.5)
        let wanted = edit.outputSize(width: image.width, height: image.height)
        var parts: [String] = []
        for format in [SavedFormat.png, .jpeg(quality: nil)] {
            do throws(LoadError) {
                let bytes = try EditedFile.make(ImageSource(path: path), edit: edit, format: format)
                let copy = inputPath + ".saved"
                FileManager.default.createFile(atPath: copy, contents: Data(bytes))
                defer { unlink(copy) }
                let decoded = try ImageDecoder.decodeSynchronously(path: RawPath(copy))
                check(
                    decoded.map { [$0.width, $0.height] } == [wanted.width, wanted.height],
                    "a saved \(edit) of \(image.width)×\(image.height) decoding at \(wanted), got \(String(describing: decoded.map { ($0.width, $0.height) }))"
                )
                parts.append("saved \(format.code): \(bytes.count) bytes")
            } catch {
                parts.append("saved \(format.code): \(describe(error))")
            }
        }
        return parts.joined(separator: ", ")
    }
}
