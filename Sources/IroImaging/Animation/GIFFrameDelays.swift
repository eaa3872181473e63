import Glibc
import IroCore

/// The delay of each frame of a GIF as the file gives it, in hundredths of a second,
/// in frame order: gdk-pixbuf shows a "10 ms" frame for 20 ms, where browsers (and so the
/// people who made the GIF) take both 0 and 10 ms to mean 100 ms. Read by walking the
/// file's blocks: a Graphic Control Extension (0x21 0xF9) carries the delay for the image
/// (0x2C) that follows it.
public enum GIFFrameDelays {
    /// nil when the file is not a GIF whose blocks can be walked.
    public static func read(_ source: ImageSource) -> [Int]? {
        guard let file = source.open().file else { return nil }
        defer { fclose(file) }
        let reader = Reader(file: file)
        guard let signature = reader.bytes(6), signature.starts(with: Array("GIF".utf8)),
            let screen = reader.bytes(7)
        else { return nil }
        if screen[4] & 0x80 != 0, !reader.skip(3 << ((Int(screen[4]) & 7) + 1)) { return nil }
        var delays: [Int] = []
        var pending = 0
        while let introducer = reader.byte() {
            switch introducer {
            case 0x21:
                guard let label = reader.byte() else { return delays }
                if label == 0xF9, let block = reader.bytes(6) {
                    pending = Int(block[2]) | Int(block[3]) << 8 // block size, packed, delay (LE), index, end
                } else if !reader.skipSubBlocks() {
                    return delays
                }
            case 0x2C:
                guard let descriptor = reader.bytes(9) else { return delays }
                if descriptor[8] & 0x80 != 0, !reader.skip(3 << ((Int(descriptor[8]) & 7) + 1)) { return delays }
                guard reader.byte() != nil, reader.skipSubBlocks() else { return delays + [pending] } // LZW size, data
                delays.append(pending)
                pending = 0
            default:
                return delays // 0x3B, the trailer, or anything past what can be read
            }
        }
        return delays
    }

    /// The same for the file at `path`.
    public static func read(path: RawPath) -> [Int]? { read(ImageSource(path: path)) }

    /// How long a frame with the file's `hundredths` stays, in milliseconds.
    public static func milliseconds(forHundredths hundredths: Int) -> Int {
        hundredths <= 1 ? 100 : hundredths * 10
    }

    private struct Reader {
        let file: UnsafeMutablePointer<FILE>

        func byte() -> UInt8? {
            let value = fgetc(file)
            return value == EOF ? nil : UInt8(value)
        }

        func bytes(_ count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
            return read == count ? buffer : nil
        }

        func skip(_ count: Int) -> Bool { fseeko(file, off_t(count), SEEK_CUR) == 0 }

        /// Data sub-blocks: a size byte, that many bytes, until a size of 0.
        func skipSubBlocks() -> Bool {
            while let size = byte() {
                if size == 0 { return true }
                if !skip(Int(size)) { return false }
            }
            return false
        }
    }
}
