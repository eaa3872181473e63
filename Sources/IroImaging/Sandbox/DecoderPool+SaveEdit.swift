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
            case .encoded(_, let length): return try SealedBytes.read(length, from: memfd)
            case .failure(_, let error): throw error
            case .nothing: throw .unreadable(detail: tr("cancelled"))
            default: throw .decoderStopped(detail: "it sent something else than a saved file")
            }
        }
    }
}
