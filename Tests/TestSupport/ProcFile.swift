import Glibc

/// The whole text of a file under /proc. procfs reports a size of 0 and hands out a page
/// or so per read; `String(contentsOfFile:)` has been seen to stop after the first read,
/// which hides most of a process's `maps`. This reads until the end.
public func procFile(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        text += chunk[0..<count]
    }
    return String(decoding: text, as: UTF8.self)
}
