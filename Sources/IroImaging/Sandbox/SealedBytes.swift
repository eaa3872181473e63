import CSandbox
import Glibc
import IroCore

/// Bytes handed between Iro and a decoder helper in a sealed memfd: an encoded file coming
/// back (`encoded`), or markup going to the helper (`markUpPDF`). Sealed, the receiver can
/// trust its size and that the sender no longer changes it.
enum SealedBytes {
    /// `bytes` in a new sealed memfd (the caller's to send or close); `outOfMemory` when the
    /// memfd cannot be made (the helper's cap, or Iro's own memory).
    static func seal(_ bytes: [UInt8], name: String, outOfMemory: LoadError) throws(LoadError) -> Int32 {
        let memfd = iro_memfd_create(name, bytes.count)
        guard memfd >= 0 else { throw outOfMemory }
        let written = bytes.withUnsafeBytes { raw in
            guard let source = raw.baseAddress, let target = mmap(nil, raw.count, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0),
                target != MAP_FAILED
            else { return false }
            memcpy(target, source, raw.count)
            munmap(target, raw.count)
            return true
        }
        guard written, iro_memfd_seal(memfd) == 0 else {
            close(memfd)
            throw .unreadable(detail: trNoop("the decoder could not hand over the saved file"))
        }
        return memfd
    }

    /// The first `length` bytes of a sealed memfd.
    static func read(_ length: Int, from memfd: Int32) throws(LoadError) -> [UInt8] {
        guard iro_memfd_is_sealed(memfd) == 1 else { throw .decoderStopped(detail: "its file was not sealed") }
        var info = stat()
        guard fstat(memfd, &info) == 0, Int(info.st_size) >= length, length > 0 else {
            throw .decoderStopped(detail: "its file was shorter than it said")
        }
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, memfd, 0), mapped != MAP_FAILED else {
            throw .unreadable(detail: "the saved file could not be mapped: \(String(cString: strerror(errno)))")
        }
        defer { munmap(mapped, length) }
        return [UInt8](UnsafeRawBufferPointer(start: mapped, count: length))
    }

    /// All of a sealed memfd's bytes, at most `limit` of them (the helper reading what Iro
    /// sent: its size is whatever Iro made it).
    static func readAll(_ memfd: Int32, limit: Int) throws(LoadError) -> [UInt8] {
        guard memfd >= 0 else { throw .unreadable(detail: "the decoder got no markup") }
        var info = stat()
        guard iro_memfd_is_sealed(memfd) == 1, fstat(memfd, &info) == 0 else { throw .unreadable(detail: "the markup was not sealed") }
        guard Int(info.st_size) <= limit else { throw .unreadable(detail: "the markup is larger than \(limit >> 20) MB") }
        return try read(Int(info.st_size), from: memfd)
    }
}
