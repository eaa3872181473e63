import Glibc
import IroCore

extension PixbufLoad {
    /// The whole file in memory, for the decoders that read from memory (JPEG, SVG): read
    /// in chunks, cancellable between them (nil), fed to the format's integrity check,
    /// which judges it before any pixel is decoded. Progress runs to `progressShare`.
    func readWholeFile(progressShare: Double, isCancelled: () -> Bool) throws(LoadError) -> [UInt8]? {
        let (opened, code) = source.open()
        guard let file = opened else {
            throw code == EACCES ? .permissionDenied : .unreadable(detail: String(cString: strerror(code)))
        }
        defer { fclose(file) }
        let size = Int(fileSize)
        var data = [UInt8](repeating: 0, count: size)
        var consumed = 0
        while consumed < size {
            if isCancelled() { return nil }
            let count = data.withUnsafeMutableBytes {
                fread($0.baseAddress! + consumed, 1, min(Self.chunkSize, size - consumed), file)
            }
            if count == 0 {
                if ferror(file) != 0 { throw .unreadable(detail: trNoop("read error")) }
                break // the file shrank since it was measured: the check judges what is left
            }
            data.withUnsafeBufferPointer { integrity?.feed(UnsafeBufferPointer(rebasing: $0[consumed..<(consumed + count)])) }
            consumed += count
            progress?.set(progressShare * Double(consumed) / Double(size))
        }
        data.removeLast(size - consumed)
        if let problem = integrity?.problemAfterDecoding() { throw .damaged(detail: problem) }
        return data
    }
}
