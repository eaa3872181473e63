import Foundation
import XCTest

/// JPEG XL, JPEG 2000 and camera RAW files made at test time from images the test wrote:
/// by `cjxl` (libjxl-tools), `opj_compress` (libopenjp2-tools) and our own DNG writer
/// (Tests/Fixtures/make-dng.py, which needs `cjpeg` for the preview it embeds).
public enum CodecFixtures {
    /// `cjxl` on `input` (a PNG, a JPEG or a GIF); `options` such as ["-d", "0"] (lossless).
    public static func jxl(from input: URL, options: [String] = ["-d", "1"], name: String? = nil) throws -> URL {
        let output = input.deletingLastPathComponent().appendingPathComponent(
            name ?? input.deletingPathExtension().lastPathComponent + ".jxl")
        try HEIFFixtures.run("cjxl", [input.path, output.path] + options)
        return output
    }

    /// `opj_compress` on `input` (a PNG), to a JP2 file or (`codestream`) a bare `.j2k`.
    public static func jpeg2000(from input: URL, codestream: Bool = false, options: [String] = []) throws -> URL {
        let output = input.deletingPathExtension().appendingPathExtension(codestream ? "j2k" : "jp2")
        try HEIFFixtures.run("opj_compress", ["-i", input.path, "-o", output.path] + options)
        return output
    }

    /// The DNG writer's scene (see make-dng.py): left half red, right half blue, the top-left
    /// quarter-by-quarter corner green, in the stored (unturned) picture.
    public static func dngSceneColour(x: Int, y: Int, width: Int, height: Int) -> RGBA {
        if x < width / 4 && y < height / 4 { return RGBA(40, 170, 60) }
        return x < width / 2 ? RGBA(200, 40, 40) : RGBA(40, 60, 200)
    }

    /// A DNG written by make-dng.py with `arguments` (such as ["--orientation", "6"]).
    public static func dng(_ output: URL, _ arguments: [String] = []) throws -> URL {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/make-dng.py")
        try HEIFFixtures.run("cjpeg", ["-version"]) // skips without libjpeg-turbo-progs
        try HEIFFixtures.run("python3", [script.path, output.path] + arguments)
        return output
    }
}
