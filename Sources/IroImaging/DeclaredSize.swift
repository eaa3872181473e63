import Foundation

/// Reads the dimensions a file declares, straight from its first bytes, for
/// formats whose decoders give up on absurd sizes before telling us what they
/// were (libpng rejects a 100000-pixel-wide IHDR as "damaged"). Knowing the
/// declared size lets Iro say "too large" — the true reason — for a bomb.
enum DeclaredSize {
    static func read(path: String) -> (width: Int, height: Int)? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 32)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 32, file) }
        return png(Array(head[0..<count]))
    }

    /// PNG: 8-byte signature, then the IHDR chunk (length, "IHDR", width, height — big-endian).
    static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (be32(16), be32(20))
    }
}
