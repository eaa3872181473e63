import CSandbox
import Glibc
import IroCore

extension DecoderPool {
    /// The file at `path` with `edit` applied, as `format` (BEHAVIOUR D7), made in a helper:
    /// libjpeg-turbo's transforms, the decoders and Exiv2 read the file there, never in Iro.
    func saveEdit(path: RawPath, edit: ImageEdit, format: SavedFormat, isCancelled: () -> Bool) throws(LoadError) -> [UInt8] {
        let name = path.lastComponent.bytes
        let request = { (id: UInt32) in DecoderRequest.saveEdit(id: id, name: name, edit: edit, format: format) }
        return try run(path, request: request, progress: nil, isCancelled: isCancelled) { reply, memfd, _ throws(LoadError) in
            switch reply {
            case .encoded(_, let length): return try Self.bytes(length, from: memfd)
            case .failure(_, let error): throw error
            case .nothing: throw .unreadable(detail: tr("cancelled"))
            default: throw .decoderStopped(detail: "it sent something else than a saved file")
            }
        }
    }

    /// The first `length` bytes of a sealed memfd from a helper.
    static func bytes(_ length: Int, from memfd: Int32) throws(LoadError) -> [UInt8] {
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
}
